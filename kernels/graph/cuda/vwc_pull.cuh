// Virtual-warp-centric pull (Hong et al., PPoPP'11), the baseline: K lanes share one
// vertex, stride over its in-edges, and reduce by xor shuffles within the K-lane group;
// the group's first lane applies. Simple and balanced within a vertex, but a group idles
// on rows shorter than K and loops on longer ones, so K is chosen to fit the degrees
// (--virtual-warp K, or auto: the average in-degree of the pulled rows rounded up to a
// power of two, 2 to 32); rows too long for one group go to heavy_rows.cuh.
#pragma once

#include "kernels/graph/cuda/warp_pull.cuh"

namespace wg::kernels::graph::cuda {

template <typename P, int K>
__global__ void __launch_bounds__(kBlockThreads, kBlocksPerSm)
    vwc_pull_kernel(PullArgs<P> a, VertexRange range) {
  static_assert(K > 0 && K <= 32 && (K & (K - 1)) == 0, "K lanes: a power of two up to 32");
  using Value = typename P::Value;
  constexpr int kGroups = 32 / K;
  if (a.global_sum) a.params.global_sum = *a.global_sum;
  const unsigned lane = lane_id();
  const unsigned member = lane % K;
  const std::size_t n = range.size();
  LaneTotals totals;
  for (std::size_t base = global_warp() * kGroups; base < n; base += warp_stride() * kGroups) {
    const std::size_t i = base + lane / K;
    const auto v = static_cast<VertexId>(range.begin + i);
    const VertexId row = v - a.csr.rows.begin;
    const EdgeIndex start = i < n ? a.csr.indptr[row] : 0;
    EdgeIndex degree = 0;
    const bool on = warp_pull_slot(a, i < n && wants_pull(a, v), start, row, degree);
    Value acc = P::identity();
    for (EdgeIndex e = start + member; e < start + degree; e += K)
      acc = P::reduce(acc, gather_edge(a, e, v));
    for (int d = K / 2; d > 0; d >>= 1) acc = P::reduce(acc, __shfl_xor_sync(kFullMask, acc, d, K));
    double change = 0.0;
    const bool changed = on && member == 0 && apply_vertex(a, v, acc, change);
    record_changes(a, changed, v, change, totals);
  }
  store_block_totals(a, totals);
}

// K for --virtual-warp auto: the average in-degree of the pulled rows, rounded up to a
// power of two and kept within 2..32.
inline int auto_virtual_warp(EdgeIndex edges, std::size_t rows) {
  int lanes = 2;
  while (lanes < 32 &&
         static_cast<double>(lanes) * static_cast<double>(rows) < static_cast<double>(edges))
    lanes *= 2;
  return lanes;
}

// Launches the kernel of `lanes` lanes per vertex over `range`; blocks(threads) gives
// the grid for that many threads.
template <typename P, typename Blocks>
void launch_vwc_pull(int lanes, const PullArgs<P>& a, VertexRange range, const Blocks& blocks,
                     cudaStream_t st) {
  const std::size_t n = range.size();
  switch (lanes) {
    case 2:
      vwc_pull_kernel<P, 2><<<blocks(n * 2), kBlockThreads, 0, st>>>(a, range);
      break;
    case 4:
      vwc_pull_kernel<P, 4><<<blocks(n * 4), kBlockThreads, 0, st>>>(a, range);
      break;
    case 8:
      vwc_pull_kernel<P, 8><<<blocks(n * 8), kBlockThreads, 0, st>>>(a, range);
      break;
    case 16:
      vwc_pull_kernel<P, 16><<<blocks(n * 16), kBlockThreads, 0, st>>>(a, range);
      break;
    default:
      vwc_pull_kernel<P, 32><<<blocks(n * 32), kBlockThreads, 0, st>>>(a, range);
      break;
  }
}

}  // namespace wg::kernels::graph::cuda
