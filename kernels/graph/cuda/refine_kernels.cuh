// The GPU's count, refine and scatter steps:
//   section_popcount    set bits of a bitmask per section of a range (one warp a section);
//   section_global_term the program's global term summed per section;
//   compact_outbox      changed (boundary) vertices into (id, value) pairs, one
//                       warp-aggregated atomic per warp for the warp's place in the outbox;
//   commit              own updates into the values, activating their targets;
//   scatter             received pairs into the values, activating their targets.
// Activation goes through the partition's activation lists (the vertices of its stored
// range that read u), setting bits of the next frontier with atomicOr.
#pragma once

#include "graph/cuda/update_pair.hpp"
#include "graph/cuda/warp_pull.cuh"

namespace wg::graph::cuda {

// The part of section `s` that lies in `range`.
__device__ __forceinline__ VertexRange clip_section(std::size_t s, VertexId size,
                                                    VertexRange range) {
  const std::size_t begin = s * size;
  const std::size_t end = begin + size;
  return {static_cast<VertexId>(begin > range.begin ? begin : range.begin),
          static_cast<VertexId>(end < range.end ? end : range.end)};
}

__device__ __forceinline__ std::size_t global_warp() {
  return (std::size_t{blockIdx.x} * blockDim.x + threadIdx.x) / 32;
}
__device__ __forceinline__ std::size_t warp_stride() {
  return std::size_t{gridDim.x} * blockDim.x / 32;
}

// out[j] = set bits of `words` in section first + j, clipped to `range`.
__global__ void __launch_bounds__(kBlockThreads)
    section_popcount_kernel(const BitWord* words, VertexRange range, VertexId section_size,
                            std::size_t first, std::size_t sections, double* out) {
  const unsigned lane = lane_id();
  for (std::size_t j = global_warp(); j < sections; j += warp_stride()) {
    const VertexRange r = clip_section(first + j, section_size, range);
    unsigned long long count = 0;
    for (std::size_t w = r.begin / kBitsPerWord + lane; w < bit_words(r.end); w += 32)
      count += static_cast<unsigned long long>(__popcll(word_in_range(words, w, r)));
    count = warp_sum(count);
    if (lane == 0) out[j] = static_cast<double>(count);
  }
}

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    section_global_term_kernel(const typename P::Value* values, const VertexStatic* statics,
                               VertexRange range, VertexId section_size, std::size_t first,
                               std::size_t sections, double* out) {
  const unsigned lane = lane_id();
  for (std::size_t j = global_warp(); j < sections; j += warp_stride()) {
    const VertexRange r = clip_section(first + j, section_size, range);
    double term = 0.0;
    for (VertexId v = r.begin + lane; v < r.end; v += 32)
      term += P::global_term(values[v], statics ? statics[v] : VertexStatic{});
    term = warp_sum(term);
    if (lane == 0) out[j] = term;
  }
}

__device__ __forceinline__ void activate_targets(TargetsView targets, VertexId u,
                                                 BitWord* frontier) {
  const EdgeIndex end = targets.indptr[u + 1];
  for (EdgeIndex e = targets.indptr[u]; e < end; ++e) {
    const VertexId t = targets.targets[e];
    BitWord* word = frontier + t / kBitsPerWord;
    const BitWord bit = bit_of(t);
    if (!(*word & bit))
      atomicOr(reinterpret_cast<unsigned long long*>(word), static_cast<unsigned long long>(bit));
  }
}

template <typename Value>
__global__ void __launch_bounds__(kBlockThreads)
    compact_outbox_kernel(const BitWord* updated, const BitWord* mask, VertexRange range,
                          const Value* next, VertexId next_base, UpdatePair<Value>* out,
                          unsigned* count) {
  const std::size_t rounded = (std::size_t{range.size()} + 31) / 32 * 32;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < rounded;
       i += stride) {
    const auto v = static_cast<VertexId>(range.begin + i);
    const bool selected = v < range.end && test_bit(updated, v) && (!mask || test_bit(mask, v));
    const unsigned ballot = __ballot_sync(kFullMask, selected);
    if (ballot == 0) continue;
    const unsigned slot = warp_append_slot(ballot, count);
    if (selected) out[slot] = {v, next[v - next_base]};
  }
}

template <typename Value>
__global__ void __launch_bounds__(kBlockThreads)
    commit_kernel(const BitWord* updated, VertexRange range, const Value* next, VertexId next_base,
                  Value* values, TargetsView targets, BitWord* frontier) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < range.size();
       i += stride) {
    const auto v = static_cast<VertexId>(range.begin + i);
    if (!test_bit(updated, v)) continue;
    values[v] = next[v - next_base];
    if (frontier) activate_targets(targets, v, frontier);
  }
}

template <typename Value>
__global__ void __launch_bounds__(kBlockThreads)
    scatter_kernel(const UpdatePair<Value>* pairs, std::size_t count, Value* values,
                   TargetsView targets, BitWord* frontier) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count; i += stride) {
    const UpdatePair<Value> p = pairs[i];
    values[p.id] = p.value;
    if (frontier) activate_targets(targets, p.id, frontier);
  }
}

}  // namespace wg::graph::cuda
