// Query profile of the wavefront kernels (matrix scoring): a thread keeps R query rows for
// the whole sweep of a row band, so before the band it writes, for every letter c of the
// alphabet, the scores s(q_row, c) of its R rows as signed bytes, four rows to a 32-bit
// word, into its own slice of shared memory. Each column then costs ceil(R / 4) loads of
// the target letter's words instead of one table load per cell (scattered loads that
// collide in the shared-memory banks, since every row's query letter picks another
// entry), and each cell takes its score out of a word with one byte permute.
//
// Layout: words[(letter x W + word) x kProfileThreadsPerBlock + thread], W = ceil(R / 4)
// words per letter; every kernel that keeps a profile runs blocks of
// kProfileThreadsPerBlock threads, so the strides are constants and a column's loads take
// their offsets as immediates. A warp's 32 threads read 32 consecutive words whatever
// letters they are at, so the column loads never collide; building the profile reads the
// table (shared or global memory) at letter (k + lane) mod letters in step k, so that lanes
// whose rows share a letter read different entries of it (different banks).
//
// Scores must fit a signed byte (profile_fits); every residue code is below `letters`.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/align/nw_types.hpp"

namespace wg::kernels::align::cuda {

// PRMT: byte k of the result is byte (selector nibble k & 7) of {b, a} (a: bytes 0-3, b:
// bytes 4-7), or that byte's sign repeated when the nibble's bit 3 is set.
__device__ __forceinline__ unsigned byte_permute(unsigned a, unsigned b, unsigned selector) {
  unsigned result;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(result) : "r"(a), "r"(b), "r"(selector));
  return result;
}

inline constexpr int kProfileRowsPerWord = 4;
constexpr int profile_words(int rows) {
  return (rows + kProfileRowsPerWord - 1) / kProfileRowsPerWord;
}
// Threads per block of the kernels that keep a profile: small blocks, so that the
// multiprocessor's shared memory is shared out in fine steps.
inline constexpr int kProfileThreadsPerBlock = 64;

// Shared memory of one block's profiles: `profiles` per thread (the packed kernel keeps one
// per 16-bit half), R rows each.
constexpr std::size_t profile_bytes(int letters, int rows, int profiles) {
  return static_cast<std::size_t>(letters) * profile_words(rows) * kProfileThreadsPerBlock *
         profiles * sizeof(unsigned);
}

// Whether the profile can hold the scheme: every score among its letters fits a signed
// byte.
inline bool profile_fits(const KernelScoring& scoring) {
  for (int a = 0; a < scoring.letters; ++a)
    for (int c = 0; c < scoring.letters; ++c) {
      const std::int32_t s = scoring.table[a * kAlphabetSlots + c];
      if (s < -128 || s > 127) return false;
    }
  return true;
}

template <int R>
struct QueryProfile {
  static constexpr int W = profile_words(R);
  static constexpr int kLetterWords = W * kProfileThreadsPerBlock;  // the block's, per letter
  // This thread's first word (the block's profile + thread) as a shared-memory address: a
  // column's loads then cost one multiply-add for the letter, where the generic pointer
  // had the compiler rebuild the shared window's base and shift the index in every step.
  // The words are written and read by volatile asm only, so the reads keep their order
  // after the writes of the band's build.
  unsigned address = 0;
  int letters = 0;

  QueryProfile() = default;
  __device__ QueryProfile(unsigned* words, int letters_)
      : address(static_cast<unsigned>(__cvta_generic_to_shared(words))), letters(letters_) {}

  // Writes the scores of this thread's rows (query codes `codes`; rows past the query may
  // hold any code) from the table (kAlphabetSlots x kAlphabetSlots).
  template <typename Code>
  __device__ void build(const Code (&codes)[R], const int* table) const {
    const int lane = static_cast<int>(threadIdx.x) % 32;
    for (int k = 0; k < letters; ++k) {
      int c = k + lane % letters;
      if (c >= letters) c -= letters;
#pragma unroll
      for (int w = 0; w < W; ++w) {
        unsigned bytes[kProfileRowsPerWord];
#pragma unroll
        for (int b = 0; b < kProfileRowsPerWord; ++b) {
          const int r = w * kProfileRowsPerWord + b;
          bytes[b] =
              r < R ? static_cast<unsigned>(table[static_cast<int>(codes[r]) * kAlphabetSlots + c])
                    : 0u;
        }
        const unsigned low = byte_permute(bytes[0], bytes[1], 0x0040u);   // bytes 0, 4
        const unsigned high = byte_permute(bytes[2], bytes[3], 0x0040u);  // bytes 0, 4
        const unsigned word = byte_permute(low, high, 0x5410u);
        asm volatile("st.shared.u32 [%0], %1;" ::"r"(address + at(c, w)), "r"(word));
      }
    }
  }
  // The words of this thread's rows for target letter `code`.
  __device__ void column(int code, unsigned (&out)[W]) const {
    const unsigned letter = address + at(code, 0);
#pragma unroll
    for (int w = 0; w < W; ++w)
      asm volatile("ld.shared.u32 %0, [%1];" : "=r"(out[w]) : "r"(letter + at(0, w)));
  }
  // Byte offset of word w of `letter` from this thread's first word (the layout above).
  __device__ static unsigned at(int letter, int w) {
    return static_cast<unsigned>(letter * kLetterWords + w * kProfileThreadsPerBlock) * 4u;
  }
  // Score of row r from a column's words: its byte, sign-extended to 32 bits.
  __device__ static int score(const unsigned (&column)[W], int r) {
    constexpr unsigned kSign = 8;
    const unsigned k = static_cast<unsigned>(r % kProfileRowsPerWord);
    return static_cast<int>(
        byte_permute(column[r / kProfileRowsPerWord], 0u,
                     k | (k | kSign) << 4 | (k | kSign) << 8 | (k | kSign) << 12));
  }
  // Scores of row r for two columns as 16-bit halves (the packed kernel): low half from
  // `low`'s byte, high half from `high`'s, each sign-extended.
  __device__ static unsigned score2(const unsigned (&low)[W], const unsigned (&high)[W], int r) {
    constexpr unsigned kSign = 8;
    const unsigned k = static_cast<unsigned>(r % kProfileRowsPerWord);
    return byte_permute(low[r / kProfileRowsPerWord], high[r / kProfileRowsPerWord],
                        k | (k | kSign) << 4 | (4 + k) << 8 | (4 + k | kSign) << 12);
  }
};

}  // namespace wg::kernels::align::cuda
