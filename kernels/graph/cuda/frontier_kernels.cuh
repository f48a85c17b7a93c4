// The GPU's bookkeeping around compute, none of it on the host's critical path:
//   section_popcount  frontier vertices per balancer section (several partitions);
//   emit              the all-active programs' message snapshot, with the program's global
//                     term summed per block over the assigned range;
//   sum_blocks        per-block partial sums into one counter, in block order;
//   compact_outbox    changed vertices (boundary ones only, with a mask) into (id, value)
//                     pairs, from the next frontier's queue or from a bitmask;
//   scatter           received pairs into the values and the next frontier.
#pragma once

#include "kernels/graph/cuda/warp_pull.cuh"
#include "kernels/graph/update_pair.hpp"
#include "partition/sections.hpp"

namespace wg::kernels::graph::cuda {

// out[s] = set bits of `words` in section s, for every section.
__global__ void __launch_bounds__(kBlockThreads)
    section_popcount_kernel(const BitWord* words, partition::SectionLayout sections, double* out) {
  const unsigned lane = lane_id();
  const std::size_t count = sections.count();
  for (std::size_t s = global_warp(); s < count; s += warp_stride()) {
    const VertexRange r = sections.range(s);
    unsigned long long bits = 0;
    for (std::size_t w = r.begin / kBitsPerWord + lane; w < bit_words(r.end); w += 32)
      bits += static_cast<unsigned long long>(__popcll(word_in_range(words, w, r)));
    bits = warp_sum(bits);
    if (lane == 0) out[s] = static_cast<double>(bits);
  }
}

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    emit_kernel(const typename P::Value* values, const VertexStatic* statics, VertexId n,
                VertexRange assigned, typename P::Value* messages, double* term_per_block) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  double term = 0.0;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) {
    const auto v = static_cast<VertexId>(i);
    const VertexStatic s = statics ? statics[v] : VertexStatic{};
    messages[v] = P::emit(values[v], s);
    if (P::kHasGlobalTerm && assigned.contains(v)) term += P::global_term(values[v], s);
  }
  if constexpr (P::kHasGlobalTerm) {
    __shared__ double warps[kWarpsPerBlock];
    term = warp_sum(term);
    if (lane_id() == 0) warps[threadIdx.x / 32] = term;
    __syncthreads();
    if (threadIdx.x == 0) {
      double sum = 0.0;
      for (int w = 0; w < kWarpsPerBlock; ++w) sum += warps[w];
      term_per_block[blockIdx.x] = sum;
    }
  }
}

// *out = sum of in[0 .. count) by one block, in an order fixed by count alone (thread i
// sums i, i + 256, ..., then a tree in shared memory): the same total on every run.
template <typename T>
__global__ void __launch_bounds__(kBlockThreads)
    sum_blocks_kernel(const T* in, unsigned count, T* out) {
  __shared__ T partial[kBlockThreads];
  T sum = 0;
  for (unsigned i = threadIdx.x; i < count; i += kBlockThreads) sum += in[i];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned half = kBlockThreads / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = partial[0];
}

template <typename Value>
__global__ void __launch_bounds__(kBlockThreads)
    compact_queue_outbox_kernel(const VertexId* queue, const unsigned long long* queue_size,
                                const BitWord* mask, const Value* values, UpdatePair<Value>* out,
                                unsigned long long* count) {
  for_each_in_warps(*queue_size, [&](std::size_t i, bool in) {
    const VertexId v = in ? queue[i] : 0;
    const bool selected = in && (!mask || test_bit(mask, v));
    warp_append(selected, UpdatePair<Value>{v, selected ? values[v] : Value{}}, out, count);
  });
}

template <typename Value>
__global__ void __launch_bounds__(kBlockThreads)
    compact_range_outbox_kernel(const BitWord* changed, const BitWord* mask, VertexRange range,
                                const Value* values, UpdatePair<Value>* out,
                                unsigned long long* count) {
  for_each_in_warps(range.size(), [&](std::size_t i, bool in) {
    const auto v = static_cast<VertexId>(range.begin + i);
    const bool selected = in && test_bit(changed, v) && (!mask || test_bit(mask, v));
    warp_append(selected, UpdatePair<Value>{v, selected ? values[v] : Value{}}, out, count);
  });
}

// Received pairs: the sender owns the vertex this iteration, so its value is taken as is.
template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    scatter_kernel(const UpdatePair<typename P::Value>* pairs, std::size_t count,
                   typename P::Value* values, FrontierOut next) {
  for_each_in_warps(count, [&](std::size_t i, bool in) {
    VertexId v = 0;
    if (in) {
      v = pairs[i].id;
      values[v] = pairs[i].value;
    }
    if constexpr (!P::kAllActive) add_to_frontier(next, in, v);
  });
}

}  // namespace wg::kernels::graph::cuda
