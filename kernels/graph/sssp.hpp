// Single-source shortest paths (Bellman-Ford in pull form): distance from the source
// along edge weights (1 per edge on unweighted graphs); unreachable vertices stay +inf.
// Negative weights are refused when the graph is loaded. Distances are 64-bit floats, so
// they are exact sums of integer weights up to 2^53.
#pragma once

#include <limits>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct Sssp : ProgramDefaults {
  using Value = double;
  static constexpr const char* kName = "sssp";
  static constexpr bool kNeedsSource = true;
  static constexpr bool kUsesWeights = true;
  static constexpr bool kRejectsNegativeWeights = true;

  static WG_HD Value identity() { return std::numeric_limits<Value>::infinity(); }
  static WG_HD Value init(VertexId v, const ProgramParams& p) {
    return v == p.source ? Value(0) : identity();
  }
  static WG_HD Value gather(Value neighbour, EdgeValue e) {
    return neighbour + static_cast<Value>(e);
  }
  static WG_HD Value reduce(Value a, Value b) { return a < b ? a : b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (!(reduced < current)) return false;
    current = reduced;
    return true;
  }
};

}  // namespace wg::kernels::graph
