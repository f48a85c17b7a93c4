// Data types shared by the alignment kernels (host backend and CUDA): the scoring scheme
// in kernel form (scaled integers), a packed batch of sequence pairs, and per-pair results.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "src/common/string_table.hpp"

namespace wg::kernels::align {

// Residue codes are small integers (< kAlphabetSlots); substitution scores live in a
// kAlphabetSlots x kAlphabetSlots table indexed [query * kAlphabetSlots + target].
inline constexpr int kAlphabetSlots = 32;

// Which end gaps cost nothing (semi-global alignment, parasail's sg_qb/qe/db/de): leading
// or trailing query residues against gaps, leading or trailing target residues against gaps.
enum FreeEnd : std::uint8_t {
  kFreeQueryBegin = 1,
  kFreeQueryEnd = 2,
  kFreeTargetBegin = 4,
  kFreeTargetEnd = 8,
  kFreeAllEnds = 15,
};

// Scores and penalties are fixed-point integers: every value of the user's scheme
// multiplied by one common scale, so decimal penalties such as 0.5 stay exact.
struct KernelScoring {
  std::int32_t table[kAlphabetSlots * kAlphabetSlots] = {};
  std::int32_t gap_open = 0;    // cost of the first residue of a gap (positive)
  std::int32_t gap_extend = 0;  // cost of every further residue of the same gap
  std::uint8_t free_ends = 0;   // FreeEnd bits; local alignment has all four
  bool local = false;           // Smith-Waterman: H never drops below 0, ends anywhere
  bool uniform = false;         // equal codes score `match`, others `mismatch`
  // Every residue code is below it: the alphabet's letters (a query profile keeps scores
  // for these codes only).
  std::uint8_t letters = kAlphabetSlots;
  std::int32_t match = 0;
  std::int32_t mismatch = 0;
};

// A batch of pairs over a pool of sequences stored back to back, in slot order; pairs
// refer to pool slots, so a sequence used by many pairs is stored once. The pool is the
// caller's (on GPUs, pinned memory from Aligner::residue_buffer). On a GPU that holds the
// job's sequences (resident_sequences.hpp) there is no pool: `residues` is null, and the
// offsets are places in the GPU's memory at device_residues.
struct PairBatch {
  const std::uint8_t* residues = nullptr;
  const std::uint8_t* device_residues = nullptr;
  std::vector<std::uint64_t> offsets;  // per slot: first residue in `residues`
  std::vector<std::uint32_t> lengths;  // per slot
  std::vector<std::uint32_t> query;    // per pair: slot of the query (rows)
  std::vector<std::uint32_t> target;   // per pair: slot of the target (columns)

  std::size_t size() const { return query.size(); }
  std::uint64_t pool_size() const { return offsets.empty() ? 0 : offsets.back() + lengths.back(); }
  std::uint32_t query_length(std::size_t p) const { return lengths[query[p]]; }
  std::uint32_t target_length(std::size_t p) const { return lengths[target[p]]; }
  const std::uint8_t* query_residues(std::size_t p) const { return &residues[offsets[query[p]]]; }
  const std::uint8_t* target_residues(std::size_t p) const { return &residues[offsets[target[p]]]; }
  std::uint64_t cells() const {
    std::uint64_t total = 0;
    for (std::size_t p = 0; p < size(); ++p)
      total += std::uint64_t{query_length(p)} * target_length(p);
    return total;
  }
};

// Result of one pair: the scaled score and, with traceback, the CIGAR string
// (=, X, I = gap in the target, D = gap in the query) of the aligned region, which spans
// query residues [query_begin, query_end) and target residues [target_begin, target_end)
// (0-based). Free end gaps and the unaligned ends of a local alignment lie outside it.
struct PairResult {
  std::int32_t score = 0;
  std::string cigar;
  std::uint32_t query_begin = 0;
  std::uint32_t query_end = 0;
  std::uint32_t target_begin = 0;
  std::uint32_t target_end = 0;
};

// A batch's results, pair p at index p of every array. Arrays rather than a PairResult per
// pair: a score-only batch then writes 4 bytes per pair rather than clearing, filling and
// reading back a record of 56, and the arrays move as they are into the results message
// (comm::align::BatchResults).
struct AlignedBatch {
  std::vector<std::int32_t> scores;
  StringTable cigars;                  // with traceback
  std::vector<std::uint32_t> regions;  // with traceback, 4 per pair: PairResult's query
                                       // begin, query end, target begin, target end

  std::size_t size() const { return scores.size(); }
  // `pairs` empty results (CIGAR strings and regions with traceback).
  void reset(std::size_t pairs, bool traceback) {
    scores.assign(pairs, 0);
    cigars.reset(traceback ? pairs : 0);
    regions.clear();
    if (traceback) regions.assign(4 * pairs, 0);
  }
  void set_region(std::size_t p, std::uint32_t query_begin, std::uint32_t query_end,
                  std::uint32_t target_begin, std::uint32_t target_end) {
    std::uint32_t* region = &regions[4 * p];
    region[0] = query_begin;
    region[1] = query_end;
    region[2] = target_begin;
    region[3] = target_end;
  }
  // Stores pair p's result (its CIGAR string and region too when the batch has them); not
  // from several threads at once.
  void set(std::size_t p, const PairResult& result) {
    scores[p] = result.score;
    if (cigars.empty()) return;
    cigars.set(p, result.cigar);
    set_region(p, result.query_begin, result.query_end, result.target_begin, result.target_end);
  }
  PairResult result(std::size_t p) const {
    PairResult result;
    result.score = scores[p];
    if (cigars.empty()) return result;
    result.cigar = std::string(cigars[p]);
    result.query_begin = regions[4 * p];
    result.query_end = regions[4 * p + 1];
    result.target_begin = regions[4 * p + 2];
    result.target_end = regions[4 * p + 3];
    return result;
  }
};

}  // namespace wg::kernels::align
