// Single-source widest path: the largest bottleneck (minimum edge weight along a path)
// over all paths from the source. The source itself is +inf ("inf" in the output);
// a vertex the source cannot reach has no path and is written as 0. Needs edge weights.
#pragma once

#include <limits>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct Sswp : ProgramDefaults {
  using Value = double;  // bottlenecks are edge weights, exact in 64 bits
  static constexpr const char* kName = "sswp";
  static constexpr bool kNeedsSource = true;
  static constexpr bool kUsesWeights = true;
  static constexpr bool kNeedsWeights = true;

  static WG_HD Value identity() { return Value(0); }
  static WG_HD Value init(VertexId v, const ProgramParams& p) {
    return v == p.source ? std::numeric_limits<Value>::infinity() : identity();
  }
  static WG_HD Value gather(Value neighbour, EdgeValue e) {
    const auto w = static_cast<Value>(e);
    return neighbour < w ? neighbour : w;
  }
  static WG_HD Value reduce(Value a, Value b) { return a > b ? a : b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (!(reduced > current)) return false;
    current = reduced;
    return true;
  }
};

}  // namespace wg::kernels::graph
