#include "partition/balancer.hpp"

#include <algorithm>

#include "src/common/error.hpp"

namespace wg::partition {

SlidingBalancer::SlidingBalancer(const std::vector<double>& section_in_edges,
                                 const SectionLayout& layout, std::vector<VertexRange> stored)
    : layout_(layout), stored_(std::move(stored)) {
  WG_REQUIRE(section_in_edges.size() == layout.count(),
             "balancer: {} section loads for {} sections", section_in_edges.size(), layout.count());
  average_in_degree_.resize(section_in_edges.size());
  for (std::size_t s = 0; s < section_in_edges.size(); ++s) {
    const double vertices = layout.start(s + 1) - layout.start(s);
    average_in_degree_[s] = section_in_edges[s] / vertices;
  }
}

std::vector<VertexId> SlidingBalancer::rebalance(const std::vector<double>& active_per_section,
                                                 const std::vector<VertexId>& current) const {
  WG_REQUIRE(active_per_section.size() == average_in_degree_.size(),
             "balancer: {} active counts for {} sections", active_per_section.size(),
             average_in_degree_.size());
  std::vector<double> load(active_per_section.size());
  double total = 0.0;
  for (std::size_t s = 0; s < load.size(); ++s) {
    load[s] = active_per_section[s] * average_in_degree_[s];
    total += load[s];
  }
  if (total <= 0.0) return current;
  return clamp(equal_work_borders(load, layout_, static_cast<int>(stored_.size())));
}

std::vector<VertexId> SlidingBalancer::clamp(std::vector<VertexId> borders) const {
  for (std::size_t k = 1; k + 1 < borders.size(); ++k) {
    const VertexId low = stored_[k].begin;     // part k must store its first vertex
    const VertexId high = stored_[k - 1].end;  // part k-1 must store its last vertex
    borders[k] = std::clamp(borders[k], low, std::max(low, high));
    borders[k] = std::max(borders[k], borders[k - 1]);
  }
  return borders;
}

}  // namespace wg::partition
