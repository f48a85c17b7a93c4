// Single-source number of shortest paths: for every vertex, how many shortest paths
// (fewest edges, edge weights ignored) lead to it from the source, counting parallel
// edges as distinct paths. The source has 1, unreachable vertices 0. Exact unsigned 64-bit
// counts; a count above 2^64 - 1 saturates there (the run warns).
//
// Level by level, as BFS: a vertex is reached in the iteration after the first of its
// in-neighbours, and then takes the sum of the counts of all its in-neighbours reached
// in the iteration before (the frontier: each vertex is in it once, with its final
// count). Pulls only (kWholeLevel); the counts do not depend on the partitions or threads.
#pragma once

#include <cstdint>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct ShortestPathCounts : ProgramDefaults {
  using Value = std::uint64_t;
  static constexpr const char* kName = "ssnsp";
  static constexpr Value kSaturated = UINT64_MAX;
  static constexpr bool kNeedsSource = true;
  static constexpr bool kLevelSynchronous = true;
  static constexpr bool kWholeLevel = true;

  static WG_HD Value identity() { return 0; }  // not reached (yet)
  static WG_HD Value init(VertexId v, const ProgramParams& p) { return v == p.source ? 1 : 0; }
  static WG_HD Value gather(Value count, EdgeValue) { return count; }
  // Saturating sum: still associative and commutative.
  static WG_HD Value reduce(Value a, Value b) { return a > kSaturated - b ? kSaturated : a + b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (current != 0 || reduced == 0) return false;
    current = reduced;
    return true;
  }
};

}  // namespace wg::kernels::graph
