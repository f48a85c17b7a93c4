// The graph as the engine holds it: the partition plan (sections, static borders, stored
// ranges) computed identically on every rank, and this rank's partitions under local ids
// (partition/local_ids.hpp) with their stored in-edges, activation lists, mirror lists,
// boundary marks and per-vertex static data. Nothing here has the length of the graph.
#pragma once

#include <cstdint>
#include <vector>

#include "comm/graph/topology.hpp"
#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/host/csr_view.hpp"
#include "kernels/graph/partition.hpp"
#include "kernels/graph/vertex_program.hpp"
#include "partition/borders.hpp"
#include "partition/local_ids.hpp"
#include "partition/mirror_lists.hpp"
#include "src/engine/graph_input.hpp"

namespace wg::engine {

struct LoadOptions {
  int devices_per_rank = 1;
  double overlap = 0.25;
  VertexId section_size = 256;
  bool undirected_view = false;   // pull over in- and out-edges (CC on directed graphs)
  bool reversed = false;          // pull over out-edges: the transposed graph (backward phases)
  bool needs_out_degree = false;  // fill the VertexStatic array
  bool use_weights = false;       // keep the weights (else every edge counts 1)
  const char* refuses_negative_weights = nullptr;  // the --algo that does (none: null)
};

struct PartitionPlan {
  partition::SectionLayout sections;
  int num_partitions = 1;
  int first_local = 0;                   // global index of this rank's first partition
  std::vector<double> section_in_edges;  // the work of each section (its pulled edges)
  std::vector<VertexId> static_borders;
  std::vector<VertexRange> stored;
};

// One partition ("device"): what it stores and how it finds whom to activate, all in
// its local ids.
struct PartitionGraph {
  int index = 0;
  VertexRange stored;  // global ids
  partition::LocalIds ids;
  graph::CsrSlice in;  // in-edges (or both directions) of `stored`, sources as local ids
  // Out-edges into `stored` of every held vertex (push, activation): the transpose of `in`.
  std::vector<EdgeIndex> targets_indptr;  // ids.size() + 1 entries
  std::vector<VertexId> targets;
  std::vector<Weight> target_weights;                 // empty when `in` has no weights
  std::vector<kernels::graph::VertexStatic> statics;  // per held vertex when needs_out_degree
  partition::MirrorLists mirrors;                     // who else holds each stored vertex
  std::vector<kernels::graph::BitWord> boundary;      // bit per held vertex: stored and mirrored
};

struct EngineGraph {
  graph::GraphInfo info;
  PartitionPlan plan;
  std::vector<PartitionGraph> local;    // this rank's partitions
  std::uint64_t boundary_vertices = 0;  // over all partitions, each counted by its static owner
  std::uint64_t mirrors = 0;            // over all partitions
  std::vector<double> vertex_weights;   // per vertex: kVertexWeights (input), kInWeightSum
};

// The views a partition backend computes from (kernels/graph/partition.hpp), in the
// partition's local ids.
kernels::graph::PartitionView partition_view(const EngineGraph& g, const PartitionGraph& p);

// Collective over the topology's world: plans the partitions, reads this rank's stored
// ranges, gives them local ids, discovers the mirrors and marks the boundary vertices.
// Errors (negative weights) are raised on every rank.
EngineGraph load_engine_graph(const GraphInput& input, const comm::graph::GraphTopology& topology,
                              const LoadOptions& options);

// The vertex-weight array of kInWeightSum programs (graph/vertex_program.hpp): for every
// vertex this rank's partitions store, the sum of the values of the edges it pulls over
// (1 each without weights), and graph::kHeldVertex at `held` (their --source).
std::vector<double> in_weight_sums(const EngineGraph& g, VertexId held);

}  // namespace wg::engine
