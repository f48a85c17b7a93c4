// Wavefront kernel on packed 16-bit scores: every 32-bit register holds the same cell of
// two pairs (low half: pair 2g, high half: pair 2g+1 of the launch), so each DPX
// instruction (__viaddmax_s16x2, __vmaxs2) advances two alignments. Used for pairs whose
// scores provably stay inside 16 bits (PackedFit, cuda_aligner.cu); the shape of the
// wavefront is that of cuda_wavefront.cuh. Global and semi-global only (local pairs take
// the 32-bit kernel). With a query profile (cuda_query_profile.cuh) each thread keeps one
// per half, and one byte permute turns the two column words into a cell's two scores.
//
// The traceback form (kTrace) writes the 32-bit traceback kernel's direction words, one
// per pair, and its last row and column (the walk back, cuda_traceback_kernels.cu, reads
// them unchanged). The 32-bit forward sweep of traceback was bound by the latency of each
// row's chain of dependent cells, not by issue slots (Nsight Compute: 0.74 eligible warps
// per scheduler); two pairs per register made it 1.3-1.45x faster and issue-bound (70% of
// issue slots; docs/PERFORMANCE.md, "Traceback on packed 16-bit scores"). Every
// direction bit is the sign of a 16x2 difference (packed_trace_cell); a byte permute and a
// LOP3 put two bits of both pairs in place (PackedPlanes).
//
// The score form's row recurrence is written so that each row waits on the row above
// through two instructions only: F = max(H above - open, F above - extend) and
// H = max(F, max(diagonal + s, E)), the second max computed off the chain; F - extend is
// what travels down (docs/PERFORMANCE.md, "A two-instruction row chain").
#pragma once

#include <type_traits>

#include "kernels/align/cuda_wavefront.cuh"

namespace wg::kernels::align::cuda {

// Sentinel far below any packed score, with room for one more extension penalty.
inline constexpr int kPacked16Floor = -30000;

__device__ __forceinline__ unsigned pack2(int low, int high) {
  return (static_cast<unsigned>(low) & 0xffffu) | (static_cast<unsigned>(high) << 16);
}
// The halves, sign-extended, by byte permutes: written as C++ (a cast to short) they let the
// compiler split every packed value into two 16-bit registers, and ptxas then copied each
// row's H with a PRMT before every 16x2 instruction that read it (two per row and step).
__device__ __forceinline__ int low16(unsigned v) {
  return static_cast<int>(byte_permute(v, 0u, 0x9910u));
}
__device__ __forceinline__ int high16(unsigned v) {
  return static_cast<int>(byte_permute(v, 0u, 0xbb32u));
}
// The value of half k (0: low pair, 1: high pair).
__device__ __forceinline__ int half_value(unsigned v, int k) {
  return k == 0 ? low16(v) : high16(v);
}

// max(a + b, c) and max(a, b) per 16-bit half.
__device__ __forceinline__ unsigned add_max2(unsigned a, unsigned b, unsigned c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __viaddmax_s16x2(a, b, c);
#else
  const int l = max(low16(a) + low16(b), low16(c));
  const int h = max(high16(a) + high16(b), high16(c));
  return pack2(l, h);
#endif
}
// a + b per 16-bit half (no carry between halves).
__device__ __forceinline__ unsigned add2(unsigned a, unsigned b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  unsigned sum;
  asm("add.s16x2 %0, %1, %2;" : "=r"(sum) : "r"(a), "r"(b));
  return sum;
#else
  return pack2(low16(a) + low16(b), high16(a) + high16(b));
#endif
}
// a - b per 16-bit half.
__device__ __forceinline__ unsigned sub2(unsigned a, unsigned b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __vsub2(a, b);
#else
  return pack2(low16(a) - low16(b), high16(a) - high16(b));
#endif
}
__device__ __forceinline__ unsigned max2(unsigned a, unsigned b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __vmaxs2(a, b);
#else
  return pack2(max(low16(a), low16(b)), max(high16(a), high16(b)));
#endif
}

// Match/mismatch scoring over the four bases (codes 0-3) as one PRMT per cell: a column
// turns its two target letters into byte tables (byte c: match when c is the letter,
// mismatch otherwise; low pair in `a`, high pair in `b`), and a row's selector picks, per
// 16-bit half, its query letter's byte and that byte's sign.
struct ByteScores {
  unsigned match4;
  unsigned mismatch4;
  // Scores must fit a signed byte.
  __device__ static bool fits(int match, int mismatch) {
    return match >= -128 && match <= 127 && mismatch >= -128 && mismatch <= 127;
  }
  __device__ ByteScores(int match, int mismatch)
      : match4((static_cast<unsigned>(match) & 0xffu) * 0x01010101u),
        mismatch4((static_cast<unsigned>(mismatch) & 0xffu) * 0x01010101u) {}
  __device__ static unsigned row_selector(int low_code, int high_code) {
    return static_cast<unsigned>(low_code | (low_code | 8) << 4 | (4 + high_code) << 8 |
                                 (12 + high_code) << 12);
  }
  __device__ unsigned column_table(unsigned code) const {
    return byte_permute(match4, mismatch4, 0x4444u ^ (4u << (4 * code)));
  }
};

// True when every residue of both halves is one of the four bases (codes 0-3); the group's
// threads share the scan.
__device__ __forceinline__ bool four_letters(const std::uint8_t* s, int length, int t, int stride) {
  bool ok = true;
  for (int i = t; i < length; i += stride) ok &= s[i] < 4;
  return ok;
}

template <int R>
__device__ __forceinline__ unsigned select_packed(const unsigned (&h)[R], int slot) {
  unsigned v = h[0];
#pragma unroll
  for (int r = 1; r < R; ++r)
    if (r == slot) v = h[r];
  return v;
}

// One half's bookkeeping: its pair, lengths, residues and the end-cell tracking.
struct PackedHalf {
  bool active = false;
  std::uint32_t pair = 0;
  int m = 0;
  int n = 0;
  const std::uint8_t* query = nullptr;
  const std::uint8_t* target = nullptr;
  int best = 0;
  int corner = 0;
  bool owns_corner = false;
  // Traceback: this thread's direction word at column 0 of the band being swept; the word
  // of column j is j x G words on (direction_index).
  std::uint64_t* directions = nullptr;
  std::int32_t* edges = nullptr;  // traceback: H of the last row, then the last column
};

// Direction bits of both pairs of a step, in the plane layout of DirectionPlanes
// (cuda_wavefront.cuh), built a byte per plane and pair: `extend` holds extend-F (byte 0:
// low pair, byte 1: high pair) and extend-E (bytes 2, 3) of 8 rows, `from` holds from-F and
// "E beats the diagonal" (direction_bits clears that where F wins); row r of the 8 at bit
// 7 - r of its byte. Index 0: slots 0-7, 1: slots 8-15.
struct PackedPlanes {
  unsigned extend[2] = {0, 0};
  unsigned from[2] = {0, 0};

  // One byte permute turns the signs of two 16x2 differences into four 0x00/0xff bytes
  // (byte 1 or 3 of a difference with its sign repeated), and one LOP3 puts them in place.
  // slot: a constant once the row loop is unrolled.
  static constexpr unsigned kSignBytes = 0xfdb9u;  // a.1, a.3, b.1, b.3, sign-filled
  __device__ __forceinline__ void add(int slot, unsigned f_opens, unsigned e_opens, unsigned f_wins,
                                      unsigned e_wins) {
    const unsigned bit = 0x01010101u << (7 - slot % 8);
    extend[slot / 8] |= ~byte_permute(f_opens, e_opens, kSignBytes) & bit;
    from[slot / 8] |= byte_permute(f_wins, e_wins, kSignBytes) & bit;
  }
  // The words of the low and the high pair: per plane the byte of slots 0-7 above that of
  // slots 8-15.
  __device__ __forceinline__ void words(std::uint64_t& low, std::uint64_t& high) const {
    constexpr unsigned kLow = 0x0426u;   // bytes 0 and 2 of [0] and [1], planes in order
    constexpr unsigned kHigh = 0x1537u;  // bytes 1 and 3
    low = static_cast<std::uint64_t>(byte_permute(extend[0], extend[1], kLow)) << 32 |
          byte_permute(from[0], from[1], kLow);
    high = static_cast<std::uint64_t>(byte_permute(extend[0], extend[1], kHigh)) << 32 |
           byte_permute(from[0], from[1], kHigh);
  }
};

// One cell of two pairs with its direction bits (trace_cell's cell, cuda_wavefront.cuh:
// same scores, same bits, same tie-breaks) for register slot `slot`. diagonal_score is H
// of the diagonal cell plus the substitution score; e holds E of the cell to the left and
// f F of the cell above, both updated in place; h_left_open and up_open are H - open of
// the cells to the left and above. Every bit is the sign of a 16x2 difference.
__device__ __forceinline__ unsigned packed_trace_cell(int slot, unsigned diagonal_score,
                                                      unsigned h_left_open, unsigned up_open,
                                                      unsigned& e, unsigned& f,
                                                      unsigned minus_extend, PackedPlanes& planes) {
  const unsigned e_extend = add2(e, minus_extend);
  const unsigned f_extend = add2(f, minus_extend);
  const unsigned e_opens = sub2(e_extend, h_left_open);  // < 0: E opens (ties extend)
  const unsigned f_opens = sub2(f_extend, up_open);      // < 0: F opens
  e = max2(e_extend, h_left_open);
  f = max2(f_extend, up_open);
  const unsigned e_wins = sub2(diagonal_score, e);  // < 0: E beats the diagonal
  const unsigned h_de = max2(diagonal_score, e);
  const unsigned f_wins = sub2(h_de, f);  // < 0: F beats both
  planes.add(slot, f_opens, e_opens, f_wins, e_wins);
  return max2(h_de, f);
}

// G threads per two pairs, R query rows per thread (with traceback at most kRowsPerThread,
// the rows of a direction word).
// Profile form: launched with kProfileThreadsPerBlock threads and profile_bytes(letters, R,
// 2) of dynamic shared memory, the low halves' profiles first. The profiles are built from
// the table in global memory: a shared copy would cost the multiprocessor a block of
// profiles (6 blocks of 10-row profiles fit beside nothing else, 5 beside the table).
template <int G, int R, Substitution kScores, bool kTrace>
__global__ void __launch_bounds__(kThreadsPerBlock, 4)
    packed_wavefront_kernel(DevicePairs pairs, DeviceScoring scoring,
                            const int* __restrict__ table_in) {
  static_assert(!kTrace || R <= kRowsPerThread, "a direction word holds kRowsPerThread rows");
  constexpr bool kUniform = kScores == Substitution::uniform;
  constexpr bool kProfile = kScores == Substitution::profile;
  using Profile = QueryProfile<R>;
  __shared__ int table[kScores == Substitution::table ? kAlphabetSlots * kAlphabetSlots : 1];
  extern __shared__ unsigned profile_memory[];
  if constexpr (kScores == Substitution::table) {
    copy_table(table, table_in);
    __syncthreads();
  }
  const Profile profiles[2] = {
      {profile_memory + threadIdx.x, scoring.letters},
      {profile_memory + scoring.letters * Profile::kLetterWords + threadIdx.x, scoring.letters}};

  const int t = static_cast<int>(threadIdx.x) % G;
  const unsigned group = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  PackedHalf half[2];
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    const unsigned member = 2 * group + static_cast<unsigned>(k);
    if (member >= pairs.count) continue;
    PackedHalf& h = half[k];
    h.active = true;
    h.pair = pairs.members[member];
    h.m = static_cast<int>(pairs.lengths[pairs.query[h.pair]]);
    h.n = static_cast<int>(pairs.lengths[pairs.target[h.pair]]);
    h.query = pairs.residues + pairs.offsets[pairs.query[h.pair]];
    h.target = pairs.residues + pairs.offsets[pairs.target[h.pair]];
    h.best = gap_only_end_score(h.m, h.n, scoring.open, scoring.extend, scoring.free_ends);
    if constexpr (kTrace) {
      h.directions =
          pairs.directions + pairs.direction_offset[member] + direction_index(0, t, 0, h.n, G);
      h.edges = pairs.edges + pairs.edge_offset[member];
      if (t == 0) write_boundary_edges(h.edges, PairView{h.m, h.n, h.query, h.target}, scoring);
    }
  }
  const int m = max(half[0].m, half[1].m);
  const int n = max(half[0].n, half[1].n);
  const int warp_m = static_cast<int>(warp_max(static_cast<unsigned>(m)));
  const int warp_n = static_cast<int>(warp_max(static_cast<unsigned>(n)));
  const int passes = (warp_m + G * R - 1) / (G * R);
  const int group_passes = (m + G * R - 1) / (G * R);
  const int steps = warp_n + G - 1;
  const int open = scoring.open;
  const int extend = scoring.extend;
  const std::uint8_t free_ends = scoring.free_ends;
  const bool target_end_free = (free_ends & kFreeTargetEnd) != 0;
  const bool query_end_free = (free_ends & kFreeQueryEnd) != 0;
  // Gap constants the compiler keeps in registers: left visible, it rebuilt -extend from
  // the kernel's parameters in every step (three instructions).
  unsigned minus_extend = pack2(-extend, -extend);
  unsigned minus_open = pack2(-open, -open);
  asm("" : "+r"(minus_extend), "+r"(minus_open));
  const unsigned floor2 = pack2(kPacked16Floor, kPacked16Floor);
  const unsigned match2 = pack2(scoring.match, scoring.match);
  const unsigned mismatch2 = pack2(scoring.mismatch, scoring.mismatch);
  int2* carry = group_passes > 1 ? pairs.carry + pairs.carry_offset[group] : nullptr;
  auto pack_boundary = [&](int b) { return pack2(max(b, kPacked16Floor), max(b, kPacked16Floor)); };
  auto column0 = [&](int i) { return pack_boundary(column0_score(i, open, extend, free_ends)); };
  auto top_row = [&](int j) { return pack_boundary(row0_score(j, open, extend, free_ends)); };
  auto code_of = [&](const PackedHalf& h, const std::uint8_t* s, int at, int limit) {
    return h.active && at < limit ? static_cast<int>(s[at]) : 0;
  };

  // Uniform scoring over plain DNA takes the one-PRMT substitution when the whole warp can.
  bool bases_only = false;
  if (kUniform && ByteScores::fits(scoring.match, scoring.mismatch)) {
    bool ok = true;
#pragma unroll
    for (const PackedHalf& h : half)
      if (h.active) ok &= four_letters(h.query, h.m, t, G) && four_letters(h.target, h.n, t, G);
    bases_only = __all_sync(kFullMask, ok);
  }
  const ByteScores byte_scores(scoring.match, scoring.mismatch);

  // One band of rows (the warp's longest query fits G x R rows; 300-residue proteins at 10
  // rows): the score form then carries no rows between passes, and thread 0 steps the top
  // row's H itself, one add-max per step, instead of taking it from the fetched chunk by
  // two shuffles. Profile form only: the match/mismatch kernels of 16 and 17 rows spilled
  // registers with a second sweep.
  auto sweep = [&](auto bases_tag, auto one_pass_tag) {
    constexpr bool kBases = kUniform && decltype(bases_tag)::value;
    constexpr bool kOnePass = kProfile && !kTrace && decltype(one_pass_tag)::value;
    for (int pass = 0; pass < passes; ++pass) {
      const int row0 = (pass * G + t) * R;
      int slot[2];
      bool owns[2];
      bool owns_free_row[2];  // owns the last row, and its trailing target gaps are free
      // The first column of the pass where this thread may hold an end cell of a half: any
      // column of a free last row, else the half's last column. The score form looks at
      // the ends from there on only (one compare a step instead of both halves' tests).
      [[maybe_unused]] int watch_from = n;
#pragma unroll
      for (int k = 0; k < 2; ++k) {
        slot[k] = half[k].m - 1 - row0;
        owns[k] = half[k].active && slot[k] >= 0 && slot[k] < R;
        owns_free_row[k] = owns[k] && target_end_free;
        if (half[k].active) watch_from = min(watch_from, owns_free_row[k] ? 0 : half[k].n - 1);
      }
      // H of the thread's rows. The score form keeps two register sets that the steps
      // take turns to read and write (step s reads set s % 2): each row's new H lands in a
      // register of its own while the old one still serves the row below as its diagonal,
      // so no step copies H back into the registers the loop carries it in. The traceback
      // form has no registers to spare for that (at 16 rows it spilled) and updates one
      // set in place.
      constexpr int kSets = kTrace ? 1 : 2;
      unsigned h[kSets][R];
      unsigned e[R];        // E of the row's cell in the next column (traceback: this one)
      unsigned codes[R];    // both query codes (uniform), table row offsets (table) or a selector
      int row_codes[2][R];  // profile: each half's query codes
#pragma unroll
      for (int r = 0; r < R; ++r) {
        const int a = code_of(half[0], half[0].query, row0 + r, half[0].m);
        const int b = code_of(half[1], half[1].query, row0 + r, half[1].m);
        row_codes[0][r] = a;
        row_codes[1][r] = b;
        if constexpr (kBases)
          codes[r] = ByteScores::row_selector(a, b);
        else
          codes[r] = kUniform ? pack2(a, b) : pack2(a * kAlphabetSlots, b * kAlphabetSlots);
        h[0][r] = column0(row0 + r + 1);
        // Both sets start with column 0: a step before the thread's first column leaves its
        // set as it is, so the next step reads column 0 from either (a copy of the set in
        // every idle step cost the busy steps a dozen register moves, to merge the paths).
        // Past its last column the sets are never read again.
        h[kSets - 1][r] = h[0][r];
        e[r] = kTrace ? floor2 : add_max2(h[0][r], minus_open, floor2);
      }
      if constexpr (kProfile) {
        profiles[0].build(row_codes[0], table_in);
        profiles[1].build(row_codes[1], table_in);
      }
      unsigned diagonal_top = column0(row0);
      // One band: H of the top row above thread 0's column, stepped along the row (the
      // leading target gaps cost -extend a column, or nothing when free).
      [[maybe_unused]] unsigned top = top_row(1);
      [[maybe_unused]] const unsigned top_step =
          (free_ends & kFreeTargetBegin) != 0 ? 0u : minus_extend;

      // The F that travels down the rows, between threads and between passes: F itself
      // in the traceback form, F - extend in the score form (what the next row's F takes).
      auto fetch = [&](int column, unsigned& h_top, unsigned& f_top, unsigned& code) {
        code = pack2(code_of(half[0], half[0].target, column, half[0].n),
                     code_of(half[1], half[1].target, column, half[1].n));
        if (column < n && pass < group_passes) {
          if (pass == 0) {
            h_top = top_row(column + 1);
            f_top = floor2;
          } else {
            const int2 v = carry[column];
            h_top = static_cast<unsigned>(v.x);
            f_top = static_cast<unsigned>(v.y);
          }
        } else {
          h_top = floor2;
          f_top = floor2;
        }
      };
      unsigned cur_h, cur_f, cur_code, next_h, next_f, next_code;
      fetch(t, cur_h, cur_f, cur_code);
      fetch(G + t, next_h, next_f, next_code);
      unsigned out_h = floor2;
      unsigned out_f = floor2;
      // The target letters of a thread's column, and their profile words, arrive one step
      // early: in step s the thread to the left is at the column this thread takes in step
      // s + 1, so the shuffle and the shared-memory loads of that column overlap this step's
      // rows instead of stalling the start of the next.
      unsigned code = __shfl_sync(kFullMask, cur_code, 0, G);  // step 0: only thread 0 works
      [[maybe_unused]] unsigned profile_low[Profile::W];
      [[maybe_unused]] unsigned profile_high[Profile::W];
      auto load_profile = [&](unsigned codes2) {
        if constexpr (kProfile) {
          profiles[0].column(static_cast<int>(codes2 & 0xffffu), profile_low);
          profiles[1].column(static_cast<int>(codes2 >> 16), profile_high);
        }
      };
      load_profile(code);

      // Step s: column j = s - t, from H of column j - 1 in `in` to H of column j in `out`
      // (the same registers in the traceback form).
      auto step = [&](int s, const unsigned(&in)[R], unsigned(&out)[R]) {
        const int k = s % G;
        if (s > 0 && k == 0) {
          cur_h = next_h;
          cur_f = next_f;
          cur_code = next_code;
          fetch((s / G + 1) * G + t, next_h, next_f, next_code);
        }
        unsigned up_h = __shfl_up_sync(kFullMask, out_h, 1, G);
        unsigned f = __shfl_up_sync(kFullMask, out_f, 1, G);
        if constexpr (kOnePass) {
          if (t == 0) {
            up_h = top;
            f = floor2;
          }
          top = add_max2(top, top_step, floor2);
        } else {
          const unsigned chunk_h = __shfl_sync(kFullMask, cur_h, k, G);
          const unsigned chunk_f = __shfl_sync(kFullMask, cur_f, k, G);
          if (t == 0) {
            up_h = chunk_h;
            f = chunk_f;
          }
        }
        // This step's letters and profile words; then the next step's.
        const unsigned this_code = code;
        [[maybe_unused]] unsigned column_words[2][Profile::W];
#pragma unroll
        for (int w = 0; w < Profile::W; ++w) {
          column_words[0][w] = profile_low[w];
          column_words[1][w] = profile_high[w];
        }
        const unsigned chunk_next =
            __shfl_sync(kFullMask, k == G - 1 ? next_code : cur_code, (k + 1) % G, G);
        code = __shfl_up_sync(kFullMask, this_code, 1, G);
        if (t == 0) code = chunk_next;
        load_profile(code);
        const int j = s - t;
        if (j < 0 || j >= n) return;

        unsigned diagonal = diagonal_top;
        diagonal_top = up_h;
        const int code_a = static_cast<int>(this_code & 0xffffu);
        const int code_b = static_cast<int>(this_code >> 16);
        unsigned column_low = 0;
        unsigned column_high = 0;
        if constexpr (kBases) {
          column_low = byte_scores.column_table(static_cast<unsigned>(code_a));
          column_high = byte_scores.column_table(static_cast<unsigned>(code_b));
        }
        [[maybe_unused]] PackedPlanes planes;  // traceback
        auto substitution = [&](int r) {
          if constexpr (kBases) {
            return byte_permute(column_low, column_high, codes[r]);
          } else if constexpr (kUniform) {
            // Per half: 0 when the letters are equal, 1 otherwise; select match/mismatch.
            const unsigned differs = __vminu2(codes[r] ^ this_code, 0x00010001u);
            const unsigned equal_mask = (differs ^ 0x00010001u) * 0xffffu;
            return (match2 & equal_mask) | (mismatch2 & ~equal_mask);
          } else if constexpr (kProfile) {
            return Profile::score2(column_words[0], column_words[1], r);
          } else {
            return pack2(table[static_cast<int>(codes[r] & 0xffffu) + code_a],
                         table[static_cast<int>(codes[r] >> 16) + code_b]);
          }
        };
        if constexpr (kTrace) {
          // H of a row's cell to the left is read for the last time before the row's new
          // H exists (the next row's diagonal score is taken from it first), so the new H
          // takes its register: with the diagonal kept as H, each step moved the rows' H
          // one register along and copied them back. No floor needed: PackedFit keeps every
          // real H - open inside 16 bits, and cells past a pair's end never feed its real
          // cells.
          unsigned up_open = add2(up_h, minus_open);
          unsigned diagonal_score = add2(diagonal, substitution(0));
#pragma unroll
          for (int r = 0; r < R; ++r) {
            const unsigned left = in[r];
            const unsigned next_diagonal_score = r + 1 < R ? add2(left, substitution(r + 1)) : 0u;
            out[r] = packed_trace_cell(r, diagonal_score, add2(left, minus_open), up_open, e[r], f,
                                       minus_extend, planes);
            up_open = add2(out[r], minus_open);
            diagonal_score = next_diagonal_score;
          }
          up_h = out[R - 1];
        } else {
#pragma unroll
          for (int r = 0; r < R; ++r) {
            const unsigned left = in[r];  // read before `out` (maybe the same register) changes
            // H = max(diagonal + s, E, F) with F = max(H above - open, F above - extend):
            // only F and the last max wait on the row above, so a step's rows are a chain
            // of two instructions each; the rest is off the chain.
            const unsigned diagonal_or_e = add_max2(diagonal, substitution(r), e[r]);
            const unsigned f_here = add_max2(up_h, minus_open, f);
            out[r] = max2(diagonal_or_e, f_here);
            f = add2(f_here, minus_extend);
            e[r] = add_max2(out[r], minus_open, add2(e[r], minus_extend));
            diagonal = left;
            up_h = out[r];
          }
        }
        out_h = up_h;
        out_f = f;
        if (!kOnePass && t == G - 1 && pass + 1 < group_passes)
          carry[j] = make_int2(static_cast<int>(out_h), static_cast<int>(out_f));
        if constexpr (kTrace) {
          std::uint64_t words[2];
          planes.words(words[0], words[1]);
#pragma unroll
          for (int k2 = 0; k2 < 2; ++k2) {
            const PackedHalf& hk = half[k2];
            if (!hk.active || j >= hk.n || row0 >= hk.m) continue;
            hk.directions[j * G] = words[k2];
            // The edges the walk back picks the end cell from (choose_end_cell). The last
            // row costs R selects per step (its slot is not a constant), so it is written
            // only where trailing target gaps are free; else only its corner. The last
            // column, once per band, is written in every mode: kept out of global alignment
            // as well, its condition cost the traceback form registers it spilled.
            if (owns_free_row[k2] || (owns[k2] && j == hk.n - 1))
              hk.edges[j + 1] = half_value(select_packed(out, slot[k2]), k2);
            if (j == hk.n - 1) {
#pragma unroll
              for (int r = 0; r < R; ++r)
                if (row0 + r < hk.m) hk.edges[hk.n + 2 + row0 + r] = half_value(out[r], k2);
            }
          }
        } else if (j >= watch_from) {
#pragma unroll
          for (int k2 = 0; k2 < 2; ++k2) {
            PackedHalf& hk = half[k2];
            if (j >= hk.n) continue;
            if (owns_free_row[k2]) {
              const unsigned v = select_packed(out, slot[k2]);
              hk.best = max(hk.best, half_value(v, k2));
            }
            if (j == hk.n - 1) {
#pragma unroll
              for (int r = 0; r < R; ++r)
                if (query_end_free && row0 + r < hk.m)
                  hk.best = max(hk.best, half_value(out[r], k2));
              if (owns[k2]) {
                const unsigned v = select_packed(out, slot[k2]);
                hk.corner = half_value(v, k2);
                hk.owns_corner = true;
              }
            }
          }
        }
      };
      if constexpr (kTrace) {
        for (int s = 0; s < steps; ++s) step(s, h[0], h[0]);
      } else {
        // Two steps per iteration, so the register sets swap back every iteration. An odd
        // step count gets one step more, in which every thread is past its last column.
        for (int s = 0; s < steps; s += 2) {
          step(s, h[0], h[kSets - 1]);
          step(s + 1, h[kSets - 1], h[0]);
        }
      }
      if constexpr (kTrace) {
#pragma unroll
        for (PackedHalf& hk : half)
          if (hk.active) hk.directions += static_cast<std::uint64_t>(hk.n + G - 1) * G;
      }
      __syncwarp();
    }
  };
  const auto sweep_bands = [&](auto bases_tag) {
    if constexpr (kProfile && !kTrace) {
      if (passes == 1) return sweep(bases_tag, std::true_type{});
    }
    sweep(bases_tag, std::false_type{});
  };
  if (bases_only)
    sweep_bands(std::true_type{});
  else
    sweep_bands(std::false_type{});
  if constexpr (!kTrace) {  // with traceback the walk back writes the scores
#pragma unroll
    for (int k = 0; k < 2; ++k) {
      PackedHalf& hk = half[k];
      if (ends_free(free_ends)) {
#pragma unroll
        for (int offset = G / 2; offset > 0; offset /= 2)
          hk.best = max(hk.best, __shfl_xor_sync(kFullMask, hk.best, offset, G));
        if (hk.active && t == 0) pairs.scores[hk.pair] = hk.best;
      } else if (hk.active && hk.owns_corner) {
        pairs.scores[hk.pair] = hk.corner;
      }
    }
  }
}

// Rows per thread of the packed kernel for a chunk of one length class whose longest query
// has `longest_query` rows. The warp class picks among a few band heights the one with the
// least work: (passes) x (rows per thread + the per-column cost of about four rows). So
// 300-residue proteins take one pass of 320 rows rather than 512, and 1 kb queries two
// passes of 544 rather than three of 512. The traceback form's heights stop at the 16 rows
// of a direction word; 11 takes queries of 1,025-1,056 rows in three passes of 352 rather
// than three of 512. The profile form's heights keep the profile small: a thread holds
// ceil(R / 4) words per letter and pair, so 13 rows cost as much shared memory as 16, and
// 17 rows (5 words) leave room for 3 blocks per multiprocessor where 16 leave 4.
inline constexpr int kPackedWarpRows[] = {10, 13, 17};
inline constexpr int kPackedProfileRows[] = {10, 12, 16};
inline constexpr int kPackedTraceRows[] = {10, 11, 13, kRowsPerThread};
int packed_rows_per_thread(int length_class, std::uint32_t longest_query, bool traceback,
                           Substitution scores);

// Launches the packed kernel of one length class and scoring form over the chunk's pairs,
// two to a group (dispatch_length_class picks G and kScores); each launcher file
// instantiates only its own form. rows: the band height of the chunk
// (packed_rows_per_thread).
template <bool kTrace>
struct PackedLaunch {
  const DevicePairs& pairs;
  const DeviceScoring& scoring;
  const int* table;
  cudaStream_t stream;
  int rows;

  template <int G, int R, Substitution kScores>
  void launch() const {
    const std::uint64_t groups = (std::uint64_t{pairs.count} + 1) / 2;
    launch_wavefront<kScores>(packed_wavefront_kernel<G, R, kScores, kTrace>, groups * G,
                              profile_bytes(scoring.letters, R, 2), stream, pairs, scoring, table);
  }
  // The instantiation of heights[k..] whose height is `rows` (the last one otherwise).
  template <int G, Substitution kScores, const auto& heights, std::size_t k = 0>
  void launch_height() const {
    constexpr std::size_t kCount = sizeof heights / sizeof heights[0];
    if constexpr (k + 1 < kCount) {
      if (rows != heights[k]) return launch_height<G, kScores, heights, k + 1>();
    }
    launch<G, heights[k], kScores>();
  }
  template <int G, Substitution kScores>
  void run() const {
    if constexpr (G != 32)
      launch<G, kRowsPerThread, kScores>();
    else if constexpr (kTrace)
      launch_height<G, kScores, kPackedTraceRows>();
    else if constexpr (kScores == Substitution::profile)
      launch_height<G, kScores, kPackedProfileRows>();
    else
      launch_height<G, kScores, kPackedWarpRows>();
  }
};

// Host launchers (cuda_packed_kernels.cu, cuda_packed_traceback_kernels.cu). Pairs that need
// carried rows have them per group of two, sized for group x rows per pass. The traceback
// form writes directions and edges only; launch_traceback runs it and the walk back.
void launch_packed_score(int length_class, Substitution scores, int rows, const DevicePairs& pairs,
                         const DeviceScoring& scoring, const int* table, cudaStream_t stream);
void launch_packed_directions(int length_class, Substitution scores, int rows,
                              const DevicePairs& pairs, const DeviceScoring& scoring,
                              const int* table, cudaStream_t stream);

}  // namespace wg::kernels::align::cuda
