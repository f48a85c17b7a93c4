#include "partition/borders.hpp"

#include <algorithm>
#include <numeric>

#include "src/common/error.hpp"

namespace wg::partition {

std::vector<VertexId> equal_work_borders(const std::vector<double>& section_work,
                                         const SectionLayout& layout, int parts) {
  WG_REQUIRE(parts >= 1, "partition count must be at least 1 (got {})", parts);
  WG_REQUIRE(section_work.size() == layout.count(), "section work has {} entries, expected {}",
             section_work.size(), layout.count());
  const std::size_t sections = layout.count();
  // prefix[s] = work of sections [0, s).
  std::vector<double> prefix(sections + 1, 0.0);
  std::partial_sum(section_work.begin(), section_work.end(), prefix.begin() + 1);
  const double total = prefix.back();

  std::vector<VertexId> borders(static_cast<std::size_t>(parts) + 1, 0);
  borders.back() = layout.num_vertices;
  std::size_t previous = 0;
  for (int k = 1; k < parts; ++k) {
    std::size_t s;
    if (total <= 0.0) {
      s = sections * static_cast<std::size_t>(k) / static_cast<std::size_t>(parts);
    } else {
      const double target = total * k / parts;
      s = static_cast<std::size_t>(std::lower_bound(prefix.begin(), prefix.end(), target) -
                                   prefix.begin());
      if (s > 0 && target - prefix[s - 1] < prefix[std::min(s, sections)] - target) --s;
    }
    s = std::clamp(s, previous, sections);
    borders[static_cast<std::size_t>(k)] = layout.start(s);
    previous = s;
  }
  return borders;
}

std::vector<VertexRange> stored_ranges(const std::vector<double>& section_work,
                                       const SectionLayout& layout,
                                       const std::vector<VertexId>& borders, double overlap) {
  WG_REQUIRE(overlap >= 0.0, "--overlap must not be negative (got {})", overlap);
  const std::size_t parts = borders.size() - 1;
  const double total = std::accumulate(section_work.begin(), section_work.end(), 0.0);
  const double budget = overlap * total / static_cast<double>(parts);
  const std::size_t sections = layout.count();
  auto section_of = [&](VertexId v) { return v / layout.section_size; };

  std::vector<VertexRange> stored = ranges_of(borders);
  if (overlap <= 0.0) return stored;
  for (std::size_t p = 0; p < parts; ++p) {
    const VertexRange own = stored[p];
    // Downwards: add whole sections below own.begin while within the budget.
    std::size_t low = section_of(own.begin);
    double added = 0.0;
    while (low > 0 && added + section_work[low - 1] <= budget) added += section_work[--low];
    // Upwards: sections from the one holding own.end.
    std::size_t high = own.end >= layout.num_vertices ? sections : section_of(own.end);
    added = 0.0;
    while (high < sections && added + section_work[high] <= budget) added += section_work[high++];
    stored[p] = {std::min(own.begin, layout.start(low)), std::max(own.end, layout.start(high))};
  }
  return stored;
}

std::vector<VertexRange> ranges_of(const std::vector<VertexId>& borders) {
  std::vector<VertexRange> ranges;
  for (std::size_t p = 0; p + 1 < borders.size(); ++p)
    ranges.push_back({borders[p], borders[p + 1]});
  return ranges;
}

}  // namespace wg::partition
