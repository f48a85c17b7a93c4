// The warp-level pull shared by the WS and dynamic kernels: a warp holds up to 32 vertex
// slots (lane i owns slot i: its vertex, the first of its in-edges, and the exclusive
// prefix of the slots' edge counts) and walks their combined edges 32 at a time. For
// each edge a lane finds its slot by a 5-step binary search over the prefix, gathers the
// neighbour's value, and a segmented shuffle reduction combines the edges of one slot;
// the segment's last lane folds it into the slot's accumulator in shared memory.
#pragma once

#include <cuda_runtime.h>

#include "graph/bitmask.hpp"
#include "graph/host/csr_view.hpp"
#include "graph/vertex_program.hpp"

namespace wg::graph::cuda {

inline constexpr unsigned kFullMask = 0xffffffffu;
inline constexpr int kWarpsPerBlock = 8;
inline constexpr int kBlockThreads = 32 * kWarpsPerBlock;

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x & 31u; }

// Warp-aggregated append: the lanes whose bit is set in `ballot` (all lanes of the warp
// call this with the same ballot) reserve consecutive slots with one atomicAdd on `count`
// per warp; returns this lane's slot (meaningful only for lanes in the ballot).
__device__ __forceinline__ unsigned warp_append_slot(unsigned ballot, unsigned* count) {
  unsigned base = 0;
  if (lane_id() == 0) base = atomicAdd(count, static_cast<unsigned>(__popc(ballot)));
  base = __shfl_sync(kFullMask, base, 0);
  return base + static_cast<unsigned>(__popc(ballot & ((1u << lane_id()) - 1u)));
}

// Exclusive prefix sum of `x` over the warp; `total` receives the sum of all lanes.
template <typename T>
__device__ __forceinline__ T warp_exclusive_scan(T x, T& total) {
  T inclusive = x;
  for (int d = 1; d < 32; d <<= 1) {
    const T other = __shfl_up_sync(kFullMask, inclusive, d);
    if (static_cast<int>(lane_id()) >= d) inclusive += other;
  }
  total = __shfl_sync(kFullMask, inclusive, 31);
  return inclusive - x;
}

template <typename T>
__device__ __forceinline__ T warp_sum(T x) {
  for (int d = 16; d > 0; d >>= 1) x += __shfl_xor_sync(kFullMask, x, d);
  return x;
}

// What the pull of one warp needs from the partition and the iteration.
template <typename P>
struct PullArgs {
  InCsrView csr;  // device pointers
  const typename P::Value* values;
  const VertexStatic* statics;  // null when the program needs none
  ProgramParams params;
  typename P::Value* next;  // indexed by v - csr.rows.begin
  BitWord* updated;         // cleared over the assigned words beforehand
  double* change_per_section;
  VertexId section_size;
  unsigned long long* edges;  // edges pulled, summed
};

// Per-warp shared memory of warp_pull.
template <typename P>
struct WarpSlots {
  EdgeIndex prefix[32];
  typename P::Value acc[32];
};

template <typename P>
__device__ __forceinline__ typename P::Value gather_edge(const PullArgs<P>& a, EdgeIndex e) {
  const VertexId u = a.csr.indices[e];
  const EdgeValue w = a.csr.weights ? a.csr.weights[e] : EdgeValue(1);
  const VertexStatic s = a.statics ? a.statics[u] : VertexStatic{};
  return P::gather(a.values[u], w, s);
}

// Pulls the slots of this warp. Lane i: `valid` whether slot i holds a vertex `v` whose
// in-edges start at `row_start`; `prefix` its exclusive edge prefix, `total` all edges;
// slots at or after `count` hold no edges, and a slot without edges (an inactive lane)
// is never found by the search. Returns whether v changed; its new value goes to
// a.next, P::change(old, new) to `change`.
template <typename P>
__device__ bool warp_pull(const PullArgs<P>& a, WarpSlots<P>& sh, bool valid, VertexId v,
                          EdgeIndex row_start, EdgeIndex prefix, EdgeIndex total, int count,
                          double& change) {
  using Value = typename P::Value;
  const unsigned lane = lane_id();
  sh.prefix[lane] = prefix;
  sh.acc[lane] = P::identity();
  __syncwarp();
  for (EdgeIndex base = 0; base < total; base += 32) {
    const EdgeIndex k = base + lane;
    int slot = -1;
    Value x = P::identity();
    if (k < total) {
      int lo = 0;
      for (int step = 16; step > 0; step >>= 1)
        if (lo + step < count && sh.prefix[lo + step] <= k) lo += step;
      slot = lo;
    }
    // The first edge of a slot: every lane needs the row start of its own slot, which
    // lane `slot` holds; shuffles need all lanes, so they run outside the branch.
    const EdgeIndex my_start = __shfl_sync(kFullMask, row_start, slot < 0 ? 0 : slot);
    if (k < total) x = gather_edge(a, my_start + (k - sh.prefix[slot]));
    // Segmented inclusive reduction over lanes of the same slot.
    for (int d = 1; d < 32; d <<= 1) {
      const Value other = __shfl_up_sync(kFullMask, x, d);
      const int other_slot = __shfl_up_sync(kFullMask, slot, d);
      if (static_cast<int>(lane) >= d && other_slot == slot) x = P::reduce(other, x);
    }
    const int next_slot = __shfl_down_sync(kFullMask, slot, 1);
    if (slot >= 0 && (lane == 31 || next_slot != slot)) sh.acc[slot] = P::reduce(sh.acc[slot], x);
    __syncwarp();
  }
  bool changed = false;
  change = 0.0;
  if (valid) {
    const Value before = a.values[v];
    Value result = before;
    if (P::apply(result, sh.acc[lane], a.params)) {
      a.next[v - a.csr.rows.begin] = result;
      change = P::change(before, result);
      changed = true;
    }
  }
  __syncwarp();
  return changed;
}

}  // namespace wg::graph::cuda
