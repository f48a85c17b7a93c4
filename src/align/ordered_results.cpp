#include "align/ordered_results.hpp"

#include "align/result_format.hpp"
#include "error.hpp"

namespace wg::align {

OrderedResults::OrderedResults(const std::vector<Sequence>& queries,
                               const std::vector<Sequence>& targets, const PairPlan& plan,
                               std::int32_t scale, bool traceback, std::uint64_t first,
                               std::size_t window_pairs)
    : queries_(queries),
      targets_(targets),
      plan_(plan),
      scale_(scale),
      traceback_(traceback),
      window_pairs_(window_pairs),
      next_(first),
      next_pair_(first < plan.size() ? plan.at(first) : PairRef{}),
      base_(first) {}

OrderedResults::Slab& OrderedResults::slab(std::size_t k) {
  while (slabs_.size() <= k) slabs_.emplace_back();
  std::unique_ptr<Slab>& slot = slabs_[k];
  if (!slot) {
    if (spare_) {  // flags were cleared and strings released as its lines were written
      slot = std::move(spare_);
    } else {
      slot = std::make_unique<Slab>();
      slot->scores.resize(window_pairs_);
      slot->done.assign(window_pairs_, 0);
      if (traceback_) slot->cigars.resize(window_pairs_);
    }
  }
  return *slot;
}

void OrderedResults::retire_front() {
  if (slabs_.front()) spare_ = std::move(slabs_.front());
  slabs_.pop_front();
  base_ += window_pairs_;
}

void OrderedResults::put(BatchResults& results, fmt::memory_buffer& out) {
  WG_REQUIRE(results.scores.size() == results.pair_ids.size() &&
                 (!traceback_ || results.cigars.size() == results.pair_ids.size()),
             "internal error: batch {} has {} pairs but {} scores and {} CIGAR strings",
             results.id, results.pair_ids.size(), results.scores.size(), results.cigars.size());
  for (std::size_t k = 0; k < results.pair_ids.size(); ++k) {
    const std::uint64_t id = results.pair_ids[k];
    WG_REQUIRE(id >= next_ && id < plan_.size(), "internal error: result for pair {} (next {})",
               id, next_);
    const std::uint64_t offset = id - base_;
    Slab& s = slab(static_cast<std::size_t>(offset / window_pairs_));
    const std::size_t at = static_cast<std::size_t>(offset % window_pairs_);
    WG_REQUIRE(!s.done[at], "internal error: two results for pair {}", id);
    s.scores[at] = results.scores[k];
    s.done[at] = 1;
    if (traceback_) s.cigars[at] = std::move(results.cigars[k]);
  }
  pending_ += results.pair_ids.size();
  append_ready(out);
}

void OrderedResults::append_ready(fmt::memory_buffer& out) {
  while (next_ < plan_.size() && !slabs_.empty() && slabs_.front()) {
    Slab& s = *slabs_.front();
    std::size_t at = static_cast<std::size_t>(next_ - base_);
    for (; at < window_pairs_ && next_ < plan_.size() && s.done[at]; ++at, ++next_) {
      std::string* cigar = traceback_ ? &s.cigars[at] : nullptr;
      append_result_line(out, queries_[next_pair_.query].id, targets_[next_pair_.target].id,
                         s.scores[at], cigar, scale_);
      s.done[at] = 0;
      if (cigar) std::string().swap(*cigar);
      plan_.advance(next_pair_);
      --pending_;
    }
    if (at < window_pairs_ && next_ < plan_.size()) return;  // waiting for pair next_
    retire_front();
  }
}

}  // namespace wg::align
