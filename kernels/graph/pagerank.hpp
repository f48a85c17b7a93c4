// PageRank as networkx.pagerank computes it: damping alpha (0.85), uniform teleport,
// the rank of dangling vertices (no out-edges) spread uniformly, ranks summing to 1,
// Jacobi iteration from 1/N. Edge weights are ignored. The run stops once the L1 change
// of one iteration is below the tolerance (networkx: N * tol, tol = 1e-6).
#pragma once

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct PageRank : ProgramDefaults {
  using Value = double;
  static constexpr const char* kName = "pagerank";
  static constexpr bool kAllActive = true;
  static constexpr bool kNeedsOutDegree = true;
  static constexpr bool kEmits = true;          // rank / out-degree, once per vertex, not per edge
  static constexpr bool kHasGlobalTerm = true;  // the dangling mass
  static constexpr bool kUsesTolerance = true;

  static WG_HD Value identity() { return 0.0; }
  static WG_HD Value init(VertexId, const ProgramParams& p) {
    return 1.0 / static_cast<double>(p.num_vertices);
  }
  static WG_HD Value emit(Value value, const VertexStatic& s) {
    // A dangling vertex sends nothing along edges (it has none); its rank is the global term.
    return s.out_degree == 0 ? 0.0 : value / static_cast<double>(s.out_degree);
  }
  static WG_HD Value gather(Value message, EdgeValue) { return message; }
  static WG_HD Value reduce(Value a, Value b) { return a + b; }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams& p) {
    const double n = static_cast<double>(p.num_vertices);
    const double next = p.damping * (reduced + p.global_sum / n) + (1.0 - p.damping) / n;
    if (next == current) return false;
    current = next;
    return true;
  }
  static WG_HD double global_term(Value value, const VertexStatic& s) {
    return s.out_degree == 0 ? value : 0.0;
  }
  static WG_HD double change(Value before, Value after) {
    return after > before ? after - before : before - after;
  }
};

}  // namespace wg::kernels::graph
