// Push levels on the device: several iterations of the push direction in one cooperative
// launch, for a lone partition whose frontier stays small. A graph of high diameter (a
// road network: a thousand levels of a few hundred vertices each) otherwise pays a host
// round trip per level (launches, one counter copy, one wait: tens of microseconds) for
// microseconds of work. Here the grid walks a level, meets at a grid-wide barrier, retires
// the old frontier (its bits cleared through its queue, its counters zeroed: the buffer
// the next level fills), meets again and goes on, until the frontier is empty, grows past
// what one launch should walk without merge-path balancing (or past the point where auto
// would pull), or the level budget is spent. The host then reads the levels' counters once.
//
// The frontiers walked here are too small for the scan that balances push_kernel. A warp
// takes one frontier vertex of at most kLightDegree out-edges at a time, its lanes relaxing
// 32 of them per round; the few vertices of more (an RMAT hub next to a small frontier)
// are listed apart, and the whole grid walks each of their edge lists in turn, so that no
// warp walks a hub alone. A level lists the next level's hubs as it adds them to the
// frontier; the launch lists its first level's.
// The values, queues and counters are written by other SMs between barriers, so they are
// read from L2 (ld.cg), never from an SM's L1 that may hold a line from an earlier level.
#pragma once

#include <cooperative_groups.h>

#include "kernels/graph/cuda/atomic_reduce.cuh"
#include "kernels/graph/cuda/warp_pull.cuh"
#include "kernels/graph/partition.hpp"

namespace wg::kernels::graph::cuda {

// Out-edges a warp walks for one frontier vertex (8 rounds); more make it a hub.
inline constexpr EdgeIndex kLightDegree = 256;

// The counters of one level walked on the device: the frontier it walked (vertices and
// their out-edges) and the frontier it made.
struct DeviceLevel {
  unsigned long long active;
  unsigned long long edges;
  unsigned long long updates;
};

struct PushLevelsArgs {
  BitWord* bits[2];
  VertexId* queue[2];
  FrontierCounters* counters[2];
  VertexId* hubs[2];                 // the frontier's vertices of more than kLightDegree out-edges
  unsigned long long* hub_count[2];  // zero at the launch
  unsigned long long hub_capacity;   // hubs[b] entries (the edge limit / kLightDegree + 1)
  TargetsView targets;               // device pointers
  VertexRange assigned;
  const VertexStatic* statics;
  int cur;                        // the buffer holding the current frontier
  unsigned max_levels;            // at most this many levels
  unsigned long long edge_limit;  // stop before a level of more frontier out-edges
  // auto's rule (choose_direction): push only while edges * alpha < all_targets; alpha 0
  // when push was asked for.
  unsigned long long alpha;
  unsigned long long all_targets;
  DeviceLevel* levels;  // max_levels entries
  unsigned* levels_run;
};

// Whether a frontier of `edges` out-edges is walked here: the rule of the host for the
// level, with the launch's edge limit.
__host__ __device__ inline bool pushes_on_device(unsigned long long size, unsigned long long edges,
                                                 unsigned long long edge_limit,
                                                 unsigned long long alpha,
                                                 unsigned long long all_targets) {
  return size > 0 && edges <= edge_limit && (alpha == 0 || push_wins(edges, alpha, all_targets));
}

__device__ __forceinline__ bool is_hub(const TargetsView& targets, VertexId v) {
  return targets.indptr[v + 1] - targets.indptr[v] > kLightDegree;
}

// Lists `v` of the lanes with `listed` as hubs of buffer b (all lanes call it). Past the
// capacity only the count grows: such a frontier has too many out-edges to be walked here.
__device__ __forceinline__ void list_hub(const PushLevelsArgs& a, int b, bool listed, VertexId v) {
  const unsigned ballot = __ballot_sync(kFullMask, listed);
  if (ballot == 0) return;
  const unsigned long long slot = warp_append_slot(ballot, a.hub_count[b]);
  if (listed && slot < a.hub_capacity) a.hubs[b][slot] = v;
}

// Relaxes out-edges [base, base + 32) of u (lane i: base + i, up to end) into the next
// frontier, listing its hubs. Called by every lane of the warp.
template <typename P>
__device__ __forceinline__ void relax_round(const PushLevelsArgs& a, typename P::Value* values,
                                            const FrontierOut& next, int next_buffer,
                                            typename P::Value message, EdgeIndex base,
                                            EdgeIndex end) {
  const EdgeIndex k = base + lane_id();
  bool improved = false;
  VertexId t = 0;
  if (k < end) {
    t = a.targets.targets[k];
    if (a.assigned.contains(t)) {
      const EdgeValue w = a.targets.weights ? a.targets.weights[k] : EdgeValue(1);
      improved = atomic_reduce<P>(values + t, P::gather(message, w));
    }
  }
  const bool fresh = add_to_frontier(next, improved, t);
  list_hub(a, next_buffer, fresh && is_hub(a.targets, t), t);
}

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    push_levels_kernel(PushLevelsArgs a, typename P::Value* values) {
  static_assert(!P::kAllActive, "push needs a monotone frontier program");
  namespace cg = cooperative_groups;
  cg::grid_group grid = cg::this_grid();
  int cur = a.cur;
  {  // the first level's hubs
    const std::size_t size = __ldcg(&a.counters[cur]->size);
    for_each_in_warps(size, [&](std::size_t i, bool in) {
      const VertexId v = in ? __ldcg(a.queue[cur] + i) : 0;
      list_hub(a, cur, in && is_hub(a.targets, v), v);
    });
    grid.sync();
  }
  unsigned level = 0;
  for (; level < a.max_levels; ++level) {
    FrontierCounters* now = a.counters[cur];
    const unsigned long long size = __ldcg(&now->size), edges = __ldcg(&now->edges);
    if (!pushes_on_device(size, edges, a.edge_limit, a.alpha, a.all_targets)) break;
    const int after = 1 - cur;
    const FrontierOut next = {a.bits[after], a.queue[after], a.counters[after], a.targets.indptr};
    const VertexId* queue = a.queue[cur];
    const auto message_of = [&](VertexId u) {
      return P::emit(__ldcg(values + u), a.statics ? a.statics[u] : VertexStatic{});
    };
    for (std::size_t i = global_warp(); i < size; i += warp_stride()) {
      const VertexId u = __ldcg(queue + i);
      if (is_hub(a.targets, u)) continue;  // the whole grid's, below
      const EdgeIndex begin = a.targets.indptr[u], end = a.targets.indptr[u + 1];
      const auto message = message_of(u);
      for (EdgeIndex base = begin; base < end; base += 32)
        relax_round<P>(a, values, next, after, message, base, end);
    }
    const unsigned long long hubs = __ldcg(a.hub_count[cur]);
    for (unsigned long long h = 0; h < hubs; ++h) {
      const VertexId u = __ldcg(a.hubs[cur] + h);
      const EdgeIndex begin = a.targets.indptr[u], end = a.targets.indptr[u + 1];
      const auto message = message_of(u);
      for (EdgeIndex base = begin + global_warp() * 32; base < end; base += warp_stride() * 32)
        relax_round<P>(a, values, next, after, message, base, end);
    }
    grid.sync();
    // Retire the walked frontier: its buffer becomes the (clear) next one. A word holds
    // only frontier bits, so each queued vertex may zero its whole word.
    for (std::size_t i = grid.thread_rank(); i < size; i += grid.size())
      a.bits[cur][__ldcg(queue + i) / kBitsPerWord] = 0;
    if (grid.thread_rank() == 0) {
      a.levels[level] = {size, edges, __ldcg(&next.counters->size)};
      now->size = 0;
      now->edges = 0;
      *a.hub_count[cur] = 0;
    }
    grid.sync();
    cur = after;
  }
  if (grid.thread_rank() == 0) *a.levels_run = level;
}

}  // namespace wg::kernels::graph::cuda
