#include "kernels/graph/vertex_groups.hpp"

#include <algorithm>

namespace wg::kernels::graph {

namespace {

// Calls take(target group) once per distinct target group of each source group, source
// groups in order, and end_group() after the last of each. `seen` marks, per target
// group, the last source group that took it: one pass over the edges, memory one entry
// per target group.
template <typename Take, typename End>
void walk_group_edges(const TargetsView& targets, VertexId num_vertices, VertexId stored_rows,
                      unsigned ratio, const Take& take, const End& end_group) {
  const unsigned shift = group_shift(ratio);
  const VertexId sources = group_count(num_vertices, ratio);
  std::vector<VertexId> seen(group_count(stored_rows, ratio), ~VertexId{0});
  for (VertexId g = 0; g < sources; ++g) {
    const VertexId first = g << shift;
    const VertexId last = std::min<VertexId>(num_vertices, first + ratio);
    for (EdgeIndex e = targets.indptr[first]; e < targets.indptr[last]; ++e) {
      const VertexId t = targets.targets[e] >> shift;
      if (seen[t] == g) continue;
      seen[t] = g;
      take(t);
    }
    end_group();
  }
}

}  // namespace

VertexGroups group_targets(const TargetsView& targets, VertexId num_vertices, VertexId stored_rows,
                           unsigned ratio) {
  VertexGroups groups;
  groups.ratio = ratio;
  groups.shift = group_shift(ratio);
  groups.source_groups = group_count(num_vertices, ratio);
  groups.target_groups = group_count(stored_rows, ratio);
  groups.indptr.reserve(std::size_t{groups.source_groups} + 1);
  groups.indptr.push_back(0);
  walk_group_edges(
      targets, num_vertices, stored_rows, ratio, [&](VertexId t) { groups.targets.push_back(t); },
      [&] {
        std::sort(groups.targets.begin() + static_cast<std::ptrdiff_t>(groups.indptr.back()),
                  groups.targets.end());
        groups.indptr.push_back(groups.targets.size());
      });
  groups.targets.shrink_to_fit();
  return groups;
}

EdgeIndex count_group_edges(const TargetsView& targets, VertexId num_vertices, VertexId stored_rows,
                            unsigned ratio) {
  EdgeIndex edges = 0;
  walk_group_edges(
      targets, num_vertices, stored_rows, ratio, [&](VertexId) { ++edges; }, [] {});
  return edges;
}

std::size_t group_bytes(VertexId num_vertices, VertexId stored_rows, unsigned ratio,
                        EdgeIndex group_edges) {
  const std::size_t sources = group_count(num_vertices, ratio);
  return (sources + 1) * sizeof(EdgeIndex) + group_edges * sizeof(VertexId) +
         (bit_words(sources) + bit_words(group_count(stored_rows, ratio))) * sizeof(BitWord);
}

}  // namespace wg::kernels::graph
