// The sliding-border balancer of permissive partitioning.
//
// Every iteration each part counts its active vertices per section; with the counts of
// all parts (gathered by the engine) every rank computes the same new borders: load of a
// section = active vertices x the section's average in-degree, borders at equal shares
// of the prefix sum, each clamped so that a part's assigned range stays inside the range
// it stores. The engine applies them one iteration later.
#pragma once

#include <vector>

#include "partition/borders.hpp"

namespace wg::partition {

class SlidingBalancer {
 public:
  // section_in_edges: in-edges per section; stored: the stored range of every part.
  SlidingBalancer(const std::vector<double>& section_in_edges, const SectionLayout& layout,
                  std::vector<VertexRange> stored);

  // New borders for the given active-vertex counts per section. With no active work at
  // all the current borders are kept.
  std::vector<VertexId> rebalance(const std::vector<double>& active_per_section,
                                  const std::vector<VertexId>& current) const;

  // Moves every inner border into the interval where both neighbouring parts store it.
  std::vector<VertexId> clamp(std::vector<VertexId> borders) const;

  const std::vector<double>& average_in_degree() const { return average_in_degree_; }

 private:
  SectionLayout layout_;
  std::vector<VertexRange> stored_;
  std::vector<double> average_in_degree_;
};

}  // namespace wg::partition
