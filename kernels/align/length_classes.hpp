// The one table that picks a GPU kernel shape by query length (rows of the matrix).
//
// Every class runs the same wavefront: a group of `group` threads aligns one pair, each
// thread keeping kRowsPerThread consecutive query rows in registers and sweeping the
// target columns, one column per step, one step behind its left neighbour (anti-diagonals
// of row bands); a thread hands its bottom row to the next through warp shuffles. Queries
// longer than group x kRowsPerThread take several row bands of that height. (The packed
// kernel's warp class picks 10, 13 or 17 rows per thread per chunk instead, 10, 12 or 16
// with matrix scores: packed_rows_per_thread, cuda_packed.cuh.)
//
// With one warp per pair (`warps` 1) the group sweeps the bands one after another, its
// last thread's bottom row carried to the next pass in global memory. The block class
// spreads one pair over K blocks of `warps` warps each (K chosen per launch: one when the
// pairs fill the GPU, up to kMaxBlockSlots when few long pairs would leave it idle): band
// b goes to warp b % (K x warps) of the pair's chain, and the warps sweep their bands at
// the same time, each a few column chunks behind the warp of the band above, whose bottom
// row it reads from global memory as soon as the producer publishes it
// (cuda_block_wavefront.cuh, cuda_block_kernels.cu). It serves score-only and traceback (the
// direction bits have the warp class's layout, band after band); score-only long pairs
// run on 32-bit scores (`packed` false: no 16x2 kernel for the class).
//
// The block class starts above 2048 rows (5 bands and more): a warp-class pair of that
// size takes as many passes, so a batch of few such pairs leaves most of the GPU idle,
// while a block's warps all find work once a pair has about `warps` bands (idle warps of a
// shorter pair and the pipeline's start and end cost a few band widths of the sweep). On
// an H200, 64 pairs against 10,000 columns ran 3.4x (2049 rows), 4.9x (4096) and 4.6x
// (10,000) faster than one warp per pair; with several blocks per pair, 16 pairs of 20,000 x
// 20,000 ran 4.2x faster than on one block per pair (K = 5). Batches with many long pairs
// fill the GPU with one warp per pair and go back to the warp class (kBlockClassPairsPerSM
// below).
//
// The thread class takes queries up to 64 rows: on an H200 (jobs/bench/align_classes.cu,
// every class on the same batches) one thread per pair beat 8 per pair on 48 and 64 rows by
// 1.7x and 1.03x on DNA and by 2.0x and 1.24x on proteins (table against query profile),
// and lost from 96 rows on. The quarter/half-warp boundary (128) is 2-4% short of the
// measured crossover (160-192 rows ran faster on the quarter-warp), the half-warp/warp one
// (256) matches it.
//
// Substitution matrices (`profile`): the quarter-warp, half-warp and warp classes look
// scores up in a query profile that each thread builds before each row band, letters x 16
// table reads (cuda_query_profile.cuh); the thread class's short targets would not repay
// that, and the block class reads the table (it has no profile form).
#pragma once

#include <cstdint>

namespace wg::kernels::align {

struct LengthClass {
  const char* name;
  std::uint32_t max_query;  // queries up to this length (inclusive) use the class
  int group;                // threads per pair in one row band: 1 .. 32 (a warp)
  int warps;                // warps per pair: 1, or kBlockWarps for the block class
  bool packed;              // score-only pairs may run two to a register (16x2 kernel)
  bool profile;             // matrix scores come from a query profile (cuda_query_profile.cuh)
};

inline constexpr int kRowsPerThread = 16;
inline constexpr int kBlockWarps = 8;  // warps per pair in the block class (256 threads)
// A block-class pair spreads over up to kMaxBlockSlots blocks when few pairs would leave
// the GPU idle (cuda_block_kernels.cu); each pair has kBlockProgressPerPair hand-off
// counters in global memory.
inline constexpr int kMaxBlockSlots = 8;
inline constexpr int kBlockProgressPerPair = kMaxBlockSlots * kBlockWarps + 2;
inline constexpr LengthClass kLengthClasses[] = {
    {"thread", 64, 1, 1, true, false},                      // short: one thread per pair
    {"quarter-warp", 128, 8, 1, true, true},                // 8 threads per pair
    {"half-warp", 256, 16, 1, true, true},                  // 16 threads per pair
    {"warp", 2048, 32, 1, true, true},                      // one warp per pair, several passes
    {"block", 0xffffffffu, 32, kBlockWarps, false, false},  // bands over a block
};
inline constexpr int kLengthClassCount = sizeof(kLengthClasses) / sizeof(kLengthClasses[0]);

// A batch whose block-class pairs could give every multiprocessor kBlockClassPairsPerSM
// pairs or more runs them one warp per pair (kWarpClass) instead: the GPU is then full
// anyway, and one warp per pair has no idle warps and no pipeline start. Measured on an
// H200 (132 multiprocessors): 64 pairs of 2049 x 10,000 ran 3.4x faster on the block class,
// 2,048 pairs of 2049 x 2049 1.4x slower; 8 per multiprocessor (1,056 pairs) is a point
// between those two, not measured closer.
inline constexpr int kWarpClass = kLengthClassCount - 2;
inline constexpr int kBlockClass = kLengthClassCount - 1;
inline constexpr int kBlockClassPairsPerSM = 8;
static_assert(kLengthClasses[kWarpClass].group == 32 && kLengthClasses[kWarpClass].warps == 1 &&
                  kLengthClasses[kBlockClass].warps > 1,
              "the last two classes are the warp class and the block class");

constexpr bool groups_are_powers_of_two() {
  for (const LengthClass& c : kLengthClasses)
    if (c.group < 1 || (c.group & (c.group - 1)) != 0) return false;
  return true;
}
static_assert(groups_are_powers_of_two(), "the traceback walk divides by the group with shifts");

constexpr int length_class_of(std::uint32_t query_length) {
  for (int c = 0; c < kLengthClassCount; ++c)
    if (query_length <= kLengthClasses[c].max_query) return c;
  return kLengthClassCount - 1;
}

}  // namespace wg::kernels::align
