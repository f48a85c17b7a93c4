// --top K (query x target runs): each query's K best targets, by score descending, then
// target index ascending, in query order. Memory per query is a heap of K entries, kept
// only while the query has pairs in flight; a query's lines are written once all its
// pairs have come back and every earlier query is written.
//
// Workers cut the traffic first: drop_outside_top keeps alignments only for their batch's
// best K per query (a pair outside its batch's best K cannot be in its query's), so rank 0
// merges heaps of at most K alignments per batch and query.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "src/align/fasta.hpp"
#include "src/align/result_format.hpp"
#include "src/align/result_sink.hpp"

namespace wg::align {

// Empties the CIGAR strings of pairs outside the batch's best `top` of their query; pair
// id p belongs to query p / targets.
void drop_outside_top(comm::align::BatchResults& results, std::uint32_t top, std::uint64_t targets);

class TopResults final : public ResultSink {
 public:
  TopResults(const std::vector<Sequence>& queries, const std::vector<Sequence>& targets,
             const ResultFormat& format, bool traceback, std::uint32_t top);

  void store(comm::align::BatchResults& results) override;
  bool append_next(fmt::memory_buffer& out) override;
  bool complete() const override { return next_query_ == queries_.size() && open_.empty(); }
  std::uint64_t written() const override { return next_query_ * targets_.size(); }

 private:
  struct Entry {
    std::int32_t score;
    std::uint32_t target;
    std::string cigar;
    std::uint32_t region[4];
  };
  struct QueryTop {
    std::uint64_t seen = 0;   // pairs of the query that came back
    std::vector<Entry> heap;  // the best `top_` so far; front: the worst of them
  };

  const std::vector<Sequence>& queries_;
  const std::vector<Sequence>& targets_;
  const ResultFormat& format_;
  bool traceback_;
  std::uint32_t top_;
  std::uint64_t next_query_ = 0;            // next query to write
  std::map<std::uint64_t, QueryTop> open_;  // queries with results not yet written
};

}  // namespace wg::align
