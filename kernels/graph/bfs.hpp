// Breadth-first search: hop count from the source; unreachable vertices keep kUnreached
// (written as "inf").
#pragma once

#include <cstdint>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct Bfs : ProgramDefaults {
  using Value = std::uint32_t;
  static constexpr const char* kName = "bfs";
  static constexpr Value kUnreached = UINT32_MAX;
  static constexpr bool kNeedsSource = true;
  static constexpr bool kLevelSynchronous = true;

  static WG_HD Value identity() { return kUnreached; }
  static WG_HD Value init(VertexId v, const ProgramParams& p) {
    return v == p.source ? 0 : kUnreached;
  }
  static WG_HD Value gather(Value neighbour, EdgeValue) {
    return neighbour == kUnreached ? kUnreached : neighbour + 1;
  }
  static WG_HD Value reduce(Value a, Value b) { return a < b ? a : b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (reduced >= current) return false;
    current = reduced;
    return true;
  }
};

}  // namespace wg::kernels::graph
