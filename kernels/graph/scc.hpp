// The two phases of strongly connected components by colouring (Orzan; Slota et al.),
// which src/engine/strongly_connected.cpp repeats until every vertex has a component:
//   colour  every vertex not yet in a component takes the smallest id of the vertices
//           that reach it through such vertices (min-label propagation along out-edges);
//   reach   from every root (a vertex whose colour is its own id), backward reachability
//           over the transposed graph through vertices of the root's colour: what it
//           reaches is the root's component, labelled with the root's id.
// The root's id is the smallest of its component: every member reaches the root, so its
// colour is at most the root's id, and the root reaches it, so no smaller vertex reaches it
// without also reaching the root. Each round labels at least the component of the
// smallest unlabelled vertex.
#pragma once

#include <cstdint>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

// Values: colour + 1, or 0 for a vertex already in a component, which keeps 0 (nothing
// is below it) and sends nothing; a monotone minimum, so it pushes and pulls.
struct SccColour : ProgramDefaults {
  using Value = std::uint32_t;
  static constexpr const char* kName = "scc-colour";
  static constexpr bool kPhase = true;
  static constexpr Value kDone = 0;

  static WG_HD Value identity() { return UINT32_MAX; }
  static WG_HD Value init(VertexId v, const ProgramParams&) { return v + 1; }
  static WG_HD Value gather(Value u, EdgeValue) { return u == kDone ? identity() : u; }
  static WG_HD Value reduce(Value a, Value b) { return a < b ? a : b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (reduced >= current) return false;
    current = reduced;
    return true;
  }
};

// Values: (colour + 1) << 1 | reached, or kDone (reached, no colour) for a vertex already
// in a component. A reached vertex sends colour + 1. Every reached out-neighbour w of v
// has colour(w) <= colour(v) (whatever reaches v reaches w), so v meets one of its own
// colour exactly when the largest colour it receives is its own: reduce is the maximum,
// and apply takes it only then (hence pulls only).
struct SccReach : ProgramDefaults {
  using Value = std::uint64_t;
  static constexpr const char* kName = "scc-reach";
  static constexpr bool kPhase = true;
  static constexpr bool kReversed = true;
  static constexpr bool kPullOnly = true;
  static constexpr Value kDone = 1;

  static Value start(std::uint32_t colour, bool root) {
    return ((Value{colour} + 1) << 1) | (root ? 1 : 0);
  }
  static WG_HD bool reached(Value v) { return (v & 1) != 0; }

  static WG_HD Value identity() { return 0; }
  // Alone (without the colour phase's values), every vertex is the root of its own colour.
  static WG_HD Value init(VertexId v, const ProgramParams&) { return ((Value{v} + 1) << 1) | 1; }
  static WG_HD Value gather(Value w, EdgeValue) { return reached(w) ? w >> 1 : 0; }
  static WG_HD Value reduce(Value a, Value b) { return a > b ? a : b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (reached(current) || reduced != current >> 1) return false;
    current |= 1;
    return true;
  }
};

}  // namespace wg::kernels::graph
