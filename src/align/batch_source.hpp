// Cuts the pair list into batches for the dispatcher. Pairs are taken a window at a time
// in output order; inside a window they are sorted by length, so every batch holds pairs
// of similar lengths (one kernel class on a GPU, little padding in SIMD lanes) while the
// results still stream out in order with memory bounded by the window. The next windows
// are read and sorted on background threads while batches are cut from the current one.
//
// Batch sizes follow guided self-scheduling: a batch takes
// min(capacity, max(floor, remaining cells / (2 x batches in flight))), so large jobs go
// out in batches as large as a worker takes, and small jobs still reach every worker.
//
// A batch names its sequences by key (query records, then target records) with their
// offsets in the packed pool; the residues are packed later, by the rank that aligns it
// (sequence_store.hpp), so choosing a batch costs little under the caller's lock.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <future>
#include <optional>
#include <vector>

#include "comm/align/messages.hpp"
#include "src/align/pair_plan.hpp"

namespace wg::align {

class BatchSource {
 public:
  // Sort keys hold a pair's place in its window in this many bits.
  static constexpr int kWindowBits = 20;
  // A batch stops taking pairs once its residue pool passes this size. Jobs that are
  // mostly data (pairs of 1 kb: 2 KB of residues per Mcell) then start their GPUs after
  // packing a few milliseconds' worth instead of a guided share of the whole job, and
  // every aligner's buffers are sized once, before the dispatch (largest_pool). It
  // also keeps shipped residues far under MPI's 2 GiB message limit.
  static constexpr std::uint64_t kMaxBatchResidues = std::uint64_t{32} << 20;
  // What a GPU rank asks for (align_driver.cpp, unless --batch-cells): batches of at most
  // kGpuCapacityCells, and of at least kGpuFloorCells while enough work is left, the
  // smallest worth a batch's overhead.
  static constexpr std::uint64_t kGpuCapacityCells = 60'000'000'000;
  static constexpr std::uint64_t kGpuFloorCells = 1'000'000'000;

  // The window of a job of `pairs` pairs. Results are written in input order, so a
  // window's lines go out only once all of its pairs are back: a job of one window wrote
  // every line after its last batch (36 MB of lines with CIGAR strings, a fifth of the
  // dispatch, for 100,000 pairs of 1 kb with traceback). A job is cut into about
  // kOutputWindows windows, so that all but the last are written while the GPUs work: 7-39%
  // faster end to end on one GPU, although traceback batches, which never span two windows,
  // get smaller. The largest window bounds rank 0's memory for pending results, the
  // smallest keeps batches of short pairs sorted over enough pairs.
  static constexpr std::uint64_t kOutputWindows = 16;
  static constexpr std::uint64_t kMinWindowPairs = std::uint64_t{1} << 13;
  static constexpr std::uint64_t kMaxWindowPairs = std::uint64_t{1} << kWindowBits;
  static std::size_t window_pairs(std::uint64_t pairs) {
    const std::uint64_t share = (pairs + kOutputWindows - 1) / kOutputWindows;
    return static_cast<std::size_t>(std::clamp(share, kMinWindowPairs, kMaxWindowPairs));
  }

  // Sequence lengths per record; targets may be the same vector as queries (all-vs-all:
  // then sequence keys are query records alone). Pairs before first_pair are
  // skipped (already written by an earlier run), and so are the pairs in `done` (increasing
  // ids, each at least first_pair: finished by an earlier run but not yet written).
  // in_flight: how many batches the workers hold at once (ranks x the batches each
  // keeps). window_pairs: at most 2^kWindowBits.
  BatchSource(const std::vector<std::uint32_t>& query_lengths,
              const std::vector<std::uint32_t>& target_lengths, const PairPlan& plan,
              std::uint64_t first_pair, std::vector<std::uint64_t> done, std::size_t window_pairs,
              int in_flight);
  ~BatchSource();
  BatchSource(const BatchSource&) = delete;
  BatchSource& operator=(const BatchSource&) = delete;

  // The next batch for a worker taking at most capacity_cells and, while enough work is
  // left, at least floor_cells; nothing once every pair is handed out.
  std::optional<comm::align::WorkBatch> next(std::uint64_t capacity_cells,
                                             std::uint64_t floor_cells);

  std::uint64_t remaining_cells() const { return remaining_cells_; }

  // Windows are read and sorted on background threads, as many ahead as hold
  // kReadAheadPairs pairs, from kMinWindowsAhead of the largest to kMaxWindowsAhead of the
  // smallest. With one window read ahead at a time, batches waited for their windows: a
  // window is one or two batches, and its reader is one thread among the ranks' busy teams.
  // On two GPUs the second rank got its first batch 4.4-7.2 ms into a 12 ms dispatch of
  // 100,000 protein pairs (windows of 8,192) and 12 ms into a 70 ms one of 1,000,000
  // (windows of 62,500), after the four of rank 0's aligners.
  static constexpr std::uint64_t kReadAheadPairs = std::uint64_t{1} << 18;
  static constexpr std::uint64_t kMinWindowsAhead = 2;
  static constexpr std::uint64_t kMaxWindowsAhead = 8;
  static std::uint64_t windows_ahead(std::size_t window_pairs) {
    return std::clamp<std::uint64_t>(kReadAheadPairs / std::max<std::size_t>(window_pairs, 1),
                                     kMinWindowsAhead, kMaxWindowsAhead);
  }

  // The largest residue pool a batch can have: every residue of the input, or
  // kMaxBatchResidues plus the pair that passes it (at most the longest pair's residues).
  static std::uint64_t largest_pool(std::uint64_t input_residues, std::uint64_t longest_pair) {
    return std::min(input_residues, kMaxBatchResidues + longest_pair);
  }

 private:
  struct Window {
    std::uint64_t first_pair = 0;
    std::vector<PairRef> pairs;       // in output order, done ones included
    std::vector<std::uint64_t> keys;  // pairs to hand out, sorted: query length, target
                                      // length, place
    std::uint64_t done_cells = 0;     // cells of the window's pairs in `done_`
    // With sequences used once, the window's batches laid out by its reader, in key order:
    // next() copies a run of them. Per position: its two slots' sequence keys and lengths
    // (query, target; the pair's id is in its key); per position and one past the end: the
    // cells and residues of the positions before it.
    std::vector<std::uint32_t> sequences;
    std::vector<std::uint32_t> lengths;
    std::vector<std::uint64_t> cells_before;
    std::vector<std::uint64_t> residues_before;
  };
  // The window that starts at first_pair (before the end of the plan).
  Window read_window(std::uint64_t first_pair) const;
  // Lays out the batches of a window whose sequences are used once (read_window).
  void lay_out(Window& window) const;
  // The next batch of such a window: a run of its laid-out pairs, as many as the budget
  // takes, copied whole.
  comm::align::WorkBatch cut_laid_out(std::uint64_t budget);
  void start_next_window();
  // A sequence's slot in the batch, stored once however many of its pairs use it.
  std::uint32_t slot_of(comm::align::WorkBatch& batch, std::uint32_t sequence_key,
                        std::uint32_t length);
  // A new slot for the sequence.
  static std::uint32_t add_sequence(comm::align::WorkBatch& batch, std::uint32_t sequence_key,
                                    std::uint32_t length);

  const std::vector<std::uint32_t>& query_lengths_;
  const std::vector<std::uint32_t>& target_lengths_;
  const PairPlan& plan_;
  const std::vector<std::uint64_t> done_;
  std::size_t window_pairs_;
  int in_flight_;
  std::uint64_t remaining_cells_ = 0;
  std::uint64_t next_window_pair_;            // first pair of the next window to read
  std::deque<std::future<Window>> upcoming_;  // windows being read ahead, in order
  Window window_;
  std::size_t window_position_ = 0;
  std::uint64_t next_batch_id_ = 0;
  // Every sequence is in one pair alone (--pairs of two files): the window readers lay out
  // the batches (lay_out), and slots_ stays empty.
  bool sequences_used_once_;
  // A sequence's slot in the batch being cut, valid while its stamp is the batch's (side by
  // side: one cache line to fetch per sequence).
  struct SlotStamp {
    std::uint32_t stamp = 0;
    std::uint32_t slot = 0;
  };
  std::vector<SlotStamp> slots_;
  std::uint32_t generation_ = 0;
};

}  // namespace wg::align
