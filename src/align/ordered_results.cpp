#include "src/align/ordered_results.hpp"

#include <omp.h>

#include <algorithm>

#include "src/common/error.hpp"

namespace wg::align {

OrderedResults::OrderedResults(const std::vector<Sequence>& queries,
                               const std::vector<Sequence>& targets, const PairPlan& plan,
                               const ResultFormat& format, bool traceback, std::uint64_t first,
                               std::size_t window_pairs)
    : queries_(queries),
      targets_(targets),
      plan_(plan),
      format_(format),
      traceback_(traceback),
      window_pairs_(window_pairs),
      next_(first),
      next_pair_(first < plan.size() ? plan.at(first) : PairRef{}),
      base_(first),
      format_threads_(std::clamp(omp_get_max_threads(), 1, kMaxFormatThreads)) {}

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
      if (traceback_) {
        slot->cigars.resize(window_pairs_);
        slot->regions.resize(4 * window_pairs_);
      }
    }
  }
  return *slot;
}

void OrderedResults::retire_front() {
  if (slabs_.front()) spare_ = std::move(slabs_.front());
  slabs_.pop_front();
  base_ += window_pairs_;
}

void OrderedResults::put(comm::align::BatchResults& results, fmt::memory_buffer& out) {
  WG_REQUIRE(results.scores.size() == results.pair_ids.size() &&
                 (!traceback_ || (results.cigars.size() == results.pair_ids.size() &&
                                  results.regions.size() == 4 * results.pair_ids.size())),
             "internal error: batch {} has {} pairs but {} scores and {} CIGAR strings", results.id,
             results.pair_ids.size(), results.scores.size(), results.cigars.size());
  // A batch's pairs come from one window or two: look the slab up only when it changes.
  Slab* s = nullptr;
  std::uint64_t slab_first = 0;
  for (std::size_t k = 0; k < results.pair_ids.size(); ++k) {
    const std::uint64_t id = results.pair_ids[k];
    WG_REQUIRE(id >= next_ && id < plan_.size(), "internal error: result for pair {} (next {})", id,
               next_);
    const std::uint64_t offset = id - base_;
    if (!s || offset < slab_first || offset - slab_first >= window_pairs_) {
      const std::uint64_t k_slab = offset / window_pairs_;
      s = &slab(static_cast<std::size_t>(k_slab));
      slab_first = k_slab * window_pairs_;
    }
    const auto at = static_cast<std::size_t>(offset - slab_first);
    WG_REQUIRE(!s->done[at], "internal error: two results for pair {}", id);
    s->scores[at] = results.scores[k];
    s->done[at] = 1;
    if (traceback_) {
      s->cigars[at] = std::move(results.cigars[k]);
      std::copy_n(&results.regions[4 * k], 4, &s->regions[4 * at]);
    }
  }
  pending_ += results.pair_ids.size();
  append_ready(out);
}

comm::align::BatchResults OrderedResults::pending_results() const {
  comm::align::BatchResults results;
  for (std::size_t k = 0; k < slabs_.size(); ++k) {
    if (!slabs_[k]) continue;
    const Slab& s = *slabs_[k];
    // Lines already written cleared their flags, so a set flag is a pending pair.
    for (std::size_t at = 0; at < window_pairs_; ++at) {
      if (!s.done[at]) continue;
      results.pair_ids.push_back(base_ + k * window_pairs_ + at);
      results.scores.push_back(s.scores[at]);
      if (!traceback_) continue;
      results.cigars.push_back(s.cigars[at]);
      results.regions.insert(results.regions.end(), &s.regions[4 * at], &s.regions[4 * at + 4]);
    }
  }
  return results;
}

void OrderedResults::append_ready(fmt::memory_buffer& out) {
  while (next_ < plan_.size() && !slabs_.empty() && slabs_.front()) {
    Slab& s = *slabs_.front();
    const std::size_t begin = static_cast<std::size_t>(next_ - base_);
    const std::size_t limit =
        static_cast<std::size_t>(std::min<std::uint64_t>(window_pairs_, plan_.size() - base_));
    std::size_t end = begin;
    while (end < limit && s.done[end]) ++end;
    format_range(s, begin, end, out);
    pending_ -= end - begin;
    next_ += end - begin;
    if (end < window_pairs_ && next_ < plan_.size()) return;  // waiting for pair next_
    retire_front();
  }
}

void OrderedResults::format_range(Slab& s, std::size_t begin, std::size_t end,
                                  fmt::memory_buffer& out) {
  // Formats lines from..to-1, the first being `pair`; returns the pair after the last.
  const std::size_t count = end - begin;
  const bool parallel = count >= 2 * kParallelChunk;
  const auto format = [&](std::size_t from, std::size_t to, PairRef pair,
                          fmt::memory_buffer& into) {
    for (std::size_t at = from; at < to; ++at) {
      std::string* cigar = traceback_ ? &s.cigars[at] : nullptr;
      ResultRecord record;
      record.query = &queries_[pair.query];
      record.target = &targets_[pair.target];
      record.score = s.scores[at];
      record.cigar = cigar;
      if (cigar) record.region = &s.regions[4 * at];
      format_.append(into, record);
      s.done[at] = 0;
      if (cigar && !parallel) std::string().swap(*cigar);
      plan_.advance(pair);
    }
    return pair;
  };
  if (!parallel) {
    next_pair_ = format(begin, end, next_pair_, out);
    return;
  }
  // Long finished runs (a whole window at once) are formatted in chunks on several
  // threads, each from its own first pair, and joined in order.
  const std::size_t chunks = (count + kParallelChunk - 1) / kParallelChunk;
  std::vector<fmt::memory_buffer> parts(chunks);
  const std::uint64_t first_index = base_ + begin;
#pragma omp parallel for schedule(dynamic, 1) num_threads(format_threads_)
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t from = begin + c * kParallelChunk;
    format(from, std::min(end, from + kParallelChunk), plan_.at(first_index + c * kParallelChunk),
           parts[c]);
  }
  // One allocation for the joined run: growing `out` part by part copies it again at every
  // doubling, and every new page of it is a fault.
  std::size_t total = out.size();
  for (const auto& part : parts) total += part.size();
  out.reserve(total);
  for (const auto& part : parts) out.append(part.data(), part.data() + part.size());
  const std::uint64_t after = base_ + end;
  next_pair_ = after < plan_.size() ? plan_.at(after) : PairRef{};
  if (!traceback_) return;
  std::vector<std::string> spent(count);
  std::move(s.cigars.begin() + static_cast<std::ptrdiff_t>(begin),
            s.cigars.begin() + static_cast<std::ptrdiff_t>(end), spent.begin());
  if (spent_cigars_.valid()) spent_cigars_.wait();
  spent_cigars_ = std::async(std::launch::async, [spent = std::move(spent)]() mutable {
    std::vector<std::string>().swap(spent);
  });
}

}  // namespace wg::align
