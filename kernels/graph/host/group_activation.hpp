// Host backend of vertex grouping (kernels/graph/vertex_groups.hpp): the grouped
// activation structure of a partition, and at the start of every step the groups its
// pull covers: the groups holding a frontier vertex (its own changes and the updates
// scattered in from other partitions) mark their out-groups active.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/graph/host/atomic_value.hpp"
#include "kernels/graph/partition.hpp"
#include "kernels/graph/vertex_groups.hpp"

namespace wg::kernels::graph::host {

class GroupActivation {
 public:
  // Ratio 1: no grouping (activate() then returns no mask: every vertex is pulled).
  GroupActivation(const PartitionView& view, unsigned ratio) : vertices_(view.num_vertices) {
    if (ratio <= 1) return;
    groups_ = group_targets(view.targets, view.num_vertices,
                            static_cast<VertexId>(view.stored.size()), ratio);
    changed_.assign(bit_words(groups_.source_groups), 0);
    active_.assign(bit_words(groups_.target_groups), 0);
  }

  bool on() const { return groups_.ratio > 1; }
  unsigned ratio() const { return groups_.ratio; }
  EdgeIndex edges() const { return groups_.edges(); }

  // The groups the pull of a step from `frontier` (bits of the held vertices) covers.
  ActiveGroups activate(const BitWord* frontier) {
    if (!on()) return {};
    std::fill(changed_.begin(), changed_.end(), 0);
    std::fill(active_.begin(), active_.end(), 0);
    const unsigned shift = groups_.shift;
    const unsigned ratio = groups_.ratio;
#pragma omp parallel for schedule(static)
    for (std::int64_t w = 0; w < static_cast<std::int64_t>(bit_words(vertices_)); ++w) {
      BitWord pending = frontier[w];
      while (pending) {
        const auto bit = static_cast<unsigned>(__builtin_ctzll(pending));
        set_bit_atomic(
            changed_.data(),
            static_cast<VertexId>((static_cast<std::size_t>(w) * kBitsPerWord + bit) >> shift));
        // The rest of this vertex's group adds nothing.
        const unsigned next = (bit | (ratio - 1)) + 1;
        pending = next >= kBitsPerWord ? 0 : pending & (~BitWord{0} << next);
      }
    }
#pragma omp parallel for schedule(dynamic, 16)
    for (std::int64_t w = 0; w < static_cast<std::int64_t>(changed_.size()); ++w) {
      BitWord pending = changed_[static_cast<std::size_t>(w)];
      while (pending) {
        const auto g = static_cast<VertexId>(static_cast<std::size_t>(w) * kBitsPerWord +
                                             static_cast<unsigned>(__builtin_ctzll(pending)));
        pending &= pending - 1;
        for (EdgeIndex e = groups_.indptr[g]; e < groups_.indptr[g + 1]; ++e)
          set_bit_atomic(active_.data(), groups_.targets[e]);
      }
    }
    return {active_.data(), shift};
  }

 private:
  VertexId vertices_ = 0;
  VertexGroups groups_;
  std::vector<BitWord> changed_;  // source groups holding a frontier vertex
  std::vector<BitWord> active_;   // target groups the pull covers
};

}  // namespace wg::kernels::graph::host
