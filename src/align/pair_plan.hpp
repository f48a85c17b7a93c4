// Which pairs an alignment run computes, in output order: i-th with i-th record
// (--pairs), every unordered pair i < j of one file (--all-vs-all), or every query with
// every target (--query/--target). Pairs are numbered 0..size()-1 in that order.
#pragma once

#include <cstdint>
#include <vector>

namespace wg::align {

enum class PairMode { pairs, all_vs_all, query_target };

struct PairRef {
  std::uint32_t query = 0;   // record index in the query file
  std::uint32_t target = 0;  // record index in the target file
};

class PairPlan {
 public:
  PairPlan(PairMode mode, std::uint32_t queries, std::uint32_t targets);

  PairMode mode() const { return mode_; }
  std::uint64_t size() const { return size_; }
  PairRef at(std::uint64_t index) const;  // random access (O(records) for all-vs-all)
  void advance(PairRef& pair) const;      // the pair after `pair`

  // Cells (sum of query length x target length) of pairs first..size()-1, in O(records):
  // what is left of a job, for sizing batches. Lengths are per record.
  std::uint64_t cells_from(std::uint64_t first, const std::vector<std::uint32_t>& query_lengths,
                           const std::vector<std::uint32_t>& target_lengths) const;

 private:
  PairMode mode_;
  std::uint32_t queries_;
  std::uint32_t targets_;
  std::uint64_t size_;
};

}  // namespace wg::align
