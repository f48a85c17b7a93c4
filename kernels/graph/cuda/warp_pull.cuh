// Warp-level building blocks of the GPU backend, and the warp pull shared by the WS and
// dynamic kernels: a warp holds up to 32 vertex slots (lane i owns slot i: its vertex, the
// first of its in-edges, and the exclusive prefix of the slots' edge counts) and walks
// their combined edges 32 at a time. For each edge a lane finds its slot by a 5-step
// binary search over the prefix, gathers the neighbour's message, and a segmented shuffle
// reduction combines the edges of one slot; the segment's last lane folds it into the
// slot's accumulator in shared memory.
#pragma once

#include <cuda_runtime.h>

#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/host/csr_view.hpp"
#include "kernels/graph/vertex_groups.hpp"
#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph::cuda {

inline constexpr unsigned kFullMask = 0xffffffffu;
inline constexpr int kWarpsPerBlock = 8;
inline constexpr int kBlockThreads = 32 * kWarpsPerBlock;
// Blocks per SM of the fixed grid that all-active pulls run on (a slot of totals per
// block), at most. The pull kernels are bounded to fit that many at once (at most 32
// registers a thread): a grid larger than what is resident leaves a second, mostly idle
// wave. An SM with fewer threads gets fewer (CudaPartition).
inline constexpr int kBlocksPerSm = 8;

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x & 31u; }
__device__ __forceinline__ std::size_t global_warp() {
  return (std::size_t{blockIdx.x} * blockDim.x + threadIdx.x) / 32;
}
__device__ __forceinline__ std::size_t warp_stride() {
  return std::size_t{gridDim.x} * blockDim.x / 32;
}

// Warp-aggregated append: the lanes whose bit is set in `ballot` (all lanes of the warp
// call this with the same ballot) reserve consecutive slots with one atomicAdd on `count`
// per warp; returns this lane's slot (meaningful only for lanes in the ballot).
template <typename Count>
__device__ __forceinline__ Count warp_append_slot(unsigned ballot, Count* count) {
  Count base = 0;
  if (lane_id() == 0) base = atomicAdd(count, static_cast<Count>(__popc(ballot)));
  base = __shfl_sync(kFullMask, base, 0);
  return base + static_cast<Count>(__popc(ballot & ((1u << lane_id()) - 1u)));
}

// Appends `item` of the lanes with `selected` to out[0 ..) (all lanes call it).
template <typename T>
__device__ __forceinline__ void warp_append(bool selected, const T& item, T* out,
                                            unsigned long long* count) {
  const unsigned ballot = __ballot_sync(kFullMask, selected);
  if (ballot == 0) return;
  const unsigned long long slot = warp_append_slot(ballot, count);
  if (selected) out[slot] = item;
}

// Calls body(i, in) for i over [0, count) in whole warps, grid-stride: every lane of a
// warp takes part in every round (`in` says whether i < count), so the body may use
// warp-wide operations.
template <typename Body>
__device__ __forceinline__ void for_each_in_warps(std::size_t count, Body body) {
  const std::size_t rounded = (count + 31) / 32 * 32;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < rounded; i += stride)
    body(i, i < count);
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

// The next frontier as the pull and push kernels build it: a bitmask, a queue of its
// vertices (each once) and, in `counters`, the queue length and the out-edges of the
// queued vertices (what a push over it will walk).
struct FrontierCounters {
  unsigned long long size;
  unsigned long long edges;
};
struct FrontierOut {
  BitWord* bits;
  VertexId* queue;
  FrontierCounters* counters;
  const EdgeIndex* targets_indptr;  // out-degrees of the queued vertices
};

// Adds the vertices of the lanes with `changed` to the frontier, each vertex once however
// many lanes or warps change it; true on the lane that added it. Called by every lane of
// the warp.
__device__ __forceinline__ bool add_to_frontier(const FrontierOut& f, bool changed, VertexId v) {
  bool fresh = false;
  if (changed) {
    const auto bit = static_cast<unsigned long long>(bit_of(v));
    fresh =
        !(atomicOr(reinterpret_cast<unsigned long long*>(f.bits + v / kBitsPerWord), bit) & bit);
  }
  const unsigned ballot = __ballot_sync(kFullMask, fresh);
  if (ballot == 0) return false;
  const unsigned long long slot = warp_append_slot(ballot, &f.counters->size);
  if (fresh) f.queue[slot] = v;
  const auto degree =
      static_cast<unsigned long long>(fresh ? f.targets_indptr[v + 1] - f.targets_indptr[v] : 0);
  const unsigned long long edges = warp_sum(degree);
  if (lane_id() == 0) atomicAdd(&f.counters->edges, edges);
  return fresh;
}

// Per-block sums of a pull's updates and change (all-active programs), written to one
// slot per block and summed in block order afterwards: no atomics, the same total on
// every run.
struct BlockTotals {
  unsigned long long* updates;  // one per block
  double* change;
};

// What a pull needs from the partition and the iteration.
template <typename P>
struct PullArgs {
  InCsrView csr;                      // device pointers
  const typename P::Value* messages;  // what gathers read: emit() snapshot, or the values
  typename P::Value* values;          // read for the old value, written in place
  const BitWord* frontier;            // frontier programs: gathers only from these
  ProgramParams params;
  const double* global_sum;      // device copy of params.global_sum, or null
  const double* vertex_weights;  // programs with kVertexWeights: per stored vertex, on the device
  FrontierOut next;              // frontier programs: the next frontier
  BitWord* changed_bits;         // all-active programs: changed vertices (outboxes), or null
  BlockTotals totals;            // all-active programs
  EdgeIndex heavy_degree;        // WS and dynamic: rows longer than this are left to heavy_rows.cuh
  ActiveGroups groups;           // vertex grouping: only vertices of active groups are pulled
  unsigned long long* redundant = nullptr;  // vertex grouping: pulled vertices given nothing
};

// A lane's part of a warp pull: whether its vertex is applied here (`pulled`, unless it
// is a heavy row left to heavy_rows.cuh) and how many in-edges the warp walks for it.
template <typename P>
__device__ __forceinline__ bool warp_pull_slot(const PullArgs<P>& a, bool pulled, EdgeIndex start,
                                               VertexId row, EdgeIndex& degree) {
  degree = pulled ? a.csr.indptr[row + 1] - start : 0;
  if (a.heavy_degree == 0 || degree <= a.heavy_degree) return pulled;
  degree = 0;
  return false;
}

// Whether vertex v is pulled at all: level-synchronous programs skip vertices that have a
// value already, and with vertex grouping only the vertices of active groups are pulled.
template <typename P>
__device__ __forceinline__ bool wants_pull(const PullArgs<P>& a, VertexId v) {
  if constexpr (P::kAllActive) {
    (void)a;
    (void)v;
    return true;
  } else {
    return (!P::kLevelSynchronous || a.values[v] == P::identity()) && in_active_group(a.groups, v);
  }
}

// What in-edge e of vertex v, from in-neighbour u, contributes.
template <typename P>
__device__ __forceinline__ typename P::Value gather_from(const PullArgs<P>& a, VertexId u,
                                                         EdgeIndex e, VertexId v) {
  if (!P::kAllActive && !test_bit(a.frontier, u)) return P::identity();
  const EdgeValue w = a.csr.weights ? a.csr.weights[e] : EdgeValue(1);
  return gather_for<P>(a.messages[u], w, a.values + v);
}

// What in-edge e of vertex v contributes.
template <typename P>
__device__ __forceinline__ typename P::Value gather_edge(const PullArgs<P>& a, EdgeIndex e,
                                                         VertexId v) {
  return gather_from(a, a.csr.indices[e], e, v);
}

// Applies `reduced` to v in place; true when v changed (its change added to `change`).
template <typename P>
__device__ __forceinline__ bool apply_vertex(const PullArgs<P>& a, VertexId v,
                                             typename P::Value reduced, double& change) {
  if (!P::kAllActive && a.redundant && reduced == P::identity()) {
    // One atomic per group of lanes that reach here together.
    const unsigned lanes = __activemask();
    if (lane_id() == static_cast<unsigned>(__ffs(lanes) - 1))
      atomicAdd(a.redundant, static_cast<unsigned long long>(__popc(lanes)));
  }
  const typename P::Value before = a.values[v];
  typename P::Value result = before;
  if (!apply_for<P>(result, reduced, v, a.vertex_weights, a.params)) return false;
  a.values[v] = result;
  change += P::change(before, result);
  return true;
}

// Accumulators of an all-active pull, kept by every lane for its own vertices and summed
// over the warp once, when the block stores its totals.
struct LaneTotals {
  unsigned long long updates = 0;
  double change = 0.0;
};

// Records the outcome of one round of the warp (every lane calls it): frontier programs
// add changed vertices to the next frontier; all-active programs mark them for the outbox
// and count them.
template <typename P>
__device__ __forceinline__ void record_changes(const PullArgs<P>& a, bool changed, VertexId v,
                                               double change, LaneTotals& totals) {
  if constexpr (P::kAllActive) {
    if (changed && a.changed_bits)
      atomicOr(reinterpret_cast<unsigned long long*>(a.changed_bits + v / kBitsPerWord),
               static_cast<unsigned long long>(bit_of(v)));
    totals.updates += changed ? 1 : 0;
    if constexpr (P::kUsesTolerance) totals.change += change;
  } else {
    add_to_frontier(a.next, changed, v);
  }
}

// Writes the block's totals to its slot, or adds them to what an earlier kernel of the
// same grid wrote there (all-active programs; every thread calls it).
template <typename P>
__device__ __forceinline__ void store_block_totals(const PullArgs<P>& a, const LaneTotals& t,
                                                   bool accumulate = false) {
  if constexpr (P::kAllActive) {
    __shared__ LaneTotals warps[kWarpsPerBlock];
    const unsigned long long updates = warp_sum(t.updates);
    const double change = P::kUsesTolerance ? warp_sum(t.change) : 0.0;
    if (lane_id() == 0) warps[threadIdx.x / 32] = {updates, change};
    __syncthreads();
    if (threadIdx.x == 0) {
      LaneTotals sum;
      for (int w = 0; w < kWarpsPerBlock; ++w) {
        sum.updates += warps[w].updates;
        sum.change += warps[w].change;
      }
      if (accumulate) {
        sum.updates += a.totals.updates[blockIdx.x];
        sum.change += a.totals.change[blockIdx.x];
      }
      a.totals.updates[blockIdx.x] = sum.updates;
      a.totals.change[blockIdx.x] = sum.change;
    }
  }
}

// Per-warp shared memory of warp_pull.
template <typename P>
struct WarpSlots {
  EdgeIndex prefix[32];
  typename P::Value acc[32];
};

// Pulls the slots of this warp. Lane i: `valid` whether slot i holds a vertex `v` whose
// in-edges start at `row_start`; `prefix` its exclusive edge prefix, `total` all edges;
// slots at or after `count` hold no edges, and a slot without edges (an inactive lane)
// is never found by the search. Returns whether v changed (applied in place); the change
// is added to `change`.
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
    const VertexId my_v = __shfl_sync(kFullMask, v, slot < 0 ? 0 : slot);
    if (k < total) x = gather_edge(a, my_start + (k - sh.prefix[slot]), my_v);
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
  const bool changed = valid && apply_vertex(a, v, sh.acc[lane], change);
  __syncwarp();
  return changed;
}

}  // namespace wg::kernels::graph::cuda
