// The push direction: every frontier vertex sends emit(value) along its out-edges into
// the assigned range, reduced into each target by atomic_reduce; targets that improve
// join the next frontier (add_to_frontier keeps each once).
// Load balance over the frontier's combined out-edges, merge-path style: `prefix` is the
// exclusive scan of the queued vertices' out-degrees (prefix[q] = all edges). A warp takes
// 32 x kPushRounds consecutive edges; two binary searches over the whole prefix bound the
// window of queue slots its edges come from, and each lane finds its slot by a short
// binary search inside that window. A hub's edges spread over as many warps as they need.
#pragma once

#include "kernels/graph/cuda/atomic_reduce.cuh"
#include "kernels/graph/cuda/warp_pull.cuh"

namespace wg::kernels::graph::cuda {

inline constexpr int kPushRounds = 8;

struct PushArgs {
  const VertexId* queue;
  const EdgeIndex* prefix;  // queue_size + 1 entries
  std::size_t queue_size;
  EdgeIndex edges;  // prefix[queue_size]
  TargetsView targets;
  VertexRange assigned;
  const VertexStatic* statics;
};

// The last slot i in [lo, hi] with prefix[i] <= e.
__device__ __forceinline__ std::size_t slot_of(const EdgeIndex* prefix, std::size_t lo,
                                               std::size_t hi, EdgeIndex e) {
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (prefix[mid] <= e)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

// out[i] = out-degree of queue[i]; out[size] = 0 (the scan then ends with the total).
__global__ void __launch_bounds__(kBlockThreads)
    queue_degrees_kernel(const VertexId* queue, std::size_t size, const EdgeIndex* targets_indptr,
                         EdgeIndex* out) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i <= size; i += stride) {
    EdgeIndex degree = 0;
    if (i < size) degree = targets_indptr[queue[i] + 1] - targets_indptr[queue[i]];
    out[i] = degree;
  }
}

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    push_kernel(PushArgs a, typename P::Value* values, FrontierOut next) {
  static_assert(!P::kAllActive, "push needs a monotone frontier program");
  constexpr EdgeIndex kChunk = 32 * kPushRounds;
  const unsigned lane = lane_id();
  const std::size_t last_slot = a.queue_size - 1;
  for (EdgeIndex chunk = global_warp() * kChunk; chunk < a.edges; chunk += warp_stride() * kChunk) {
    const EdgeIndex chunk_end = chunk + kChunk < a.edges ? chunk + kChunk : a.edges;
    std::size_t bound = 0;
    if (lane < 2) bound = slot_of(a.prefix, 0, last_slot, lane == 0 ? chunk : chunk_end - 1);
    const std::size_t lo = __shfl_sync(kFullMask, bound, 0);
    const std::size_t hi = __shfl_sync(kFullMask, bound, 1);
    for (int round = 0; round < kPushRounds; ++round) {
      const EdgeIndex e = chunk + static_cast<EdgeIndex>(round) * 32 + lane;
      bool improved = false;
      VertexId t = 0;
      if (e < chunk_end) {
        const std::size_t i = slot_of(a.prefix, lo, hi, e);
        const VertexId u = a.queue[i];
        const EdgeIndex k = a.targets.indptr[u] + (e - a.prefix[i]);
        t = a.targets.targets[k];
        if (a.assigned.contains(t)) {
          const auto message = P::emit(values[u], a.statics ? a.statics[u] : VertexStatic{});
          const EdgeValue w = a.targets.weights ? a.targets.weights[k] : EdgeValue(1);
          improved = atomic_reduce<P>(values + t, P::gather(message, w));
        }
      }
      add_to_frontier(next, improved, t);
    }
  }
}

}  // namespace wg::kernels::graph::cuda
