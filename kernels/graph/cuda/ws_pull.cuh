// Warp segmentation (WS): each warp owns 32 consecutive vertices of the assigned range
// and pulls their in-edges together (warp_pull.cuh), so a warp's lanes stay busy however
// the degrees are spread. Lanes that are not pulled (visited BFS vertices, heavy rows, no
// edges) take no edges: the prefix is a shuffle scan of the masked degrees.
#pragma once

#include "kernels/graph/cuda/warp_pull.cuh"

namespace wg::kernels::graph::cuda {

template <typename P>
__global__ void __launch_bounds__(kBlockThreads, kBlocksPerSm)
    ws_pull_kernel(PullArgs<P> a, VertexRange range) {
  __shared__ WarpSlots<P> slots[kWarpsPerBlock];
  WarpSlots<P>& sh = slots[threadIdx.x / 32];
  if (a.global_sum) a.params.global_sum = *a.global_sum;
  const unsigned lane = lane_id();
  const std::size_t warp_count = (std::size_t{range.size()} + 31) / 32;
  LaneTotals totals;
  for (std::size_t w = global_warp(); w < warp_count; w += warp_stride()) {
    const auto v0 = static_cast<VertexId>(range.begin + w * 32);
    const VertexId v = v0 + lane;
    const bool in = v < range.end;
    const VertexId row = v - a.csr.rows.begin;
    const EdgeIndex start = in ? a.csr.indptr[row] : 0;
    EdgeIndex degree = 0;
    const bool on = warp_pull_slot(a, in && wants_pull(a, v), start, row, degree);
    EdgeIndex total = 0;
    const EdgeIndex prefix = warp_exclusive_scan(degree, total);
    double change = 0.0;
    const bool changed = warp_pull(a, sh, on, v, start, prefix, total, 32, change);
    record_changes(a, changed, v, change, totals);
  }
  store_block_totals(a, totals);
}

}  // namespace wg::kernels::graph::cuda
