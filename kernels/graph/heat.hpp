// Heat simulation (hs, after CuSha's benchmark of that name): the temperatures of a body
// of cells (vertices) that exchange heat through conductive links (edges), heated by a
// heater at the --source vertex and losing a fixed share of what they gather to the
// ambient, relaxed to steady state by Jacobi iteration. Every edge u->v conducts heat
// from u to v with conductance w_uv (its weight; 1 on unweighted graphs); each iteration
// a vertex takes the conductance-weighted mean temperature of its in-neighbours, less
// the share kLoss lost to the ambient (0 degrees):
//     T_v <- (1 - kLoss) * (sum over in-edges u->v of w_uv T_u) / d_v,   d_v = sum of w_uv,
// the heater holds T_source = 1, every other vertex starts at 0, and a vertex without
// in-edges (or whose in-edges all conduct 0) stays at 0. The loss makes each iteration
// a contraction by 1 - kLoss, so the steady state is unique and reached on any graph.
// A vertex takes its new temperature when it moves by more than kThreshold, and the run
// ends when none does. Negative conductances are refused (the mean would be no mean).
#pragma once

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct HeatSimulation : ProgramDefaults {
  using Value = double;
  static constexpr const char* kName = "hs";
  static constexpr bool kNeedsSource = true;
  static constexpr bool kUsesWeights = true;
  static constexpr bool kRejectsNegativeWeights = true;
  static constexpr bool kAllActive = true;  // Jacobi: each iteration reads the last temperatures
  static constexpr bool kInWeightSum = true;
  static constexpr double kLoss = 0.1;
  static constexpr double kThreshold = 1e-6;

  static WG_HD Value identity() { return 0.0; }
  static WG_HD Value init(VertexId v, const ProgramParams& p) { return v == p.source ? 1.0 : 0.0; }
  static WG_HD Value gather(Value temperature, EdgeValue w) {
    return static_cast<double>(w) * temperature;
  }
  static WG_HD Value reduce(Value a, Value b) { return a + b; }
  // `conductance` is d_v, +inf at the heater, which keeps its temperature.
  static WG_HD bool apply(Value& current, Value inflow, double conductance, const ProgramParams&) {
    if (is_held(conductance) || !(conductance > 0.0)) return false;
    return update_beyond(current, (1.0 - kLoss) * inflow / conductance, kThreshold);
  }
};

}  // namespace wg::kernels::graph
