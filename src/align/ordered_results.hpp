// Puts results that arrive in any order (batches are length-sorted within windows and
// finish on different ranks) back into input order and formats the lines of the longest
// finished prefix. Storage is indexed by pair: one slab per window of pairs holding the
// scores, done flags and (with traceback) the CIGAR strings, released as soon as the
// prefix passes it, so memory stays bounded by the windows in flight. Long finished runs
// are formatted on several OpenMP threads (at most kMaxFormatThreads).
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "comm/align/messages.hpp"
#include "src/align/fasta.hpp"
#include "src/align/pair_plan.hpp"
#include "src/align/result_format.hpp"
#include "src/align/result_sink.hpp"

namespace wg::align {

class OrderedResults final : public ResultSink {
 public:
  // Pairs first..plan.size()-1 are expected (earlier ones were written by an earlier run).
  OrderedResults(const std::vector<Sequence>& queries, const std::vector<Sequence>& targets,
                 const PairPlan& plan, const ResultFormat& format, bool traceback,
                 std::uint64_t first, std::size_t window_pairs);

  // Stores one batch's results (CIGAR strings are moved out) and appends to `out` the
  // lines that became writable, in input order.
  void put(comm::align::BatchResults& results, fmt::memory_buffer& out) override;
  bool complete() const override { return next_ == plan_.size() && pending_ == 0; }
  std::uint64_t written() const override { return next_; }

  std::uint64_t next_index() const { return next_; }  // pairs written so far, resumed included
  std::uint64_t pending() const { return pending_; }  // stored, waiting for earlier pairs
  // The stored results waiting for earlier pairs, in pair order (an interrupted run keeps
  // them for --resume: pending_results.hpp).
  comm::align::BatchResults pending_results() const;

 private:
  struct Slab {
    std::vector<std::int32_t> scores;
    std::vector<std::uint8_t> done;
    std::vector<std::string> cigars;
    std::vector<std::uint32_t> regions;  // 4 per pair (BatchResults::regions)
  };
  // Lines per chunk when a long finished run is formatted on several threads.
  static constexpr std::size_t kParallelChunk = 4096;
  static constexpr int kMaxFormatThreads = 8;

  Slab& slab(std::size_t k);
  void retire_front();
  void append_ready(fmt::memory_buffer& out);
  void format_range(Slab& s, std::size_t begin, std::size_t end, fmt::memory_buffer& out);

  const std::vector<Sequence>& queries_;
  const std::vector<Sequence>& targets_;
  const PairPlan& plan_;
  const ResultFormat& format_;
  bool traceback_;
  std::size_t window_pairs_;
  std::uint64_t next_;                       // next pair to write
  PairRef next_pair_;                        // its records
  std::uint64_t base_;                       // first pair of slabs_[0]
  std::deque<std::unique_ptr<Slab>> slabs_;  // null until a result of that window arrives
  std::unique_ptr<Slab> spare_;              // a retired slab, reused
  std::uint64_t pending_ = 0;
  int format_threads_;
  // The CIGAR strings of the last long run written, freed on a thread of their own: freeing
  // them inside the formatting loop took a quarter of a window's formatting time. The
  // destructor waits for it.
  std::future<void> spent_cigars_;
};

}  // namespace wg::align
