// Puts results that arrive in any order (batches are length-sorted within windows and
// finish on different ranks) back into input order and writes the lines of the longest
// finished prefix. Storage is indexed by pair: one slab per window of pairs holding the
// scores, done flags and (with traceback) the CIGAR strings, released as soon as the
// prefix passes it, so memory stays bounded by the windows in flight.
//
// Lines are formatted when written, in input order: a batch's pairs are in length order,
// so formatting them on arrival read the sequence records all over their arrays, and
// cost 2-3 times as much per line as reading them in order. The job's last window is the
// exception: nothing is aligned after it, so its lines are formatted as its batches
// arrive, and the tail after the last batch is that batch's lines rather than a window's.
// Text formatted ahead is bounded (format_ahead_bytes); past that, pairs wait raw.
// Batches and runs of many lines are formatted on several OpenMP threads.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "comm/align/messages.hpp"
#include "src/align/fasta.hpp"
#include "src/align/pair_plan.hpp"
#include "src/align/result_format.hpp"
#include "src/align/result_sink.hpp"
#include "src/common/string_table.hpp"

namespace wg::align {

class OrderedResults final : public ResultSink {
 public:
  // Threads of a formatting team at most (the align threads' teams are sized beside it,
  // aligner_teams.hpp).
  static constexpr int kMaxFormatThreads = 8;
  // Formatted text of the last window held at once, waiting for earlier pairs: about a
  // window of SAM lines of 1 kb reads.
  static constexpr std::uint64_t kFormatAheadBytes = std::uint64_t{1} << 30;

  // Pairs first..plan.size()-1 are expected (earlier ones were written by an earlier run).
  OrderedResults(const std::vector<Sequence>& queries, const std::vector<Sequence>& targets,
                 const PairPlan& plan, const ResultFormat& format, bool traceback,
                 std::uint64_t first, std::size_t window_pairs,
                 std::uint64_t format_ahead_bytes = kFormatAheadBytes);

  // Stores one batch's results (CIGAR strings are moved out); the last window's lines are
  // formatted now.
  void store(comm::align::BatchResults& results) override;
  // Appends the writable lines of the first window not yet written.
  bool append_next(fmt::memory_buffer& out) override;
  // Starts the formatting team and gives its chunk texts memory.
  void prepare() override;
  bool complete() const override { return next_ == plan_.size() && pending_ == 0; }
  std::uint64_t written() const override { return next_; }

  std::uint64_t next_index() const { return next_; }  // pairs written so far, resumed included
  std::uint64_t pending() const { return pending_; }  // stored, waiting for earlier pairs
  // The stored results waiting for earlier pairs, in pair order (an interrupted run keeps
  // them for --resume: pending_results.hpp).
  comm::align::BatchResults pending_results() const;

 private:
  // Where a pair's formatted line is: `size` bytes from `begin` in its slab's texts[text].
  struct Line {
    std::uint64_t begin = 0;
    std::uint32_t size = 0;
    std::uint32_t text = kUnformatted;
  };
  static constexpr std::uint32_t kUnformatted = ~std::uint32_t{0};
  struct Slab {
    std::vector<std::int32_t> scores;
    std::vector<std::uint8_t> done;
    std::vector<std::string_view> cigars;  // per pair, in one of `cigar_tables`
    // The CIGAR texts of the batches stored in the slab, released with it.
    std::vector<std::shared_ptr<const StringTable>> cigar_tables;
    std::vector<std::uint32_t> regions;  // 4 per pair (BatchResults::regions)
    std::vector<Line> lines;
    std::vector<fmt::memory_buffer> texts;  // one per chunk of lines formatted together
    std::uint64_t text_bytes = 0;
    bool formatted_ahead = false;  // some lines were formatted on arrival (the last window)
  };
  // Lines per formatting or copying task when many are formatted or written at once: a
  // batch of 8,000-17,000 pairs kept 2-4 threads formatting in chunks of 4,096.
  static constexpr std::size_t kParallelChunk = 1024;
  // How far ahead format_lines fetches the records of the lines it formats.
  static constexpr std::size_t kPrefetchLines = 16;
  // prepare() gives the chunk texts of a window's first kPreparedChunks chunks
  // kPreparedChunkBytes each (1,024 TSV lines of proteins take about 19 KB).
  static constexpr std::size_t kPreparedChunks = 64;
  static constexpr std::size_t kPreparedChunkBytes = std::size_t{32} << 10;
  // Capacity of the texts of written windows kept for the next ones: fresh memory for
  // every chunk of lines cost a page fault per 4 KB and the copies of growing buffers.
  static constexpr std::size_t kSpareTextBytes = std::size_t{64} << 20;

  Slab& slab(std::size_t k);
  // The formats' view of the result stored at place `at` of the slab, pair `pair`.
  ResultRecord record(const Slab& s, std::size_t at, PairRef pair) const;
  void retire_front();
  // Formats the lines of pairs slab_pair + places[k] into new texts of the slab.
  void format_lines(Slab& s, std::uint64_t slab_pair, const std::vector<std::uint32_t>& places);
  // Appends the lines of the front slab's places begin..end-1 (all done) and releases them.
  void write_range(Slab& s, std::size_t begin, std::size_t end, fmt::memory_buffer& out);
  // The same for a slab none of whose lines were formatted ahead: the run is formatted in
  // order, chunk by chunk on several threads, and the chunks are appended to `out`.
  void write_run(Slab& s, std::size_t begin, std::size_t end, fmt::memory_buffer& out);
  // Appends `count` texts whole, in order (copies on several threads when there are
  // several).
  void append_texts(const fmt::memory_buffer* texts, std::size_t count, fmt::memory_buffer& out);
  // Copies the formatted lines of places begin..end-1 to `out`, line by line, and clears
  // their places.
  void gather_lines(Slab& s, std::size_t begin, std::size_t end, fmt::memory_buffer& out);

  const std::vector<Sequence>& queries_;
  const std::vector<Sequence>& targets_;
  const PairPlan& plan_;
  const ResultFormat& format_;
  bool traceback_;
  std::size_t window_pairs_;
  std::uint64_t format_ahead_bytes_;
  std::uint64_t formatted_bytes_ = 0;            // texts held by the slabs
  std::uint64_t last_window_;                    // first pair of the job's last window
  std::uint64_t next_;                           // next pair to write
  std::uint64_t base_;                           // first pair of slabs_[0]
  std::deque<std::unique_ptr<Slab>> slabs_;      // null until a result of that window arrives
  std::unique_ptr<Slab> spare_;                  // a retired slab, reused
  std::vector<fmt::memory_buffer> spare_texts_;  // emptied texts of retired slabs
  std::vector<fmt::memory_buffer> run_texts_;    // write_run's chunks, kept for the next run
  std::size_t spare_text_bytes_ = 0;
  std::uint64_t pending_ = 0;
  int format_threads_;
};

}  // namespace wg::align
