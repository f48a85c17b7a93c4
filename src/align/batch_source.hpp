// Cuts the pair list into batches for the dispatcher. Pairs are taken a window at a time
// in output order; inside a window they are sorted by length, so every batch holds pairs
// of similar lengths (one kernel class on a GPU, little padding in SIMD lanes) while the
// results still stream out in order with memory bounded by the window.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "align/fasta.hpp"
#include "align/messages.hpp"
#include "align/pair_plan.hpp"

namespace wg::align {

class BatchSource {
 public:
  // queries and targets may be the same vector (all-vs-all). Pairs before first_pair are
  // skipped (already written by an earlier run).
  BatchSource(const std::vector<Sequence>& queries, const std::vector<Sequence>& targets,
              const PairPlan& plan, std::uint64_t first_pair, std::size_t window_pairs);

  std::optional<WorkBatch> next(std::uint64_t capacity_cells);

 private:
  struct Pending {
    std::uint32_t query_length;
    std::uint32_t target_length;
    std::uint64_t id;
    PairRef pair;
  };
  void load_window();

  const std::vector<Sequence>& queries_;
  const std::vector<Sequence>& targets_;
  const PairPlan& plan_;
  std::size_t window_pairs_;
  std::uint64_t next_pair_;
  PairRef cursor_;
  std::vector<Pending> window_;
  std::size_t window_position_ = 0;
  std::uint64_t next_batch_id_ = 0;
};

}  // namespace wg::align
