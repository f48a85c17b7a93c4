#include "src/align/pair_plan.hpp"

#include <algorithm>
#include <cmath>

namespace wg::align {

PairPlan::PairPlan(PairMode mode, std::uint32_t queries, std::uint32_t targets)
    : mode_(mode), queries_(queries), targets_(targets) {
  switch (mode) {
    case PairMode::pairs:
      size_ = queries;
      break;
    case PairMode::all_vs_all:
      size_ = std::uint64_t{queries} * (queries - 1) / 2;
      break;
    case PairMode::query_target:
      size_ = std::uint64_t{queries} * targets;
      break;
  }
}

PairRef PairPlan::at(std::uint64_t index) const {
  switch (mode_) {
    case PairMode::pairs:
      return {static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index)};
    case PairMode::query_target:
      return {static_cast<std::uint32_t>(index / targets_),
              static_cast<std::uint32_t>(index % targets_)};
    case PairMode::all_vs_all:
      break;
  }
  // Row i holds pairs (i, i+1..n-1); before(i) pairs precede it. Invert the quadratic,
  // then correct the floating-point guess.
  const auto n = static_cast<double>(queries_);
  const auto before = [&](std::uint64_t i) { return i * (queries_ - 1) - i * (i - 1) / 2; };
  const double b = 2 * n - 1;
  const double guess = (b - std::sqrt(std::max(0.0, b * b - 8.0 * static_cast<double>(index)))) / 2;
  std::uint64_t i = guess > 0 ? static_cast<std::uint64_t>(guess) : 0;
  while (i > 0 && before(i) > index) --i;
  while (before(i + 1) <= index) ++i;
  return {static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i + 1 + index - before(i))};
}

void PairPlan::advance(PairRef& pair) const {
  switch (mode_) {
    case PairMode::pairs:
      ++pair.query;
      ++pair.target;
      return;
    case PairMode::query_target:
      if (++pair.target == targets_) {
        pair.target = 0;
        ++pair.query;
      }
      return;
    case PairMode::all_vs_all:
      if (++pair.target == queries_) {
        ++pair.query;
        pair.target = pair.query + 1;
      }
      return;
  }
}

std::uint64_t PairPlan::cells_from(std::uint64_t first,
                                   const std::vector<std::uint32_t>& query_lengths,
                                   const std::vector<std::uint32_t>& target_lengths) const {
  if (first >= size_) return 0;
  const PairRef start = at(first);
  std::uint64_t cells = 0;
  switch (mode_) {
    case PairMode::pairs:
      for (std::uint32_t i = start.query; i < queries_; ++i)
        cells += std::uint64_t{query_lengths[i]} * target_lengths[i];
      return cells;
    case PairMode::query_target: {
      std::uint64_t all_targets = 0;
      std::uint64_t rest_of_row = 0;
      for (std::uint32_t j = 0; j < targets_; ++j) {
        all_targets += target_lengths[j];
        if (j >= start.target) rest_of_row += target_lengths[j];
      }
      cells = query_lengths[start.query] * rest_of_row;
      for (std::uint32_t i = start.query + 1; i < queries_; ++i)
        cells += query_lengths[i] * all_targets;
      return cells;
    }
    case PairMode::all_vs_all:
      break;
  }
  // Row i pairs record i with every later record: length(i) x (sum of later lengths).
  std::uint64_t later = 0;  // sum of lengths after the row being summed
  for (std::uint32_t i = queries_; i-- > start.query + 1;) {
    cells += query_lengths[i] * later;
    later += query_lengths[i];
  }
  std::uint64_t rest_of_row = 0;
  for (std::uint32_t j = start.target; j < queries_; ++j) rest_of_row += query_lengths[j];
  return cells + query_lengths[start.query] * rest_of_row;
}

}  // namespace wg::align
