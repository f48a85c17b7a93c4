// Warp segmentation (WS): each warp owns 32 consecutive vertices of the assigned range
// and pulls their in-edges together (warp_pull.cuh), so a warp's lanes stay busy however
// the degrees are spread. The engine picks it when most of the range is active. With an
// active bitmask, inactive lanes contribute no edges (their prefix comes from a shuffle
// scan of the masked degrees); without one, the prefix is the CSR offsets themselves.
#pragma once

#include "graph/cuda/warp_pull.cuh"

namespace wg::graph::cuda {

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    ws_pull_kernel(PullArgs<P> a, VertexRange range, const BitWord* active) {
  __shared__ WarpSlots<P> slots[kWarpsPerBlock];
  WarpSlots<P>& sh = slots[threadIdx.x / 32];
  const unsigned lane = lane_id();
  const std::size_t warp_count = (std::size_t{range.size()} + 31) / 32;
  const std::size_t stride = std::size_t{gridDim.x} * kWarpsPerBlock;
  for (std::size_t w = (std::size_t{blockIdx.x} * blockDim.x + threadIdx.x) / 32; w < warp_count;
       w += stride) {
    const auto v0 = static_cast<VertexId>(range.begin + w * 32);
    const VertexId v = v0 + lane;
    const bool in = v < range.end;
    const bool on = in && (active == nullptr || test_bit(active, v));
    if (__ballot_sync(kFullMask, on) == 0) continue;
    const VertexId row = v - a.csr.rows.begin;
    EdgeIndex start = 0, prefix = 0, total = 0;
    if (active == nullptr) {
      const VertexId end = v0 + 32 < range.end ? v0 + 32 : range.end;
      const EdgeIndex first_edge = a.csr.indptr[v0 - a.csr.rows.begin];
      total = a.csr.indptr[end - a.csr.rows.begin] - first_edge;
      start = in ? a.csr.indptr[row] : 0;
      prefix = in ? start - first_edge : total;
    } else {
      start = on ? a.csr.indptr[row] : 0;
      const EdgeIndex degree = on ? a.csr.indptr[row + 1] - start : 0;
      prefix = warp_exclusive_scan(degree, total);
    }
    double change = 0.0;
    const bool changed = warp_pull(a, sh, on, v, start, prefix, total, 32, change);
    // One atomic per warp: the warp's 32 vertices are one half of a bitmask word and lie
    // in one section (ranges start on section borders, sections are whole words).
    const unsigned changed_bits = __ballot_sync(kFullMask, changed);
    if constexpr (P::kUsesTolerance) change = warp_sum(change);
    if (lane == 0) {
      if (changed_bits)
        atomicOr(reinterpret_cast<unsigned long long*>(a.updated + v0 / kBitsPerWord),
                 static_cast<unsigned long long>(changed_bits) << (v0 % kBitsPerWord));
      if (P::kUsesTolerance && change != 0.0)
        atomicAdd(a.change_per_section + v0 / a.section_size, change);
      atomicAdd(a.edges, static_cast<unsigned long long>(total));
    }
  }
}

}  // namespace wg::graph::cuda
