// Rows too long for one warp (hubs of skewed graphs), pulled by many warps: warp
// segmentation balances the lanes of a warp, not the warps, so one vertex with a million
// in-edges would hold one warp for 30,000 rounds while the rest of the GPU idles. Rows of
// more than kHeavyDegree edges are left out of the WS and dynamic pulls and cut into
// chunks of kHeavyChunk edges instead; a warp reduces each chunk into a partial, and one
// pass then reduces each row's partials in chunk order (the same result on every run) and
// applies them.
#pragma once

#include "kernels/graph/cuda/warp_pull.cuh"

namespace wg::kernels::graph::cuda {

inline constexpr EdgeIndex kHeavyDegree = 4096;
inline constexpr EdgeIndex kHeavyChunk = 4096;

// The heavy rows of a partition and their chunks (device pointers).
struct HeavyRows {
  const VertexId* rows;          // vertices
  const EdgeIndex* first;        // rows + 1 entries: chunks of row i are first[i] .. first[i+1]
  const unsigned* chunk_row;     // row index of each chunk
  const EdgeIndex* chunk_begin;  // first edge of each chunk
  std::size_t count = 0;
  std::size_t chunks = 0;
};

template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    heavy_chunks_kernel(PullArgs<P> a, HeavyRows h, VertexRange assigned,
                        typename P::Value* partial) {
  using Value = typename P::Value;
  const unsigned lane = lane_id();
  for (std::size_t c = global_warp(); c < h.chunks; c += warp_stride()) {
    const VertexId v = h.rows[h.chunk_row[c]];
    Value acc = P::identity();
    if (assigned.contains(v) && wants_pull(a, v)) {
      const EdgeIndex row_end = a.csr.indptr[v - a.csr.rows.begin + 1];
      const EdgeIndex end =
          h.chunk_begin[c] + kHeavyChunk < row_end ? h.chunk_begin[c] + kHeavyChunk : row_end;
#pragma unroll 8
      for (EdgeIndex e = h.chunk_begin[c] + lane; e < end; e += 32)
        acc = P::reduce(acc, gather_edge(a, e, v));
    }
    for (int d = 16; d > 0; d >>= 1) acc = P::reduce(acc, __shfl_xor_sync(kFullMask, acc, d));
    if (lane == 0) partial[c] = acc;
  }
}

// One block: each heavy row of `assigned` reduces its partials in order and applies.
template <typename P>
__global__ void __launch_bounds__(kBlockThreads)
    heavy_apply_kernel(PullArgs<P> a, HeavyRows h, VertexRange assigned,
                       const typename P::Value* partial) {
  using Value = typename P::Value;
  if (a.global_sum) a.params.global_sum = *a.global_sum;
  LaneTotals totals;
  for_each_in_warps(h.count, [&](std::size_t i, bool in) {
    const VertexId v = in ? h.rows[i] : 0;
    bool changed = false;
    double change = 0.0;
    if (in && assigned.contains(v) && wants_pull(a, v)) {
      Value acc = P::identity();
      for (EdgeIndex c = h.first[i]; c < h.first[i + 1]; ++c) acc = P::reduce(acc, partial[c]);
      changed = apply_vertex(a, v, acc, change);
    }
    record_changes(a, changed, v, change, totals);
  });
  store_block_totals(a, totals);
}

}  // namespace wg::kernels::graph::cuda
