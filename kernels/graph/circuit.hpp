// Circuit simulation (cs, after CuSha's benchmark of that name): the node voltages of a
// resistor network driven by a 1 V supply at the --source vertex, found by Jacobi
// relaxation of Kirchhoff's current law. Every edge u->v is a conductance w_uv (its
// weight; 1 on unweighted graphs) through which v sees u, and every vertex leaks to
// ground (0 V) through a unit conductance, which gives the network its reference and a
// unique solution whatever its shape. The current law at v,
//     sum over in-edges u->v of w_uv (V_u - V_v) + 1 * (0 - V_v) = 0,
// is solved for V_v each iteration from the last voltages:
//     V_v <- (sum over in-edges u->v of w_uv V_u) / (1 + d_v),   d_v = sum of w_uv,
// the supply holds V_source = 1, and every other vertex starts at 0 V. On an undirected
// graph (each edge stored both ways) this is the resistor network itself. A vertex takes
// its new voltage when it moves by more than kThreshold, and the run ends when none does.
// Negative conductances are refused: with them the relaxation need not converge.
#pragma once

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct CircuitSimulation : ProgramDefaults {
  using Value = double;
  static constexpr const char* kName = "cs";
  static constexpr bool kNeedsSource = true;
  static constexpr bool kUsesWeights = true;
  static constexpr bool kRejectsNegativeWeights = true;
  static constexpr bool kAllActive = true;  // Jacobi: each iteration reads the last voltages
  static constexpr bool kInWeightSum = true;
  static constexpr double kThreshold = 1e-6;  // volts

  static WG_HD Value identity() { return 0.0; }
  static WG_HD Value init(VertexId v, const ProgramParams& p) { return v == p.source ? 1.0 : 0.0; }
  static WG_HD Value gather(Value voltage, EdgeValue w) { return static_cast<double>(w) * voltage; }
  static WG_HD Value reduce(Value a, Value b) { return a + b; }
  // `conductance` is d_v, +inf at the supply, which keeps its 1 V.
  static WG_HD bool apply(Value& current, Value inflow, double conductance, const ProgramParams&) {
    if (is_held(conductance)) return false;
    return update_beyond(current, inflow / (1.0 + conductance), kThreshold);
  }
};

}  // namespace wg::kernels::graph
