// Score-only wavefront kernel on packed 16-bit scores: every 32-bit register holds the
// same cell of two pairs (low half: pair 2g, high half: pair 2g+1 of the launch), so each
// DPX instruction (__viaddmax_s16x2, __vmaxs2) advances two alignments. Used for
// pairs whose scores provably stay inside 16 bits (PackedFit, cuda_aligner.cu); the shape of the
// wavefront is that of cuda_wavefront.cuh. Global and semi-global only (local pairs take
// the 32-bit kernel). With a query profile (cuda_query_profile.cuh) each thread keeps one
// per half, and one byte permute turns the two column words into a cell's two scores.
#pragma once

#include <type_traits>

#include "kernels/align/cuda_wavefront.cuh"

namespace wg::kernels::align::cuda {

// Sentinel far below any packed score, with room for one more extension penalty.
inline constexpr int kPacked16Floor = -30000;

__device__ __forceinline__ unsigned pack2(int low, int high) {
  return (static_cast<unsigned>(low) & 0xffffu) | (static_cast<unsigned>(high) << 16);
}
__device__ __forceinline__ int low16(unsigned v) { return static_cast<short>(v & 0xffffu); }
__device__ __forceinline__ int high16(unsigned v) { return static_cast<short>(v >> 16); }

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
};

// G threads per two pairs, R query rows per thread. Profile form: launched with
// kProfileThreadsPerBlock threads and profile_bytes(letters, R, 2) of dynamic shared memory,
// the low halves' profiles first.
template <int G, int R, Substitution kScores>
__global__ void __launch_bounds__(kThreadsPerBlock, 4)
    packed_wavefront_kernel(DevicePairs pairs, DeviceScoring scoring,
                            const int* __restrict__ table_in) {
  constexpr bool kUniform = kScores == Substitution::uniform;
  constexpr bool kProfile = kScores == Substitution::profile;
  using Profile = QueryProfile<R>;
  __shared__ int table[kAlphabetSlots * kAlphabetSlots];
  extern __shared__ unsigned profile_memory[];
  if (!kUniform)
    for (int k = threadIdx.x; k < kAlphabetSlots * kAlphabetSlots; k += blockDim.x)
      table[k] = table_in[k];
  __syncthreads();
  const auto threads = static_cast<int>(blockDim.x);
  const Profile profiles[2] = {
      {profile_memory + threadIdx.x, threads, scoring.letters},
      {profile_memory + scoring.letters * Profile::W * threads + threadIdx.x, threads,
       scoring.letters}};

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
  const unsigned minus_extend = pack2(-extend, -extend);
  const unsigned minus_open = pack2(-open, -open);
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

  auto sweep = [&](auto bases_tag) {
    constexpr bool kBases = kUniform && decltype(bases_tag)::value;
    for (int pass = 0; pass < passes; ++pass) {
      const int row0 = (pass * G + t) * R;
      int slot[2];
      bool owns[2];
#pragma unroll
      for (int k = 0; k < 2; ++k) {
        slot[k] = half[k].m - 1 - row0;
        owns[k] = half[k].active && slot[k] >= 0 && slot[k] < R;
      }
      unsigned h[R];
      unsigned e[R];        // E of the row's cell in the next column
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
        h[r] = column0(row0 + r + 1);
        e[r] = add_max2(h[r], minus_open, floor2);
      }
      if constexpr (kProfile) {
        profiles[0].build(row_codes[0], table);
        profiles[1].build(row_codes[1], table);
      }
      unsigned diagonal_top = column0(row0);

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
      unsigned out_code = 0;

      for (int s = 0; s < steps; ++s) {
        const int k = s % G;
        if (s > 0 && k == 0) {
          cur_h = next_h;
          cur_f = next_f;
          cur_code = next_code;
          fetch((s / G + 1) * G + t, next_h, next_f, next_code);
        }
        const unsigned chunk_h = __shfl_sync(kFullMask, cur_h, k, G);
        const unsigned chunk_f = __shfl_sync(kFullMask, cur_f, k, G);
        const unsigned chunk_code = __shfl_sync(kFullMask, cur_code, k, G);
        unsigned up_h = __shfl_up_sync(kFullMask, out_h, 1, G);
        unsigned f = __shfl_up_sync(kFullMask, out_f, 1, G);
        unsigned code = __shfl_up_sync(kFullMask, out_code, 1, G);
        if (t == 0) {
          up_h = chunk_h;
          f = chunk_f;
          code = chunk_code;
        }
        const int j = s - t;
        if (j < 0 || j >= n) continue;

        unsigned diagonal = diagonal_top;
        diagonal_top = up_h;
        // No floor needed: PackedFit keeps every real H - open inside 16 bits, and cells
        // past a pair's end never feed its real cells.
        unsigned up_open = add2(up_h, minus_open);
        const int code_a = static_cast<int>(code & 0xffffu);
        const int code_b = static_cast<int>(code >> 16);
        unsigned column_low = 0;
        unsigned column_high = 0;
        if constexpr (kBases) {
          column_low = byte_scores.column_table(static_cast<unsigned>(code_a));
          column_high = byte_scores.column_table(static_cast<unsigned>(code_b));
        }
        [[maybe_unused]] unsigned profile_low[Profile::W];
        [[maybe_unused]] unsigned profile_high[Profile::W];
        if constexpr (kProfile) {
          profiles[0].column(code_a, profile_low);
          profiles[1].column(code_b, profile_high);
        }
#pragma unroll
        for (int r = 0; r < R; ++r) {
          unsigned substitution;
          if constexpr (kBases) {
            substitution = byte_permute(column_low, column_high, codes[r]);
          } else if constexpr (kUniform) {
            // Per half: 0 when the letters are equal, 1 otherwise; select match/mismatch.
            const unsigned differs = __vminu2(codes[r] ^ code, 0x00010001u);
            const unsigned equal_mask = (differs ^ 0x00010001u) * 0xffffu;
            substitution = (match2 & equal_mask) | (mismatch2 & ~equal_mask);
          } else if constexpr (kProfile) {
            substitution = Profile::score2(profile_low, profile_high, r);
          } else {
            substitution = pack2(table[static_cast<int>(codes[r] & 0xffffu) + code_a],
                                 table[static_cast<int>(codes[r] >> 16) + code_b]);
          }
          f = add_max2(f, minus_extend, up_open);
          const unsigned h_new = add_max2(diagonal, substitution, max2(e[r], f));
          diagonal = h[r];
          h[r] = h_new;
          up_h = h_new;
          // h - open serves the next row's F and, with E, the next column's E.
          up_open = add2(h_new, minus_open);
          e[r] = add_max2(e[r], minus_extend, up_open);
        }
        out_h = up_h;
        out_f = f;
        out_code = code;
        if (t == G - 1 && pass + 1 < group_passes)
          carry[j] = make_int2(static_cast<int>(out_h), static_cast<int>(out_f));
#pragma unroll
        for (int k2 = 0; k2 < 2; ++k2) {
          PackedHalf& hk = half[k2];
          if (j >= hk.n) continue;
          if (owns[k2] && target_end_free) {
            const unsigned v = select_packed(h, slot[k2]);
            hk.best = max(hk.best, k2 == 0 ? low16(v) : high16(v));
          }
          if (j == hk.n - 1) {
#pragma unroll
            for (int r = 0; r < R; ++r)
              if (query_end_free && row0 + r < hk.m)
                hk.best = max(hk.best, k2 == 0 ? low16(h[r]) : high16(h[r]));
            if (owns[k2]) {
              const unsigned v = select_packed(h, slot[k2]);
              hk.corner = k2 == 0 ? low16(v) : high16(v);
              hk.owns_corner = true;
            }
          }
        }
      }
      __syncwarp();
    }
  };
  if (bases_only)
    sweep(std::true_type{});
  else
    sweep(std::false_type{});

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

// Rows per thread of the packed kernel for a chunk of one length class whose longest query
// has `longest_query` rows. The warp class picks among a few band heights the one with the
// least work: (passes) x (rows per thread + the per-column cost of about four rows). So
// 300-residue proteins take one pass of 320 rows rather than 512, and 1 kb queries two
// passes of 544 rather than three of 512.
inline constexpr int kPackedWarpRows[] = {10, 13, 17};
int packed_rows_per_thread(int length_class, std::uint32_t longest_query);

// rows: packed_rows_per_thread() of the chunk; pairs that need carried rows have them
// sized for group x rows per pass.
void launch_packed_score(int length_class, Substitution scores, int rows, const DevicePairs& pairs,
                         const DeviceScoring& scoring, const int* table, cudaStream_t stream);

}  // namespace wg::kernels::align::cuda
