// The CUDA alignment kernels: one templated wavefront kernel covers the length classes of
// one group per pair (see length_classes.hpp), in a score-only form (DPX instructions on
// sm_90) and a traceback form that stores 4 direction bits per cell (trace_cell), each for global
// and semi-global alignment (free ends are run-time flags) and for local alignment; a second kernel
// (cuda_traceback_kernels.cu) walks the directions back, one warp per pair. The sweep
// of one row band (sweep_band) is shared with the block class (cuda_block_wavefront.cuh),
// which hands the bands of one pair to the warps of a block.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/align/cuda_query_profile.cuh"
#include "kernels/align/length_class_dispatch.cuh"
#include "kernels/align/length_classes.hpp"
#include "kernels/align/nw_rules.hpp"
#include "kernels/align/nw_types.hpp"
#include "src/common/cuda_check.hpp"

namespace wg::kernels::align::cuda {

// The pairs of one launch: `members` lists batch pair indices; per-member offsets locate
// each pair's scratch space (carried rows, directions, edge scores).
struct DevicePairs {
  const std::uint8_t* residues;
  const std::uint64_t* offsets;
  const std::uint32_t* lengths;
  const std::uint32_t* query;
  const std::uint32_t* target;
  const std::uint32_t* members;
  std::uint32_t count;
  std::int32_t* scores;  // per batch pair
  int2* carry;           // rows carried between passes
  const std::uint64_t* carry_offset;
  std::uint64_t* directions;  // traceback: 16 cells x 4 bits per word (direction_index)
  const std::uint64_t* direction_offset;
  std::int32_t* edges;  // traceback: H of the last row (n+1) then last column (m+1)
  const std::uint64_t* edge_offset;
  char* ops;  // traceback: operations, back to front
  const std::uint64_t* ops_offset;
  std::uint32_t* op_counts;
  int4* regions;  // traceback, per member: the aligned region (AlignedRegion)
  // Block class only (cuda_block_wavefront.cuh): hand-off counters in global memory,
  // kBlockProgressPerPair per member, and the chunk's longest query, which bounds how many
  // blocks a pair can use.
  unsigned* block_progress;
  std::uint32_t longest_query;
};

struct DeviceScoring {
  std::int32_t open;
  std::int32_t extend;
  std::int32_t match;
  std::int32_t mismatch;
  std::uint8_t free_ends;  // FreeEnd bits
  bool local;
  int letters;  // residue codes are below it (KernelScoring::letters)
};

inline constexpr int kThreadsPerBlock = 128;
// Blocks of the traceback form resident per multiprocessor. Unbounded, its registers
// allow 4; 5 (96 registers, no spills) measured the same to 3% faster on one H200, 6
// spilled and was slower.
inline constexpr int kTraceBlocksPerMultiprocessor = 5;
inline constexpr unsigned kFullMask = 0xffffffffu;

// max(a + b, c): one DPX instruction on sm_90, two elsewhere.
__device__ __forceinline__ int add_max(int a, int b, int c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __viaddmax_s32(a, b, c);
#else
  return max(a + b, c);
#endif
}

// max(a, b, c): one DPX instruction on sm_90.
__device__ __forceinline__ int max3(int a, int b, int c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __vimax3_s32(a, b, c);
#else
  return max(max(a, b), c);
#endif
}

// max(a, b, c, 0): one DPX instruction on sm_90.
__device__ __forceinline__ int max3_relu(int a, int b, int c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __vimax3_s32_relu(a, b, c);
#else
  return max(max(max(a, b), c), 0);
#endif
}

// The block's threads copy the substitution table (kAlphabetSlots x kAlphabetSlots) into
// shared memory; the caller synchronises. Kernels copy it for the table form only: the
// profile form builds its profiles from global memory, where a shared copy would cost a
// block of profiles per multiprocessor.
__device__ __forceinline__ void copy_table(int* shared, const int* __restrict__ table) {
  for (int k = static_cast<int>(threadIdx.x); k < kAlphabetSlots * kAlphabetSlots;
       k += static_cast<int>(blockDim.x))
    shared[k] = table[k];
}

// Largest value over the warp (every lane must call it).
__device__ __forceinline__ unsigned warp_max(unsigned v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_max_sync(kFullMask, v);
#else
  for (int offset = 16; offset > 0; offset /= 2) v = max(v, __shfl_xor_sync(kFullMask, v, offset));
  return v;
#endif
}

// A traceback step's direction word: the 4 direction bits of each of a thread's
// kRowsPerThread rows at one column, as four 16-bit planes (bits 48-63 extend-F, 32-47
// extend-E, 16-31 from-F, 0-15 from-E), register slot s at bit 15 - s of each plane. Planes
// let every writer build its word with one instruction per bit: the 32-bit kernel shifts
// a sign into each plane (DirectionPlanes), the packed kernel ORs sign bytes of both its
// pairs into place (cuda_packed.cuh).
static_assert(kRowsPerThread == 16, "a step's direction bits fill four 16-bit planes");
struct DirectionPlanes {
  unsigned extend_f = 0;
  unsigned extend_e = 0;
  unsigned from_f = 0;
  unsigned from_e = 0;
  // Each plane has taken exactly kRowsPerThread bits, so nothing lies above bit 15.
  __device__ std::uint64_t word() const {
    return static_cast<std::uint64_t>(extend_f << 16 | extend_e) << 32 | (from_f << 16 | from_e);
  }
};

// The DirectionBits of register slot `slot` in a step's word. The planes are in
// DirectionBits order (from-E 1, from-F 2, extend-E 4, extend-F 8), so one shift brings the
// slot's bit of every plane 16 apart and a few masks gather them. The packed kernel stores
// "E beats the diagonal" in the from-E plane whether or not F beats both, so from-E counts
// only without from-F, except in local alignment (32-bit kernels only), where both bits
// set mean kFromZero.
__device__ __forceinline__ std::uint8_t direction_bits(std::uint64_t word, int slot, bool local) {
  const std::uint64_t at = word >> (kRowsPerThread - 1 - slot);
  const auto low = static_cast<unsigned>(at);
  const auto high = static_cast<unsigned>(at >> 32);
  unsigned bits = (low & 1u) | ((low >> 15) & 2u) | ((high << 2) & 4u) | ((high >> 13) & 8u);
  if (!local) bits &= ~(bits >> 1 & 1u);
  return static_cast<std::uint8_t>(bits);
}

// Direction bits of one row of a traceback step, the cell gotoh_cell computes (same
// scores, same bits), written for the GPU: every choice is the sign of a difference, and
// push_sign shifts that sign into its plane, so a cell costs its maxima (DPX), one
// difference per choice and one funnel shift per bit instead of compare-and-select chains
// (26 instructions per cell before, about 17 now). h_left_open and up_open are H - open of
// the cells to the left and above; e and f are updated in place.
__device__ __forceinline__ unsigned push_sign(unsigned plane, int difference) {
  return __funnelshift_l(static_cast<unsigned>(difference), plane, 1);
}
template <bool kLocal>
__device__ __forceinline__ int trace_cell(int diagonal_score, int h_left_open, int up_open, int& e,
                                          int& f, int extend, DirectionPlanes& planes) {
  const int extend_e = h_left_open - e + (extend - 1);  // < 0: E extends (ties too)
  e = add_max(e, -extend, h_left_open);
  const int extend_f = up_open - f + (extend - 1);  // < 0: F extends
  f = add_max(f, -extend, up_open);
  const int e_wins = diagonal_score - e;  // < 0: E beats the diagonal
  const int h_de = max(diagonal_score, e);
  int f_wins = h_de - f;  // < 0: F beats both
  int h = max(h_de, f);
  int from_e = e_wins & ~f_wins;
  if constexpr (kLocal) {
    const int zero = h - 1;  // < 0: a fresh start (kFromZero sets both source bits)
    from_e |= zero;
    f_wins |= zero;
    h = max(h, 0);
  }
  planes.extend_f = push_sign(planes.extend_f, extend_f);
  planes.extend_e = push_sign(planes.extend_e, extend_e);
  planes.from_f = push_sign(planes.from_f, f_wins);
  planes.from_e = push_sign(planes.from_e, from_e);
  return h;
}

// Where a step's direction word goes in a pair's directions: step-major within a band,
// so that the G threads of a group, which are at steps s of rows band*G*R + t*R, write
// G consecutive words (one coalesced store per step instead of G scattered ones). The
// word of thread t of band `band` at column j (0-based; step s = j + t) is at
// (band * (n + G - 1) + j + t) * G + t; a band holds n + G - 1 steps.
__host__ __device__ constexpr std::uint64_t direction_index(int band, int t, int j, int n, int G) {
  return (static_cast<std::uint64_t>(band) * static_cast<unsigned>(n + G - 1) +
          static_cast<unsigned>(j + t)) *
             static_cast<unsigned>(G) +
         static_cast<unsigned>(t);
}
// Words a pair of m x n cells needs with groups of G threads of R rows: whole bands.
__host__ __device__ constexpr std::uint64_t direction_words(std::uint32_t m, std::uint32_t n, int G,
                                                            int R = kRowsPerThread) {
  const std::uint64_t rows_per_band = static_cast<std::uint64_t>(G) * R;
  return (m + rows_per_band - 1) / rows_per_band * (n + G - 1) * G;
}

// H of the row owned by register slot `slot` (a compile-time unrolled select keeps h in
// registers).
template <int R>
__device__ __forceinline__ int select_row(const int (&h)[R], int slot) {
  int v = h[0];
#pragma unroll
  for (int r = 1; r < R; ++r)
    if (r == slot) v = h[r];
  return v;
}

// One pair as the threads sweeping it see it.
struct PairView {
  int m = 0;  // query length (rows)
  int n = 0;  // target length (columns)
  const std::uint8_t* query = nullptr;
  const std::uint8_t* target = nullptr;
};

// What one thread learns about the end cell over the bands it sweeps.
struct BandEnds {
  int best = 0;              // free trailing gaps: best of the last row and column, seeded
                             // with gap_only_end_score; local: best of its cells (from 0)
  int corner = 0;            // trailing gaps charged: H[m][n]
  bool owns_corner = false;  // this thread holds row m
};

// Where the running best of a pair starts (see BandEnds).
__device__ __forceinline__ int initial_best(bool local, const PairView& pair,
                                            const DeviceScoring& scoring) {
  return local
             ? 0
             : gap_only_end_score(pair.m, pair.n, scoring.open, scoring.extend, scoring.free_ends);
}

// Traceback of a local alignment: the best cell of row-thread k (rows k*R+1 .. k*R+R) goes
// to edges[3k .. 3k+2] as score, i, j; the walk-back kernel picks the best of them.
__device__ __forceinline__ void store_local_end(std::int32_t* edges, int row_thread,
                                                const EndCell& end) {
  edges[3 * row_thread] = end.score;
  edges[3 * row_thread + 1] = end.i;
  edges[3 * row_thread + 2] = end.j;
}

// Sweeps row band `band` of a pair (rows band*G*R+1 .. (band+1)*G*R, 1-based) across all
// target columns: thread t of the group holds R rows, one column per step, one step
// behind thread t-1; `steps` is n + G - 1, or more when the warp holds longer pairs, and
// `live` is false for a band past this pair's last one (other pairs of the warp are
// longer), which computes nothing that is read. Band 0 reads the boundary row; every other
// band reads the bottom row of the band above through `rows`:
//   rows.wait(columns)  called by every lane of the warp at the same steps, before the
//                       entries [0, columns) of the row above are loaded;
//   rows.load(column)   H and F of the row above, for column < n;
//   rows.store(column, h, f)  the group's last thread hands over the band's bottom row.
// Local alignment (kLocal) floors H at 0 and keeps the best cell of every row.
// kScores says how substitution scores are found: match/mismatch, the shared table, or
// the thread's query profile (`profile`, rebuilt for each band).
template <int G, Substitution kScores, bool kTrace, bool kLocal, typename Rows>
__device__ __forceinline__ void sweep_band(int band, int t, int steps, bool live,
                                           const PairView& pair, const DeviceScoring& scoring,
                                           const int* table,
                                           const QueryProfile<kRowsPerThread>& profile, Rows& rows,
                                           std::uint64_t* directions, std::int32_t* edges,
                                           BandEnds& ends) {
  constexpr int R = kRowsPerThread;
  const int m = pair.m;
  const int n = pair.n;
  const int open = scoring.open;
  const int extend = scoring.extend;
  const std::uint8_t free_ends = scoring.free_ends;
  const bool target_end_free = (free_ends & kFreeTargetEnd) != 0;
  const bool query_end_free = (free_ends & kFreeQueryEnd) != 0;
  const int row0 = (band * G + t) * R;  // rows row0+1 .. row0+R (1-based)
  const int last_slot = m - 1 - row0;   // register slot of row m, when in range
  const bool owns_last_row = last_slot >= 0 && last_slot < R;
  int h[R];
  int h_open[R];  // h - open, shared by the next column's E and the next row's F
  int e[R];
  int codes[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    codes[r] = row0 + r < m ? pair.query[row0 + r] : 0;
    h[r] = column0_score(row0 + r + 1, open, extend, free_ends);
    h_open[r] = h[r] - open;
    e[r] = kMinusInfinity;
  }
  if constexpr (kScores == Substitution::profile) profile.build(codes, table);
  int diagonal_top = column0_score(row0, open, extend, free_ends);
  EndCell local_end{0, 0, 0};  // kLocal && kTrace: this band's best cell of this thread

  // Column inputs of the group's first thread, fetched a chunk of G columns at a time:
  // lane t holds column chunk * G + t.
  auto fetch = [&](int column, int& h_top, int& f_top, int& code) {
    if (live && column < n) {
      code = pair.target[column];
      if (band == 0) {
        h_top = row0_score(column + 1, open, extend, free_ends);
        f_top = kMinusInfinity;
      } else {
        const int2 v = rows.load(column);
        h_top = v.x;
        f_top = v.y;
      }
    } else {
      h_top = kMinusInfinity;
      f_top = kMinusInfinity;
      code = 0;
    }
  };
  int cur_h, cur_f, cur_code, next_h, next_f, next_code;
  if (band > 0) rows.wait(2 * G);
  fetch(t, cur_h, cur_f, cur_code);
  fetch(G + t, next_h, next_f, next_code);
  int out_h = kMinusInfinity;
  int out_f = kMinusInfinity;
  int out_code = 0;

  for (int s = 0; s < steps; ++s) {
    const int k = s % G;
    if (s > 0 && k == 0) {
      cur_h = next_h;
      cur_f = next_f;
      cur_code = next_code;
      if (band > 0) rows.wait((s / G + 2) * G);
      fetch((s / G + 1) * G + t, next_h, next_f, next_code);
    }
    const int chunk_h = __shfl_sync(kFullMask, cur_h, k, G);
    const int chunk_f = __shfl_sync(kFullMask, cur_f, k, G);
    const int chunk_code = __shfl_sync(kFullMask, cur_code, k, G);
    int up_h = __shfl_up_sync(kFullMask, out_h, 1, G);
    int f = __shfl_up_sync(kFullMask, out_f, 1, G);
    int code = __shfl_up_sync(kFullMask, out_code, 1, G);
    if (t == 0) {
      up_h = chunk_h;
      f = chunk_f;
      code = chunk_code;
    }
    const int j = s - t;  // 0-based column of this step
    if (j < 0 || j >= n) continue;

    const int diagonal = diagonal_top;
    diagonal_top = up_h;
    int up_open = up_h - open;
    [[maybe_unused]] DirectionPlanes planes;  // kTrace
    [[maybe_unused]] unsigned column[QueryProfile<R>::W];
    if constexpr (kScores == Substitution::profile) profile.column(code, column);
    auto substitution = [&](int r) {
      if constexpr (kScores == Substitution::uniform)
        return codes[r] == code ? scoring.match : scoring.mismatch;
      else if constexpr (kScores == Substitution::table)
        return table[codes[r] * kAlphabetSlots + code];
      else
        return QueryProfile<R>::score(column, r);
    };
    // The next row's diagonal score is taken from a row's old H before its new H exists,
    // so the new H takes the old one's register: with the diagonal kept as H, each step
    // moved the rows' H one register along and copied them back (a fifth of the score
    // form's instructions).
    int diagonal_score = diagonal + substitution(0);
#pragma unroll
    for (int r = 0; r < R; ++r) {
      const int next_diagonal_score = r + 1 < R ? h[r] + substitution(r + 1) : 0;
      int h_new;
      if constexpr (kTrace) {
        h_new = trace_cell<kLocal>(diagonal_score, h[r] - open, up_open, e[r], f, extend, planes);
        up_open = h_new - open;
        if (kLocal && row0 + r < m && better_local_end(h_new, row0 + r + 1, j + 1, local_end))
          local_end = EndCell{h_new, row0 + r + 1, j + 1};
      } else {
        e[r] = add_max(e[r], -extend, h_open[r]);
        f = add_max(f, -extend, up_open);
        h_new = kLocal ? max3_relu(diagonal_score, e[r], f) : max3(diagonal_score, e[r], f);
        up_open = h_new - open;
        h_open[r] = up_open;
        if (kLocal && row0 + r < m) ends.best = max(ends.best, h_new);
      }
      h[r] = h_new;
      up_h = h_new;
      diagonal_score = next_diagonal_score;
    }
    out_h = up_h;
    out_f = f;
    out_code = code;
    if (t == G - 1) rows.store(j, out_h, out_f);
    if (kTrace && row0 < m) directions[direction_index(band, t, j, n, G)] = planes.word();
    if constexpr (kLocal) continue;  // local ends: tracked per cell above
    if (owns_last_row && (target_end_free || kTrace)) {
      const int v = select_row(h, last_slot);
      ends.best = max(ends.best, v);
      if (kTrace) edges[j + 1] = v;
    }
    if (j == n - 1) {
#pragma unroll
      for (int r = 0; r < R; ++r)
        if (row0 + r < m) {
          if (query_end_free) ends.best = max(ends.best, h[r]);
          if (kTrace) edges[n + 2 + row0 + r] = h[r];
        }
      if (owns_last_row) {
        ends.corner = select_row(h, last_slot);
        ends.owns_corner = true;
      }
    }
  }
  if (kTrace && kLocal && row0 < m) store_local_end(edges, band * G + t, local_end);
}

// Writes a pair's score from the ends its threads found: the corner when trailing gaps
// are charged, else the best over the group of G threads (every lane of the warp calls it).
template <int G, bool kLocal>
__device__ __forceinline__ void write_score(BandEnds& ends, bool active, int t, std::uint32_t p,
                                            const DevicePairs& pairs,
                                            const DeviceScoring& scoring) {
  if (kLocal || ends_free(scoring.free_ends)) {
#pragma unroll
    for (int offset = G / 2; offset > 0; offset /= 2)
      ends.best = max(ends.best, __shfl_xor_sync(kFullMask, ends.best, offset, G));
    if (active && t == 0) pairs.scores[p] = ends.best;
  } else if (active && ends.owns_corner) {
    pairs.scores[p] = ends.corner;
  }
}

// Rows between the passes of a group: its last thread writes the band's bottom row into
// `carry` and the next pass reads it back as its top row. Within a pass the reads of a
// column run G or more steps ahead of its write, so one row of memory serves both.
struct PassCarry {
  int2* carry;
  bool has_next;  // a later pass of this pair reads the row
  __device__ void wait(int) const {}
  __device__ int2 load(int column) const { return carry[column]; }
  __device__ void store(int column, int h, int f) const {
    if (has_next) carry[column] = make_int2(h, f);
  }
};

// Writes the H of the two boundary cells of the last row and column (traceback of global
// and semi-global alignments).
__device__ __forceinline__ void write_boundary_edges(std::int32_t* edges, const PairView& pair,
                                                     const DeviceScoring& scoring) {
  edges[0] = column0_score(pair.m, scoring.open, scoring.extend, scoring.free_ends);  // H[m][0]
  edges[pair.n + 1] =
      row0_score(pair.n, scoring.open, scoring.extend, scoring.free_ends);  // H[0][n]
}

// Profile form: launched with kProfileThreadsPerBlock threads and profile_bytes(letters,
// kRowsPerThread, 1) of dynamic shared memory, the profiles built from the table in global
// memory (a shared copy would cost the multiprocessor a block of profiles).
template <int G, Substitution kScores, bool kTrace, bool kLocal>
__global__ void __launch_bounds__(kThreadsPerBlock, kTrace ? kTraceBlocksPerMultiprocessor : 1)
    wavefront_kernel(DevicePairs pairs, DeviceScoring scoring, const int* __restrict__ table_in) {
  constexpr int R = kRowsPerThread;
  constexpr bool kSharedTable = kScores == Substitution::table;
  __shared__ int shared_table[kSharedTable ? kAlphabetSlots * kAlphabetSlots : 1];
  extern __shared__ unsigned profile_memory[];
  if constexpr (kSharedTable) {
    copy_table(shared_table, table_in);
    __syncthreads();
  }
  const int* table = kSharedTable ? shared_table : table_in;
  const QueryProfile<R> profile{profile_memory + threadIdx.x, scoring.letters};

  const int t = static_cast<int>(threadIdx.x) % G;  // position in the pair's group
  const unsigned member = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  const bool active = member < pairs.count;
  PairView pair;
  std::uint32_t p = 0;
  if (active) {
    p = pairs.members[member];
    pair.m = static_cast<int>(pairs.lengths[pairs.query[p]]);
    pair.n = static_cast<int>(pairs.lengths[pairs.target[p]]);
    pair.query = pairs.residues + pairs.offsets[pairs.query[p]];
    pair.target = pairs.residues + pairs.offsets[pairs.target[p]];
  }
  // Every lane of a warp runs the same number of steps (shuffles need them all).
  const int warp_m = static_cast<int>(warp_max(static_cast<unsigned>(pair.m)));
  const int warp_n = static_cast<int>(warp_max(static_cast<unsigned>(pair.n)));
  const int passes = (warp_m + G * R - 1) / (G * R);
  const int pair_passes = (pair.m + G * R - 1) / (G * R);
  const int steps = warp_n + G - 1;
  int2* carry = active && pair_passes > 1 ? pairs.carry + pairs.carry_offset[member] : nullptr;
  std::uint64_t* directions = nullptr;
  std::int32_t* edges = nullptr;
  if (kTrace && active) {
    directions = pairs.directions + pairs.direction_offset[member];
    edges = pairs.edges + pairs.edge_offset[member];
    if (t == 0 && !kLocal) write_boundary_edges(edges, pair, scoring);
  }
  BandEnds ends;
  ends.best = initial_best(kLocal, pair, scoring);
  for (int pass = 0; pass < passes; ++pass) {
    PassCarry rows{carry, pass + 1 < pair_passes};
    sweep_band<G, kScores, kTrace, kLocal>(pass, t, steps, active && pass < pair_passes, pair,
                                           scoring, table, profile, rows, directions, edges, ends);
    __syncwarp();
  }
  if (kTrace) return;  // the traceback kernel picks the end cell and the score
  write_score<G, kLocal>(ends, active, t, p, pairs, scoring);
}

// Launches `kernel` over `threads` threads: blocks of kThreadsPerBlock, or for the profile
// form blocks of kProfileThreadsPerBlock with `profile` bytes of dynamic shared memory.
template <Substitution kScores, typename Kernel, typename... Args>
void launch_wavefront(Kernel* kernel, std::uint64_t threads, std::size_t profile,
                      cudaStream_t stream, Args... args) {
  const bool with_profile = kScores == Substitution::profile;
  const int block = with_profile ? kProfileThreadsPerBlock : kThreadsPerBlock;
  const std::size_t shared = with_profile ? profile : 0;
  if (with_profile)
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(shared)));
  const auto blocks = static_cast<unsigned>((threads + block - 1) / block);
  kernel<<<blocks, block, shared, stream>>>(args...);
}

// Launches the wavefront kernel of one length class and scoring form, with or without
// direction bits (dispatch_length_class picks G and kScores); each launcher file
// instantiates only its own form.
template <bool kTrace>
struct WavefrontLaunch {
  const DevicePairs& pairs;
  const DeviceScoring& scoring;
  const int* table;
  cudaStream_t stream;

  template <int G, Substitution kScores>
  void run() const {
    const std::uint64_t threads = std::uint64_t{pairs.count} * G;
    const std::size_t profile = profile_bytes(scoring.letters, kRowsPerThread, 1);
    if (scoring.local)
      launch_wavefront<kScores>(wavefront_kernel<G, kScores, kTrace, true>, threads, profile,
                                stream, pairs, scoring, table);
    else
      launch_wavefront<kScores>(wavefront_kernel<G, kScores, kTrace, false>, threads, profile,
                                stream, pairs, scoring, table);
  }
};

// Host launchers (cuda_score_kernels.cu, cuda_traceback_kernels.cu, and for the block
// class cuda_block_kernels.cu, which never takes the profile form). launch_traceback's
// `packed_rows`: 0, or the chunk's pairs go two to a register with bands of this many rows
// per thread (cuda_packed.cuh), carried rows per group.
void launch_score(int length_class, Substitution scores, const DevicePairs& pairs,
                  const DeviceScoring& scoring, const int* table, cudaStream_t stream);
void launch_traceback(int length_class, Substitution scores, int packed_rows,
                      const DevicePairs& pairs, const DeviceScoring& scoring, const int* table,
                      cudaStream_t stream);
void launch_block_wavefront(bool traceback, bool uniform, const DevicePairs& pairs,
                            const DeviceScoring& scoring, const int* table, cudaStream_t stream);

}  // namespace wg::kernels::align::cuda
