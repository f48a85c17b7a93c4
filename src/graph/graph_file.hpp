// Reading warpgraph's sharded HDF5 graphs (format: docs/FORMAT.md).
//
// A graph is an index file naming shard files; each shard holds a contiguous vertex range
// as in-edge CSR and out-edge CSR. Any rank can read any vertex range, possibly spanning
// shards, and reads nothing outside it (hyperslab selections through parallel HDF5).
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "src/common/types.hpp"

namespace wg::graph {

struct ShardInfo {
  std::string file;         // path of the shard file, resolved relative to the index file
  VertexRange range;        // vertices stored in this shard
  EdgeIndex in_edges = 0;   // in-edges of those vertices
  EdgeIndex out_edges = 0;  // out-edges of those vertices
};

struct GraphInfo {
  std::string index_path;
  VertexId num_vertices = 0;
  EdgeIndex num_edges = 0;  // stored directed edges (an undirected edge counts twice)
  bool directed = true;
  bool weighted = false;
  std::vector<ShardInfo> shards;  // sorted by range, covering [0, num_vertices) exactly
  bool has_vertex_ids = false;    // relabelled: /vertex_ids holds the original ids
};

// Reads and checks the index file (not collective). Throws wg::Error naming the file and
// the dataset or attribute when it is not a warpgraph graph or the shards disagree.
GraphInfo open_graph(const std::string& index_path);

// In-edges: row v lists the sources u of edges u -> v. Out-edges: row u lists targets.
enum class EdgeDirection { in, out };

// Adjacency lists of a contiguous vertex range. indptr has range.size() + 1 entries and
// starts at 0; weights is empty for unweighted graphs.
struct CsrSlice {
  VertexRange range;
  std::vector<EdgeIndex> indptr;
  std::vector<VertexId> indices;
  std::vector<Weight> weights;
};

// Collective over comm: every rank of comm calls it, each with its own range (which may
// be empty). Reads only the shards and rows the range covers.
CsrSlice read_csr(const GraphInfo& graph, EdgeDirection direction, VertexRange range,
                  MPI_Comm comm);

// Collective over comm, like read_csr, but only the row offsets (range.size() + 1 entries,
// starting at 0): degrees for partitioning without reading the edges.
std::vector<EdgeIndex> read_indptr(const GraphInfo& graph, EdgeDirection direction,
                                   VertexRange range, MPI_Comm comm);

}  // namespace wg::graph
