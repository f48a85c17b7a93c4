// Host backend kernels (global, semi-global and local): score-only on 8 pairs at once
// (inter-sequence SIMD: one vector lane per pair), and a scalar kernel that keeps direction
// bits for traceback. The batch-level entry points spread pairs over OpenMP threads.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/align/nw_types.hpp"

namespace wg::kernels::align {

inline constexpr int kHostLanes = 8;

// Scores of pairs first..first+count-1 of the batch (count <= kHostLanes).
void host_scores_simd(const PairBatch& batch, std::size_t first, std::size_t count,
                      const KernelScoring& scoring, std::int32_t* scores);

// Score, CIGAR and region of one pair. Its direction bits take m x (n + 1) bytes when
// that is at most band_bytes; larger pairs are traced back in bands of rows recomputed from
// checkpoints, in about max(band_bytes, 2 x sqrt(8 m) x (n + 1)) bytes and at most twice
// the work, with the same result.
PairResult host_align_traceback(const std::uint8_t* query, std::int32_t m,
                                const std::uint8_t* target, std::int32_t n,
                                const KernelScoring& scoring, std::uint64_t band_bytes);

}  // namespace wg::kernels::align
