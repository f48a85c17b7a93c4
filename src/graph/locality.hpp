// How local a graph's vertex order is for the engine: the share of vertices read across
// the borders of the engine's static partitions (`warpgraph info --partitions`, and the
// reports of `convert` and `generate`). Those vertices travel between GPUs every
// iteration they change, so a better order (`--reorder`) shows up here first.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "src/graph/graph_file.hpp"

namespace wg::graph {

// The partition counts reported when none are asked for.
inline const std::vector<int> kDefaultLocalityPartitions = {2, 4, 8};
// The engine's default section size (run --section-size).
inline constexpr VertexId kLocalitySectionSize = 256;

struct BoundaryShare {
  int partitions = 0;
  std::uint64_t vertices = 0;  // vertices some part reads without owning them
  double fraction = 0.0;       // of all vertices
};

// Collective over comm. For every count K: the engine's equal-work borders for K parts
// (in-edges per section of 256 vertices, partition/borders.hpp, no overlap), and the
// vertices that are the source of an in-edge of a vertex in another part
// (the ghosts of partition/local_ids.hpp). Reads the in-edges once, spread over the ranks.
std::vector<BoundaryShare> boundary_shares(const GraphInfo& graph, const std::vector<int>& counts,
                                           MPI_Comm comm);

// Collective: the boundary shares (2, 4 and 8 parts) of a graph `convert` or `generate`
// has just written, read back from its files and logged by rank 0. None, with a warning,
// when the files no longer hold that graph (another writer replaced them since) or
// cannot be read: the measurement never fails the command that wrote the graph.
std::optional<std::vector<BoundaryShare>> measure_written_graph(const GraphInfo& written,
                                                                MPI_Comm comm);

// {"2": {"boundary_vertices": N, "boundary_fraction": F}, ...} for reports; null for none.
nlohmann::json boundary_shares_json(const std::optional<std::vector<BoundaryShare>>& shares);

}  // namespace wg::graph
