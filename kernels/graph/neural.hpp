// Neural network (nn, after CuSha's benchmark of that name, which follows the neural
// network of Bakhoda et al., ISPASS 2009): every vertex is a neuron whose activation is the
// logistic sigmoid of the weighted sum of its in-neighbours' activations, every edge u->v
// a synapse of weight w_uv (its weight, which may be negative: inhibitory; 1 on unweighted
// graphs). Propagated to a fixed point by Jacobi iteration from silence:
//     a_v <- 1 / (1 + exp(-(sum over in-edges u->v of w_uv a_u))),   a_v = 0 at first,
// so a neuron without in-edges settles at 1/2 (an input with no stimulus). A vertex takes
// its new activation when it moves by more than kThreshold, and the run ends when none
// does. With non-negative weights the activations only rise (the map is monotone and
// starts below its fixed point), so the run always ends; with inhibitory synapses a
// network may oscillate, and --max-iterations ends it.
#pragma once

#include <cmath>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct NeuralNetwork : ProgramDefaults {
  using Value = double;
  static constexpr const char* kName = "nn";
  static constexpr bool kUsesWeights = true;
  static constexpr bool kAllActive = true;  // Jacobi: each iteration reads the last activations
  static constexpr double kThreshold = 1e-6;

  static WG_HD Value identity() { return 0.0; }
  static WG_HD Value init(VertexId, const ProgramParams&) { return 0.0; }
  static WG_HD Value gather(Value activation, EdgeValue w) {
    return static_cast<double>(w) * activation;
  }
  static WG_HD Value reduce(Value a, Value b) { return a + b; }
  static WG_HD bool apply(Value& current, Value input, const ProgramParams&) {
    return update_beyond(current, 1.0 / (1.0 + exp(-input)), kThreshold);
  }
};

}  // namespace wg::kernels::graph
