// A cheap check, on every load, that a graph file's in-edges are the transpose of its
// out-edges (`warpgraph info` reads both whole; a run reads only the direction it pulls
// over). Each partition adds the rows it owns (the static borders cut [0, vertices) into
// disjoint ranges) of both directions, with ids still global; one small allreduce then
// compares the two edge-multiset fingerprints (graph/edge_hash.hpp). The direction a run
// pulls over is read anyway, so the check costs one read of the other direction's owned
// rows and a hash per edge: O(edges / ranks) per rank.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>

#include "src/graph/graph_file.hpp"

namespace wg::engine {

class EdgeChecksum {
 public:
  // Adds rows `rows` (global ids, within slice.range) of a slice read in `direction`.
  void add(const graph::CsrSlice& slice, graph::EdgeDirection direction, VertexRange rows);
  // Collective: fails on every rank, said once, unless every rank's in-edges and out-edges
  // add up to the same fingerprint.
  void require_transposes(const std::string& index_path, MPI_Comm comm) const;

 private:
  std::uint64_t sums_[2] = {0, 0};   // in-edges, out-edges
  std::uint64_t edges_[2] = {0, 0};  // in-edges, out-edges
};

}  // namespace wg::engine
