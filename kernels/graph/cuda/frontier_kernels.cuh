// The GPU's bookkeeping around compute, none of it on the host's critical path:
//   section_popcount  frontier vertices per balancer section (several partitions);
//   emit              the all-active programs' message snapshot, with the program's global
//                     term summed per block over the assigned range;
//   sum_blocks        per-block partial sums into one counter, in block order;
//   compact_outbox    changed vertices (boundary ones only, with a mask) into (id, value)
//                     pairs, from the next frontier's queue or from a bitmask;
//   scatter           received pairs into the values and the next frontier.
#pragma once

#include "graph/cuda/warp_pull.cuh"
#include "graph/update_pair.hpp"
#include "sections.hpp"

namespace wg::graph::cuda {

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

// *out = sum of in[0 .. count) in index order (one thread: count is a grid's block count).
template <typename T>
__global__ void sum_blocks_kernel(const T* in, unsigned count, T* out) {
  T sum = 0;
  for (unsigned i = 0; i < count; ++i) sum += in[i];
  *out = sum;
}

template <typename Value>
__global__ void __launch_bounds__(kBlockThreads)
    compact_queue_outbox_kernel(const VertexId* queue, const unsigned long long* queue_size,
                                const BitWord* mask, const Value* values, UpdatePair<Value>* out,
                                unsigned long long* count) {
  const std::size_t size = *queue_size;
  const std::size_t rounded = (size + 31) / 32 * 32;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < rounded;
       i += stride) {
    const VertexId v = i < size ? queue[i] : 0;
    const bool selected = i < size && (!mask || test_bit(mask, v));
    const unsigned ballot = __ballot_sync(kFullMask, selected);
    if (ballot == 0) continue;
    const unsigned long long slot = warp_append_slot(ballot, count);
    if (selected) out[slot] = {v, values[v]};
  }
}

template <typename Value>
__global__ void __launch_bounds__(kBlockThreads)
    compact_range_outbox_kernel(const BitWord* changed, const BitWord* mask, VertexRange range,
                                const Value* values, UpdatePair<Value>* out,
                                unsigned long long* count) {
  const std::size_t rounded = (std::size_t{range.size()} + 31) / 32 * 32;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < rounded;
       i += stride) {
    const auto v = static_cast<VertexId>(range.begin + i);
    const bool selected = v < range.end && test_bit(changed, v) && (!mask || test_bit(mask, v));
    const unsigned ballot = __ballot_sync(kFullMask, selected);
    if (ballot == 0) continue;
    const unsigned long long slot = warp_append_slot(ballot, count);
    if (selected) out[slot] = {v, values[v]};
  }
}

// Received pairs: the sender owns the vertex this iteration, so its value is taken as is.
template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    scatter_kernel(const UpdatePair<typename P::Value>* pairs, std::size_t count,
                   typename P::Value* values, FrontierOut next) {
  const std::size_t rounded = (count + 31) / 32 * 32;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < rounded;
       i += stride) {
    const bool in = i < count;
    VertexId v = 0;
    if (in) {
      v = pairs[i].id;
      values[v] = pairs[i].value;
    }
    if constexpr (!P::kAllActive) add_to_frontier(next, in, v);
  }
}

}  // namespace wg::graph::cuda
