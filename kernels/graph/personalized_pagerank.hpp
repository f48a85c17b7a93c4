// Personalized PageRank as networkx.pagerank(personalization=p) computes it: the teleport
// goes to each vertex v in proportion to its weight p_v (normalised to sum 1; vertices
// without one get 0), and so does the rank of dangling vertices (networkx's default
// dangling=None), so that
//     x_v <- alpha * (sum over in-edges u->v of x_u / out_degree(u) + D * p_v) + (1 - alpha) * p_v
// with D the rank of the dangling vertices. Uniform weights give plain PageRank. The
// weights come from --personalization FILE or --source (all weight on one vertex); the
// start, the edge messages, the dangling mass and the stopping rule are PageRank's.
#pragma once

#include "kernels/graph/pagerank.hpp"

namespace wg::kernels::graph {

struct PersonalizedPageRank : PageRank {
  static constexpr const char* kName = "ppr";
  static constexpr bool kVertexWeights = true;  // p_v, normalised

  static WG_HD bool apply(Value& current, Value reduced, double weight, const ProgramParams& p) {
    const double next = p.damping * (reduced + p.global_sum * weight) + (1.0 - p.damping) * weight;
    if (next == current) return false;
    current = next;
    return true;
  }
};

}  // namespace wg::kernels::graph
