#include "src/align/result_top.hpp"

#include <algorithm>
#include <numeric>

#include "src/common/error.hpp"

namespace wg::align {
namespace {

// The order of --top: higher score first, then the smaller target index.
bool ranks_before(std::int32_t score_a, std::uint64_t target_a, std::int32_t score_b,
                  std::uint64_t target_b) {
  return score_a != score_b ? score_a > score_b : target_a < target_b;
}

}  // namespace

void drop_outside_top(comm::align::BatchResults& results, std::uint32_t top,
                      std::uint64_t targets) {
  // Pair indices grouped by query, best first within each query.
  std::vector<std::size_t> order(results.pair_ids.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const std::uint64_t qa = results.pair_ids[a] / targets;
    const std::uint64_t qb = results.pair_ids[b] / targets;
    if (qa != qb) return qa < qb;
    return ranks_before(results.scores[a], results.pair_ids[a], results.scores[b],
                        results.pair_ids[b]);
  });
  std::uint64_t query = ~std::uint64_t{0};
  std::uint32_t rank = 0;
  StringTable kept;
  kept.reset(results.cigars.size());
  for (const std::size_t k : order) {
    const std::uint64_t q = results.pair_ids[k] / targets;
    rank = q == query ? rank + 1 : 0;
    query = q;
    if (rank < top) kept.set(k, results.cigars[k]);
  }
  results.cigars = std::move(kept);
}

TopResults::TopResults(const std::vector<Sequence>& queries, const std::vector<Sequence>& targets,
                       const ResultFormat& format, bool traceback, std::uint32_t top)
    : queries_(queries), targets_(targets), format_(format), traceback_(traceback), top_(top) {}

void TopResults::store(comm::align::BatchResults& results) {
  const std::uint64_t targets = targets_.size();
  // The heap's front is its worst entry: `worse` orders entries best first.
  const auto worse = [](const Entry& a, const Entry& b) {
    return ranks_before(a.score, a.target, b.score, b.target);
  };
  for (std::size_t k = 0; k < results.pair_ids.size(); ++k) {
    const std::uint64_t id = results.pair_ids[k];
    const std::uint64_t q = id / targets;
    WG_REQUIRE(q >= next_query_ && q < queries_.size(),
               "internal error: result for pair {} (next query {})", id, next_query_);
    QueryTop& top = open_[q];
    ++top.seen;
    Entry entry{results.scores[k], static_cast<std::uint32_t>(id % targets), {}, {}};
    if (top.heap.size() == top_ &&
        !ranks_before(entry.score, entry.target, top.heap.front().score, top.heap.front().target))
      continue;
    if (traceback_) {
      entry.cigar = std::string(results.cigars[k]);
      std::copy_n(&results.regions[4 * k], 4, entry.region);
    }
    if (top.heap.size() == top_) {
      std::pop_heap(top.heap.begin(), top.heap.end(), worse);
      top.heap.back() = std::move(entry);
    } else {
      top.heap.push_back(std::move(entry));
    }
    std::push_heap(top.heap.begin(), top.heap.end(), worse);
  }
}

bool TopResults::append_next(fmt::memory_buffer& out) {
  const std::uint64_t targets = targets_.size();
  const std::uint64_t first = next_query_;
  for (auto it = open_.begin(); it != open_.end() && it->first == next_query_;
       it = open_.erase(it), ++next_query_) {
    if (it->second.seen < targets) break;
    std::vector<Entry>& entries = it->second.heap;
    std::sort_heap(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
      return ranks_before(a.score, a.target, b.score, b.target);
    });
    for (std::size_t rank = 0; rank < entries.size(); ++rank) {
      const Entry& e = entries[rank];
      ResultRecord record;
      record.query = &queries_[it->first];
      record.target = &targets_[e.target];
      record.score = e.score;
      if (traceback_) {
        record.cigar = e.cigar;
        record.region = e.region;
      }
      record.secondary = rank > 0;
      format_.append(out, record);
    }
  }
  return next_query_ != first;
}

}  // namespace wg::align
