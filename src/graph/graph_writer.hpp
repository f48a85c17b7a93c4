// Writing warpgraph's sharded HDF5 graphs (format: docs/FORMAT.md) from edge lists held
// in memory, spread over the ranks of a communicator. The converters, the generator, the
// tests and anyone who needs a graph file on disk go through write_graph.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "src/common/types.hpp"
#include "src/graph/graph_file.hpp"
#include "src/graph/vertex_ids.hpp"

namespace wg::graph {

// One directed edge source -> target (weight ignored for unweighted graphs).
struct Edge {
  VertexId source = 0;
  VertexId target = 0;
  Weight weight = 1.0f;
};

struct WriteOptions {
  // false: every edge is stored in both directions and the graph is marked undirected.
  bool directed = true;
  bool weighted = false;
  bool keep_self_loops = false;  // by default edges v -> v are dropped
  bool keep_duplicates = false;  // by default parallel edges merge, keeping the smallest weight
  // Number of shard files; 0 picks one per 4 Mi stored edges. Shard k holds vertices
  // [k * n / shards, (k + 1) * n / shards), so the files do not depend on the rank count.
  std::uint32_t num_shards = 0;
  // The original ids of a relabelled graph (one per vertex), stored in the index file;
  // without a map the vertex ids are the graph's own.
  VertexIds vertex_ids;
};

// Collective over comm. Every rank passes its part of the edges (any split, possibly
// empty); the file written is the same whatever the rank count and the split. Edges
// with an id >= num_vertices are an error. Shard k is written by rank k * ranks / shards;
// all files are written under temporary names and renamed only when every rank has
// succeeded, so on error no output remains. Returns the written graph's description
// (the same on every rank).
GraphInfo write_graph(const std::string& index_path, VertexId num_vertices, std::vector<Edge> edges,
                      const WriteOptions& options, MPI_Comm comm);

// Not collective: writes a graph held entirely by the calling process (test fixtures).
GraphInfo write_graph_serial(const std::string& index_path, VertexId num_vertices,
                             std::vector<Edge> edges, const WriteOptions& options);

}  // namespace wg::graph
