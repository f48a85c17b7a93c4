// Dynamic thread assignment over the active vertices only: first the active bits of the
// assigned range are compacted into a list (ballot/popc within a warp, one
// warp-aggregated atomic per warp for its place in the list); then each warp takes 32
// listed vertices, a shuffle scan of their degrees gives the prefix, and the warp
// expands their combined in-edges (warp_pull.cuh). Work is proportional to the active
// vertices' edges, with warps full however sparse the frontier.
#pragma once

#include "graph/cuda/warp_pull.cuh"

namespace wg::graph::cuda {

__global__ void __launch_bounds__(kBlockThreads)
    compact_active_kernel(const BitWord* active, VertexRange range, VertexId* list,
                          unsigned* count) {
  const std::size_t rounded = (std::size_t{range.size()} + 31) / 32 * 32;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < rounded;
       i += stride) {
    const auto v = static_cast<VertexId>(range.begin + i);
    const bool on = v < range.end && test_bit(active, v);
    const unsigned ballot = __ballot_sync(kFullMask, on);
    if (ballot == 0) continue;
    const unsigned slot = warp_append_slot(ballot, count);
    if (on) list[slot] = v;
  }
}

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    dynamic_pull_kernel(PullArgs<P> a, const VertexId* list, const unsigned* count_in) {
  __shared__ WarpSlots<P> slots[kWarpsPerBlock];
  WarpSlots<P>& sh = slots[threadIdx.x / 32];
  const unsigned lane = lane_id();
  const std::size_t count = *count_in;
  const std::size_t stride = std::size_t{gridDim.x} * kWarpsPerBlock;
  for (std::size_t w = (std::size_t{blockIdx.x} * blockDim.x + threadIdx.x) / 32; w * 32 < count;
       w += stride) {
    const std::size_t i = w * 32 + lane;
    const bool on = i < count;
    const VertexId v = on ? list[i] : 0;
    const VertexId row = v - a.csr.rows.begin;
    const EdgeIndex start = on ? a.csr.indptr[row] : 0;
    const EdgeIndex degree = on ? a.csr.indptr[row + 1] - start : 0;
    EdgeIndex total = 0;
    const EdgeIndex prefix = warp_exclusive_scan(degree, total);
    const int slots_used = count - w * 32 < 32 ? static_cast<int>(count - w * 32) : 32;
    double change = 0.0;
    if (warp_pull(a, sh, on, v, start, prefix, total, slots_used, change)) {
      atomicOr(reinterpret_cast<unsigned long long*>(a.updated + v / kBitsPerWord),
               static_cast<unsigned long long>(bit_of(v)));
      if (P::kUsesTolerance && change != 0.0)
        atomicAdd(a.change_per_section + v / a.section_size, change);
    }
    if (lane == 0) atomicAdd(a.edges, static_cast<unsigned long long>(total));
  }
}

}  // namespace wg::graph::cuda
