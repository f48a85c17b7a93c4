// Host backend kernels (global, semi-global and local): score-only on 8 pairs at once
// (inter-sequence SIMD: one vector lane per pair), and a scalar kernel that keeps direction
// bits for traceback. The batch-level entry points spread pairs over OpenMP threads.
#pragma once

#include <cstddef>
#include <cstdint>

#include "nw_types.hpp"

namespace wg::align {

inline constexpr int kHostLanes = 8;

// Scores of pairs first..first+count-1 of the batch (count <= kHostLanes).
void host_scores_simd(const PairBatch& batch, std::size_t first, std::size_t count,
                      const KernelScoring& scoring, std::int32_t* scores);

// Score and CIGAR of one pair, with O(m n) bytes of direction bits.
PairResult host_align_traceback(const std::uint8_t* query, std::int32_t m,
                                const std::uint8_t* target, std::int32_t n,
                                const KernelScoring& scoring);

}  // namespace wg::align
