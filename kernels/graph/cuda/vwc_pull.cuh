// Virtual-warp-centric pull (Hong et al., PPoPP'11), the baseline: K lanes share one
// vertex, stride over its in-edges, and reduce by xor shuffles within the K-lane group;
// the group's first lane applies. Simple and balanced within a vertex, but a group idles
// on short rows and one long row holds up its physical warp.
#pragma once

#include "graph/cuda/warp_pull.cuh"

namespace wg::graph::cuda {

inline constexpr int kVirtualWarp = 8;

template <typename P, int K>
__global__ void __launch_bounds__(kBlockThreads)
    vwc_pull_kernel(PullArgs<P> a, VertexRange range, const BitWord* active) {
  static_assert(K > 0 && K <= 32 && (K & (K - 1)) == 0, "K lanes: a power of two up to 32");
  using Value = typename P::Value;
  constexpr int kGroups = 32 / K;
  const unsigned lane = lane_id();
  const unsigned member = lane % K;
  const std::size_t n = range.size();
  const std::size_t stride = std::size_t{gridDim.x} * kWarpsPerBlock * kGroups;
  for (std::size_t base = (std::size_t{blockIdx.x} * blockDim.x + threadIdx.x) / 32 * kGroups;
       base < n; base += stride) {
    const std::size_t i = base + lane / K;
    const auto v = static_cast<VertexId>(range.begin + i);
    const bool on = i < n && (active == nullptr || test_bit(active, v));
    Value acc = P::identity();
    EdgeIndex degree = 0;
    if (on) {
      const VertexId row = v - a.csr.rows.begin;
      const EdgeIndex begin = a.csr.indptr[row];
      const EdgeIndex end = a.csr.indptr[row + 1];
      degree = end - begin;
      for (EdgeIndex e = begin + member; e < end; e += K) acc = P::reduce(acc, gather_edge(a, e));
    }
    for (int d = K / 2; d > 0; d >>= 1) acc = P::reduce(acc, __shfl_xor_sync(kFullMask, acc, d, K));
    if (on && member == 0) {
      const Value before = a.values[v];
      Value result = before;
      if (P::apply(result, acc, a.params)) {
        a.next[v - a.csr.rows.begin] = result;
        atomicOr(reinterpret_cast<unsigned long long*>(a.updated + v / kBitsPerWord),
                 static_cast<unsigned long long>(bit_of(v)));
        if constexpr (P::kUsesTolerance)
          atomicAdd(a.change_per_section + v / a.section_size, P::change(before, result));
      }
    }
    const auto edges = warp_sum(static_cast<unsigned long long>(member == 0 ? degree : 0));
    if (lane == 0) atomicAdd(a.edges, edges);
  }
}

}  // namespace wg::graph::cuda
