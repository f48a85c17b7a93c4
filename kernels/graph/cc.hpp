// Connected components of the graph taken as undirected (weakly connected components
// of a directed graph): every vertex ends with the smallest vertex id of its component.
#pragma once

#include <cstdint>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct ConnectedComponents : ProgramDefaults {
  using Value = std::uint32_t;
  static constexpr const char* kName = "cc";
  static constexpr bool kUndirected = true;

  static WG_HD Value identity() { return UINT32_MAX; }
  static WG_HD Value init(VertexId v, const ProgramParams&) { return v; }
  static WG_HD Value gather(Value neighbour, EdgeValue) { return neighbour; }
  static WG_HD Value reduce(Value a, Value b) { return a < b ? a : b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (reduced >= current) return false;
    current = reduced;
    return true;
  }
};

}  // namespace wg::kernels::graph
