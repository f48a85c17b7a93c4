// When PageRank stops: the threshold on one iteration's L1 change of the ranks.
//
// The Jacobi iteration of PageRank contracts the L1 distance to the converged ranks x* by
// the damping factor alpha each step, so after iteration k
//     ||x_k - x*||_1 <= alpha / (1 - alpha) * ||x_k - x_{k-1}||_1.
// The default rule (`error`) stops once that bound is below --tolerance: the ranks are
// then within --tolerance of x* in L1 on a graph of any size. networkx instead stops when
// the change is below N x tol, which on large graphs ends after one or two iterations
// with ranks far from converged; it stays available as the `networkx` rule.
#pragma once

#include <cstdint>

#include "src/engine/run_options.hpp"

namespace wg::engine {

inline double change_threshold(ToleranceRule rule, double tolerance, double alpha,
                               std::uint64_t num_vertices) {
  if (rule == ToleranceRule::networkx) return tolerance * static_cast<double>(num_vertices);
  return tolerance * (1.0 - alpha) / alpha;
}

inline const char* to_string(ToleranceRule rule) {
  return rule == ToleranceRule::networkx ? "networkx" : "error";
}

}  // namespace wg::engine
