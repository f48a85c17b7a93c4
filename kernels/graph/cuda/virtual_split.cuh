// The pull and the push over Tigr's virtual nodes (graph/virtual_split.hpp), one thread per
// virtual node:
//   split_members  every member of the pulled rows reduces its edges j, j + f, ...; a
//                  family of one applies at once, a larger family's members leave their
//                  results in `partial` (one slot per virtual node);
//   split_rows     each split row combines its members' results in member order, then
//                  applies (all-active totals added to the slots split_members wrote);
//   split_push     every member of a frontier vertex pushes its share of the out-edges; a
//                  vertex's members are numbered by a scan of the queue's family sizes, as
//                  push.cuh numbers its edges.
#pragma once

#include "kernels/graph/cuda/atomic_reduce.cuh"
#include "kernels/graph/cuda/push.cuh"
#include "kernels/graph/cuda/warp_pull.cuh"
#include "kernels/graph/virtual_split.hpp"

namespace wg::kernels::graph::cuda {

// What member j of the f members of `row` (vertex v) reduces over its edges.
template <typename P>
__device__ __forceinline__ typename P::Value reduce_member(const PullArgs<P>& a, VertexId row,
                                                           VertexId v, EdgeIndex j, EdgeIndex f) {
  typename P::Value acc = P::identity();
  const EdgeIndex end = a.csr.indptr[row + 1];
  for (EdgeIndex e = a.csr.indptr[row] + j; e < end; e += f) {
    const VertexId u = a.csr.indices[e];
    if (!P::kAllActive && !test_bit(a.frontier, u)) continue;
    const EdgeValue w = a.csr.weights ? a.csr.weights[e] : EdgeValue(1);
    acc = P::reduce(acc, gather_for<P>(a.messages[u], w, a.values + v));
    if (P::kLevelSynchronous && !P::kWholeLevel) break;
  }
  return acc;
}

// Members [vn_begin, vn_end): the families of the pulled rows.
template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    split_members_kernel(PullArgs<P> a, VirtualSplitView s, EdgeIndex vn_begin, EdgeIndex vn_end,
                         typename P::Value* partial) {
  if (a.global_sum) a.params.global_sum = *a.global_sum;
  LaneTotals totals;
  for_each_in_warps(vn_end - vn_begin, [&](std::size_t i, bool in) {
    const EdgeIndex vn = vn_begin + i;
    const VertexId row = in ? s.row_of[vn] : 0;
    const VertexId v = a.csr.rows.begin + row;
    bool changed = false;
    double change = 0.0;
    if (in) {
      const EdgeIndex first = s.first[row];
      const EdgeIndex f = s.first[row + 1] - first;
      const bool pulled = wants_pull(a, v);
      const typename P::Value acc =
          pulled ? reduce_member(a, row, v, vn - first, f) : P::identity();
      if (f > 1)
        partial[vn] = acc;
      else
        changed = pulled && apply_vertex(a, v, acc, change);
    }
    record_changes(a, changed, v, change, totals);
  });
  store_block_totals(a, totals);
}

// Split rows s.split_rows[lo .. hi).
template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    split_rows_kernel(PullArgs<P> a, VirtualSplitView s, std::size_t lo, std::size_t hi,
                      const typename P::Value* partial) {
  if (a.global_sum) a.params.global_sum = *a.global_sum;
  LaneTotals totals;
  for_each_in_warps(hi - lo, [&](std::size_t i, bool in) {
    const VertexId row = in ? s.split_rows[lo + i] : 0;
    const VertexId v = a.csr.rows.begin + row;
    bool changed = false;
    double change = 0.0;
    if (in && wants_pull(a, v)) {
      typename P::Value acc = P::identity();
      for (EdgeIndex vn = s.first[row]; vn < s.first[row + 1]; ++vn)
        acc = P::reduce(acc, partial[vn]);
      changed = apply_vertex(a, v, acc, change);
    }
    record_changes(a, changed, v, change, totals);
  });
  store_block_totals(a, totals, /*accumulate=*/true);
}

// out[i] = members of queue[i]'s family over its out-edges; out[size] = 0 (the scan then
// ends with all members).
__global__ void __launch_bounds__(kBlockThreads)
    queue_families_kernel(const VertexId* queue, std::size_t size, const EdgeIndex* targets_indptr,
                          unsigned k, EdgeIndex* out) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i <= size; i += stride)
    out[i] = i < size ? family_size(targets_indptr[queue[i] + 1] - targets_indptr[queue[i]], k) : 0;
}

// a.prefix: the exclusive scan of the queue's family sizes (queue_size + 1 entries).
template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    split_push_kernel(PushArgs a, unsigned k, typename P::Value* values, FrontierOut next) {
  static_assert(!P::kAllActive, "push needs a monotone frontier program");
  const EdgeIndex members = a.prefix[a.queue_size];
  const unsigned lane = lane_id();
  for (EdgeIndex base = global_warp() * 32; base < members; base += warp_stride() * 32) {
    const EdgeIndex m = base + lane;
    unsigned trips = 0;
    EdgeIndex e = 0, f = 1;
    typename P::Value message{};
    if (m < members) {
      const std::size_t slot = slot_of(a.prefix, 0, a.queue_size - 1, m);
      const VertexId u = a.queue[slot];
      const EdgeIndex start = a.targets.indptr[u];
      const EdgeIndex degree = a.targets.indptr[u + 1] - start;
      const EdgeIndex j = m - a.prefix[slot];
      f = family_size(degree, k);
      e = start + j;
      trips = degree > j ? static_cast<unsigned>((degree - j + f - 1) / f) : 0;
      message = P::emit(values[u], a.statics ? a.statics[u] : VertexStatic{});
    }
    // add_to_frontier is warp-wide: the warp runs as many rounds as its longest member.
    const unsigned rounds = __reduce_max_sync(kFullMask, trips);
    for (unsigned t = 0; t < rounds; ++t, e += f) {
      bool improved = false;
      VertexId target = 0;
      if (t < trips) {
        target = a.targets.targets[e];
        if (a.assigned.contains(target)) {
          const EdgeValue w = a.targets.weights ? a.targets.weights[e] : EdgeValue(1);
          improved = atomic_reduce<P>(values + target, P::gather(message, w));
        }
      }
      add_to_frontier(next, improved, target);
    }
  }
}

}  // namespace wg::kernels::graph::cuda
