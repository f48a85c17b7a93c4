// Dynamic thread assignment: first the vertices of the assigned range that are pulled
// at all (all of them, or the unvisited ones of a level-synchronous program) are compacted
// into a list (ballot/popc within a warp, one warp-aggregated atomic per warp); then each
// warp takes 32 listed vertices, a shuffle scan of their degrees gives the prefix, and the
// warp expands their combined in-edges (warp_pull.cuh). Warps stay full however few
// vertices are left.
#pragma once

#include "kernels/graph/cuda/warp_pull.cuh"

namespace wg::kernels::graph::cuda {

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    compact_pulled_kernel(PullArgs<P> a, VertexRange range, VertexId* list,
                          unsigned long long* count) {
  for_each_in_warps(range.size(), [&](std::size_t i, bool in) {
    const auto v = static_cast<VertexId>(range.begin + i);
    warp_append(in && wants_pull(a, v), v, list, count);
  });
}

template <typename P>
__global__ void __launch_bounds__(kBlockThreads, kBlocksPerSm)
    dynamic_pull_kernel(PullArgs<P> a, const VertexId* list, const unsigned long long* count_in) {
  __shared__ WarpSlots<P> slots[kWarpsPerBlock];
  WarpSlots<P>& sh = slots[threadIdx.x / 32];
  if (a.global_sum) a.params.global_sum = *a.global_sum;
  const unsigned lane = lane_id();
  const std::size_t count = *count_in;
  LaneTotals totals;
  for (std::size_t w = global_warp(); w * 32 < count; w += warp_stride()) {
    const std::size_t i = w * 32 + lane;
    const bool on = i < count;
    const VertexId v = on ? list[i] : 0;
    const VertexId row = v - a.csr.rows.begin;
    const EdgeIndex start = on ? a.csr.indptr[row] : 0;
    EdgeIndex degree = 0;
    const bool valid = warp_pull_slot(a, on, start, row, degree);
    EdgeIndex total = 0;
    const EdgeIndex prefix = warp_exclusive_scan(degree, total);
    const int slots_used = count - w * 32 < 32 ? static_cast<int>(count - w * 32) : 32;
    double change = 0.0;
    const bool changed = warp_pull(a, sh, valid, v, start, prefix, total, slots_used, change);
    record_changes(a, changed, v, change, totals);
  }
  store_block_totals(a, totals);
}

}  // namespace wg::kernels::graph::cuda
