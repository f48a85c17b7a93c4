// Row blocks (after CSR-Adaptive, Greathouse and Daga, SC'14): the pull of programs that
// recompute every vertex. The stored rows are cut once, at load, into blocks of
// consecutive rows holding at most kRowBlockEdges in-edges (and at most one row per
// thread). A thread block then works in two phases with no search and no shuffle per
// edge: it stages the messages of all its edges into shared memory, each thread loading
// every 256th edge (the index loads are coalesced and many gathers are in flight), and
// then reduces each row from shared memory in one round, each row with a group of as
// many lanes as the block's rows leave. A long row runs alone, reduced by the whole block
// straight from memory; rows longer than kHeavyDegree go to heavy_rows.cuh as for WS.
#pragma once

#include "kernels/graph/cuda/warp_pull.cuh"
#include "kernels/graph/row_blocks.hpp"

namespace wg::kernels::graph::cuda {

static_assert(kRowBlockRows == kBlockThreads, "the reduce phase gives each row a thread at least");
static_assert(kRowBlockEdges % kBlockThreads == 0, "every thread stages the same number of edges");

// The blocks of a partition (device pointer): block b holds rows first[b] .. first[b+1]
// of the stored range (row = vertex - stored.begin), cut by cut_row_blocks.
struct RowBlocks {
  const VertexId* first = nullptr;
  std::size_t count = 0;
};

// A long row (a block of its own; at most kHeavyDegree edges when heavy rows are split
// off): every thread of the block gathers a strided share, then warps and the block reduce.
template <typename P>
__device__ void pull_long_row(const PullArgs<P>& a, VertexId row, typename P::Value* scratch,
                              LaneTotals& totals) {
  using Value = typename P::Value;
  const auto v = static_cast<VertexId>(a.csr.rows.begin + row);
  const bool pulled = wants_pull(a, v);
  Value acc = P::identity();
  if (pulled) {
    const EdgeIndex end = a.csr.indptr[row + 1];
#pragma unroll 8
    for (EdgeIndex e = a.csr.indptr[row] + threadIdx.x; e < end; e += kBlockThreads)
      acc = P::reduce(acc, gather_from(a, __ldcs(a.csr.indices + e), e, v));
  }
  for (int d = 16; d > 0; d >>= 1) acc = P::reduce(acc, __shfl_xor_sync(kFullMask, acc, d));
  if (lane_id() == 0) scratch[threadIdx.x / 32] = acc;
  __syncthreads();
  double change = 0.0;
  bool changed = false;
  if (threadIdx.x == 0 && pulled) {
    Value sum = P::identity();
    for (int w = 0; w < kWarpsPerBlock; ++w) sum = P::reduce(sum, scratch[w]);
    changed = apply_vertex(a, v, sum, change);
  }
  record_changes(a, changed, v, change, totals);
  __syncthreads();  // scratch is staged into next
}

inline constexpr int kPerThread = kRowBlockEdges / kBlockThreads;

// The vertex whose in-edge is staged at k: only programs whose gather reads its target's
// value need it (a search of the block's row starts); the others get the block's first.
template <typename P>
__device__ __forceinline__ VertexId vertex_of_staged(const PullArgs<P>& a, const EdgeIndex* offsets,
                                                     VertexId r0, VertexId rows, EdgeIndex k) {
  VertexId first = 0;
  if constexpr (P::kGathersTarget) {
    for (VertexId count = rows; count > 1;) {
      const VertexId half = count / 2;
      if (offsets[first + half] <= k) {
        first += half;
        count -= half;
      } else {
        count = half;
      }
    }
  }
  return static_cast<VertexId>(a.csr.rows.begin + r0 + first);
}

template <typename P>
__global__ void __launch_bounds__(kBlockThreads, kBlocksPerSm)
    row_block_pull_kernel(PullArgs<P> a, RowBlocks blocks, VertexRange range) {
  using Value = typename P::Value;
  __shared__ Value staged[kRowBlockEdges];
  __shared__ EdgeIndex offsets[kRowBlockRows + 1];  // row starts within `staged`
  if (a.global_sum) a.params.global_sum = *a.global_sum;
  const VertexId lo = range.begin - a.csr.rows.begin, hi = range.end - a.csr.rows.begin;
  LaneTotals totals;
  // Everything that decides control flow below is the same for the whole block, so the
  // barriers are reached by every thread.
  for (std::size_t b = blockIdx.x; b < blocks.count; b += gridDim.x) {
    const VertexId r0 = max(blocks.first[b], lo), r1 = min(blocks.first[b + 1], hi);
    if (r0 >= r1) continue;
    const EdgeIndex e0 = a.csr.indptr[r0], edges = a.csr.indptr[r1] - e0;
    const VertexId rows = r1 - r0;
    if (rows == 1) {
      if (a.heavy_degree == 0 || edges <= a.heavy_degree) pull_long_row(a, r0, staged, totals);
      continue;
    }
    for (VertexId i = threadIdx.x; i <= rows; i += kBlockThreads)
      offsets[i] = a.csr.indptr[r0 + i] - e0;
    if constexpr (P::kGathersTarget) __syncthreads();
    // Every thread gathers its (up to) kPerThread edges into registers first, so all of
    // their loads are in flight at once, then stores them.
    Value got[kPerThread];
#pragma unroll
    for (int j = 0; j < kPerThread; ++j) {
      const EdgeIndex k = threadIdx.x + static_cast<EdgeIndex>(j) * kBlockThreads;
      // Each index is read once: streamed past L2 (evict first), where the messages stay.
      got[j] = k < edges ? gather_from(a, __ldcs(a.csr.indices + e0 + k), e0 + k,
                                       vertex_of_staged<P>(a, offsets, r0, rows, k))
                         : P::identity();
    }
#pragma unroll
    for (int j = 0; j < kPerThread; ++j) {
      const EdgeIndex k = threadIdx.x + static_cast<EdgeIndex>(j) * kBlockThreads;
      if (k < edges) staged[k] = got[j];
    }
    __syncthreads();
    // One round: each row gets a group of lanes, as many as the rows leave (a power of
    // two, at most 32 so that a group sits in one warp and reduces by shuffles). Short
    // rows (at most kLongRow edges) bound the serial sums.
    unsigned lanes = 1;
    while (lanes < 32 && 2 * lanes * rows <= kBlockThreads) lanes *= 2;
    const unsigned member = threadIdx.x % lanes;
    const VertexId i = threadIdx.x / lanes;
    const auto v = static_cast<VertexId>(a.csr.rows.begin + r0 + i);
    const bool on = i < rows && wants_pull(a, v);
    Value acc = P::identity();
    if (on)
      for (EdgeIndex k = offsets[i] + member; k < offsets[i + 1]; k += lanes)
        acc = P::reduce(acc, staged[k]);
    for (unsigned d = lanes / 2; d > 0; d >>= 1)
      acc = P::reduce(acc, __shfl_xor_sync(kFullMask, acc, d, lanes));
    double change = 0.0;
    const bool changed = on && member == 0 && apply_vertex(a, v, acc, change);
    record_changes(a, changed, v, change, totals);
    __syncthreads();  // staged and offsets are refilled for the next block
  }
  store_block_totals(a, totals);
}

}  // namespace wg::kernels::graph::cuda
