// One thread per vertex, walking its in-edges in order (Beamer's bottom-up step): for a
// level-synchronous program (BFS) only unvisited vertices are pulled and each stops at its
// first frontier in-neighbour, so a dense frontier costs a few edges per vertex instead of
// all of them. Frontier programs only.
#pragma once

#include "kernels/graph/cuda/warp_pull.cuh"

namespace wg::kernels::graph::cuda {

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    thread_pull_kernel(PullArgs<P> a, VertexRange range) {
  static_assert(!P::kAllActive, "the thread pull serves frontier programs");
  using Value = typename P::Value;
  LaneTotals totals;
  for_each_in_warps(range.size(), [&](std::size_t i, bool in) {
    const auto v = static_cast<VertexId>(range.begin + i);
    bool changed = false;
    double change = 0.0;
    if (in && wants_pull(a, v)) {
      const VertexId row = v - a.csr.rows.begin;
      const EdgeIndex end = a.csr.indptr[row + 1];
      Value acc = P::identity();
      for (EdgeIndex e = a.csr.indptr[row]; e < end; ++e) {
        const VertexId u = a.csr.indices[e];
        if (!test_bit(a.frontier, u)) continue;
        const EdgeValue w = a.csr.weights ? a.csr.weights[e] : EdgeValue(1);
        acc = P::reduce(acc, P::gather(a.messages[u], w));
        if (P::kLevelSynchronous && !P::kWholeLevel) break;
      }
      changed = apply_vertex(a, v, acc, change);
    }
    record_changes(a, changed, v, change, totals);
  });
}

}  // namespace wg::kernels::graph::cuda
