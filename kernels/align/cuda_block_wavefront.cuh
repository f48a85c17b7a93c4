// The block class (length_classes.hpp): one pair per K thread blocks ("slots") of
// kBlockWarps warps each, W = K x kBlockWarps warps in one chain. The query's row bands of
// 32 x kRowsPerThread rows go round-robin to the chain (band b to global warp b % W, that
// is slot (b / kBlockWarps) % K, warp b % kBlockWarps), and each warp sweeps its bands with
// the warp class's band sweep (sweep_band, cuda_wavefront.cuh). A band's bottom row (H and
// F per column) goes to the global warp's own row in global memory, rows[w][column], W rows
// of n entries per pair; every kPublishColumns columns the warp publishes how far it has
// got in a progress counter, and the warp of the next band reads its top row from there
// once the columns it needs are published. So the warps sweep their bands together, each a
// few column chunks behind the warp of the band above: a pipeline of W bands down the
// matrix. K is chosen per launch (cuda_block_kernels.cu): with few long pairs, several
// blocks per pair fill the GPU; K = 1 is one block per pair, its counters in shared memory.
//
// Progress counters of K > 1 live in global memory (kBlockProgressPerPair per pair, zeroed
// before the launch). The producer stores its row entries, fences at device scope, then
// stores the counter (volatile); the consumer reads the counter (volatile), fences, then
// loads the row entries through L2 (__ldcg), since L1 is not coherent between
// multiprocessors and the same row is rewritten every round of bands. With K = 1 every
// warp of the chain shares one multiprocessor, and block-scope fences with plain loads
// suffice (device-scope ones made a batch of 2,048 pairs of 2049 x 2049 1.8x slower).
//
// No deadlock: a band waits only for the band above it, band 0 for nothing, so each wait
// ends once the warps of the bands above have advanced, provided they are resident. Every
// warp of a block is resident until the block ends; for K > 1 the blocks of one pair wait
// on each other in a ring (slot 0 waits on slot K - 1 for its second round of bands), so
// all of them must be resident together: the launcher uses a cooperative launch, which is
// refused (an error, not a hang) unless the whole grid fits on the GPU at once, and picks K
// so that pairs x K blocks fit (occupancy x multiprocessors). A warp that waits sleeps a
// little (__nanosleep) between looks so that it leaves issue slots to the warps it waits
// for. Measured on an H200 (64 pairs of 10,000 x 10,000, K = 1): the same kernel with the
// waits taken out (wrong scores) ran 8% faster, and neither a head start of 128 to 512
// columns for each band nor spinning without sleep changed the time.
//
// Reuse of a warp's row without back-pressure: warp w writes rows[w][c] for band b + W
// only after computing column c of band b + W, which needs column c of band b + W - 1
// published, which needs column c of band b + W - 2, and so on up to band b + 1 (W >= 2).
// Band b + 1 publishes column c only after its first thread has loaded rows[w][c] (band
// b's value) and its last thread has computed the column from it, so the load is done
// before the rewrite starts.
#pragma once

#include "kernels/align/cuda_wavefront.cuh"

namespace wg::kernels::align::cuda {

inline constexpr int kBlockThreads = kBlockWarps * 32;
inline constexpr int kPublishColumns = 32;  // columns between progress updates
static_assert(kBlockWarps >= 2, "the row reuse argument above needs two warps or more");
static_assert(kBlockProgressPerPair >= kMaxBlockSlots * kBlockWarps + 2,
              "chain counters, the pair's best and its finished blocks");
static_assert(kPublishColumns % 32 == 0, "a band fetches its top row 32 columns at a time");

// The rows of one band as sweep_band sees them: reads the bottom row of the band above
// from its warp's row, writes its own bottom row to this warp's row.
//
// progress[w] counts the columns global warp w has produced over all its bands so far
// (band k of the warp, k = 0, 1, .., adds n), so a waiting warp never mistakes an earlier
// band's progress for the one it needs.
struct BlockBandRows {
  const int2* above;  // the row of the band above (its warp's row)
  int2* below;        // this warp's row
  const volatile unsigned* above_progress;
  volatile unsigned* own_progress;
  unsigned above_base;  // progress of the band above's warp before that band
  unsigned own_base;    // progress of this warp before this band
  int n;
  bool has_next;  // a later band reads this band's bottom row
  // Several blocks per pair: fences at device scope and row loads through L2. One block:
  // the block-scope fences and plain loads that suffice inside one multiprocessor.
  bool across_blocks;

  // `warp` is the global warp (slot x kBlockWarps + warp of the block), `chain` = W.
  __device__ BlockBandRows(int2* rows, unsigned* progress, int n_columns, int band, int bands,
                           int warp, int chain)
      : above(rows + static_cast<std::size_t>((warp + chain - 1) % chain) * n_columns),
        below(rows + static_cast<std::size_t>(warp) * n_columns),
        above_progress(progress + (warp + chain - 1) % chain),
        own_progress(progress + warp),
        above_base(static_cast<unsigned>((band - 1) / chain) * n_columns),
        own_base(static_cast<unsigned>(band / chain) * n_columns),
        n(n_columns),
        has_next(band + 1 < bands),
        across_blocks(chain > kBlockWarps) {}

  // Waits until the band above has produced its bottom row's entries [0, columns).
  __device__ void wait(int columns) const {
    const unsigned needed = above_base + static_cast<unsigned>(min(columns, n));
    while (*above_progress < needed) __nanosleep(100);
    fence();
  }
  __device__ int2 load(int column) const {
    return across_blocks ? __ldcg(above + column) : above[column];
  }
  // Called by the group's last thread for columns 0, 1, .., n - 1 in order.
  __device__ void store(int column, int h, int f) const {
    if (!has_next) return;
    below[column] = make_int2(h, f);
    if ((column + 1) % kPublishColumns == 0 || column == n - 1) {
      fence();
      *own_progress = own_base + static_cast<unsigned>(column + 1);
    }
  }
  __device__ void fence() const {
    if (across_blocks)
      __threadfence();
    else
      __threadfence_block();
  }
};

// Block x of the grid is slot x % slots of member x / slots. Every thread is active.
// Running bests are combined with atomicMax on values biased by -kMinusInfinity, so that
// a zeroed counter stands for "nothing yet" and negative bests (semi-global) stay ordered.
template <bool kUniform, bool kTrace, bool kLocal>
__global__ void __launch_bounds__(kBlockThreads, 1)
    block_wavefront_kernel(DevicePairs pairs, DeviceScoring scoring,
                           const int* __restrict__ table_in, int slots) {
  constexpr int G = 32;
  constexpr int kBandRows = G * kRowsPerThread;
  __shared__ int table[kAlphabetSlots * kAlphabetSlots];
  __shared__ unsigned block_progress[kBlockWarps];
  __shared__ int block_best;
  if (!kUniform) copy_table(table, table_in);
  if (threadIdx.x < kBlockWarps) block_progress[threadIdx.x] = 0;
  if (threadIdx.x == 0) block_best = 0;  // biased: kMinusInfinity
  __syncthreads();

  const int warp = static_cast<int>(threadIdx.x) / G;
  const int t = static_cast<int>(threadIdx.x) % G;
  const unsigned member = blockIdx.x / static_cast<unsigned>(slots);
  const int slot = static_cast<int>(blockIdx.x % static_cast<unsigned>(slots));
  const int chain = slots * kBlockWarps;             // W: warps of the pair
  const int chain_warp = slot * kBlockWarps + warp;  // this warp's place in the chain
  // One block: counters in shared memory. Several: the pair's counters in global memory,
  // chain counters first, then the pair's best score and the count of finished blocks.
  unsigned* pair_counters =
      pairs.block_progress + static_cast<std::size_t>(member) * kBlockProgressPerPair;
  unsigned* progress = slots == 1 ? block_progress : pair_counters;
  const std::uint32_t p = pairs.members[member];
  PairView pair;
  pair.m = static_cast<int>(pairs.lengths[pairs.query[p]]);
  pair.n = static_cast<int>(pairs.lengths[pairs.target[p]]);
  pair.query = pairs.residues + pairs.offsets[pairs.query[p]];
  pair.target = pairs.residues + pairs.offsets[pairs.target[p]];
  const int bands = (pair.m + kBandRows - 1) / kBandRows;
  int2* rows = bands > 1 ? pairs.carry + pairs.carry_offset[member] : nullptr;
  std::uint64_t* directions = nullptr;
  std::int32_t* edges = nullptr;
  if (kTrace) {
    directions = pairs.directions + pairs.direction_offset[member];
    edges = pairs.edges + pairs.edge_offset[member];
    if (threadIdx.x == 0 && slot == 0 && !kLocal) write_boundary_edges(edges, pair, scoring);
  }

  BandEnds ends;
  ends.best = initial_best(kLocal, pair, scoring);
  for (int band = chain_warp; band < bands; band += chain) {
    BlockBandRows band_rows(rows, progress, pair.n, band, bands, chain_warp, chain);
    sweep_band<G, kUniform ? Substitution::uniform : Substitution::table, kTrace, kLocal>(
        band, t, pair.n + G - 1, true, pair, scoring, table, QueryProfile<kRowsPerThread>{},
        band_rows, directions, edges, ends);
  }
  if (kTrace) return;  // the traceback kernel picks the end cell and the score
  if (kLocal || ends_free(scoring.free_ends)) {
    // The last column runs through every band (local: every cell): the best cell may be
    // in any warp of any slot. The last slot to finish writes the pair's best.
    for (int offset = G / 2; offset > 0; offset /= 2)
      ends.best = max(ends.best, __shfl_xor_sync(kFullMask, ends.best, offset));
    if (t == 0) atomicMax(&block_best, ends.best - kMinusInfinity);
    __syncthreads();
    if (threadIdx.x != 0) return;
    if (slots == 1) {
      pairs.scores[p] = block_best + kMinusInfinity;
      return;
    }
    int* pair_best = reinterpret_cast<int*>(pair_counters + kMaxBlockSlots * kBlockWarps);
    unsigned* finished = pair_counters + kMaxBlockSlots * kBlockWarps + 1;
    atomicMax(pair_best, block_best);
    __threadfence();
    if (atomicAdd(finished, 1u) == static_cast<unsigned>(slots) - 1)
      pairs.scores[p] = atomicMax(pair_best, 0) + kMinusInfinity;  // reads the final best
  } else if (ends.owns_corner) {
    pairs.scores[p] = ends.corner;
  }
}

}  // namespace wg::kernels::align::cuda
