// The one table that picks a GPU kernel shape by query length (rows of the matrix).
//
// Every class runs the same wavefront: a group of `group` threads aligns one pair, each
// thread keeping `rows` consecutive query rows in registers and sweeping the target
// columns, one column per step, one step behind its left neighbour (anti-diagonals of
// row bands); a thread hands its bottom row to the next through warp shuffles. Queries
// longer than group x rows take several passes, the last thread's bottom row carried in
// global memory (row bands of thousands of residues are tiles swept one after another).
#pragma once

#include <cstdint>

namespace wg::align {

struct LengthClass {
  const char* name;
  std::uint32_t max_query;  // queries up to this length (inclusive) use the class
  int group;                // threads per pair: 1 (thread per pair) .. 32 (warp per pair)
  int rows;                 // query rows per thread
};

inline constexpr int kRowsPerThread = 16;
inline constexpr LengthClass kLengthClasses[] = {
    {"thread", 32, 1, kRowsPerThread},          // short: one thread per pair
    {"quarter-warp", 128, 8, kRowsPerThread},   // 8 threads per pair
    {"half-warp", 256, 16, kRowsPerThread},     // 16 threads per pair
    {"warp", 0xffffffffu, 32, kRowsPerThread},  // one warp per pair, several passes
};
inline constexpr int kLengthClassCount = sizeof(kLengthClasses) / sizeof(kLengthClasses[0]);

constexpr int length_class_of(std::uint32_t query_length) {
  for (int c = 0; c < kLengthClassCount; ++c)
    if (query_length <= kLengthClasses[c].max_query) return c;
  return kLengthClassCount - 1;
}

}  // namespace wg::align
