// KiTES vertex grouping (Khorasani's thesis, 3.1.2): the activation structure of a
// partition (the out-edges of every vertex into its stored range, TargetsView) coarsened
// by a ratio r in {2, 4, 32, 64}. Vertex v belongs to group v / r (in the partition's
// ids); the edges between the same pair of groups become one, from the source group to
// the target group. An iteration then activates whole groups: every group holding a
// frontier vertex activates its out-groups, and all r vertices of an active group are
// pulled. The exact targets (4 bytes an edge, 8 with weights) need not be kept; the
// grouped ones take about edges / r entries, at the price of vertices pulled for nothing
// (the redundant work, StepStats::redundant). Only frontier programs whose pull of a
// vertex without a frontier in-neighbour reduces to the identity and changes nothing
// (monotone programs) can be grouped: the results then equal exact activation's.
// Host code; the backends compute the active groups in host/group_activation.hpp and
// cuda/group_activation.cuh.
#pragma once

#include <cstddef>
#include <iterator>
#include <vector>

#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/host/csr_view.hpp"
#include "kernels/graph/partition.hpp"
#include "src/common/host_device.hpp"
#include "src/common/types.hpp"

namespace wg::kernels::graph {

// Whether program P can run with grouped activation: a frontier program whose apply is a
// monotone reduce. All-active programs recompute every vertex anyway, and the pull-only
// phases (bc-backward, scc-reach) apply by their own rule, which may change a vertex
// that no frontier in-neighbour reached, so they keep exact activation.
template <typename P>
constexpr bool can_group() {
  return !P::kAllActive && !P::kPullOnly;
}

// log2 r (r a power of two up to 64).
constexpr unsigned group_shift(unsigned ratio) {
  unsigned shift = 0;
  while ((1u << shift) < ratio) ++shift;
  return shift;
}

constexpr VertexId group_count(VertexId vertices, unsigned ratio) {
  return static_cast<VertexId>((std::size_t{vertices} + ratio - 1) / ratio);
}

// The grouped activation structure: source group g (vertices g*r .. g*r + r - 1, ghosts
// included) activates targets[indptr[g] .. indptr[g + 1]), the distinct groups of the
// stored range its vertices have out-edges into, in increasing order.
struct VertexGroups {
  unsigned ratio = 1;
  unsigned shift = 0;
  VertexId source_groups = 0;  // of the held vertices
  VertexId target_groups = 0;  // of the stored range
  std::vector<EdgeIndex> indptr;
  std::vector<VertexId> targets;

  EdgeIndex edges() const { return targets.size(); }
};

// The grouped structure of `targets` (out-edges of the `num_vertices` held vertices into
// the first `stored_rows` of them) with ratio r > 1.
VertexGroups group_targets(const TargetsView& targets, VertexId num_vertices, VertexId stored_rows,
                           unsigned ratio);

// Its edge count alone, without building it (what --group auto weighs).
EdgeIndex count_group_edges(const TargetsView& targets, VertexId num_vertices, VertexId stored_rows,
                            unsigned ratio);

// Device bytes of the grouped structure and its two bitmasks (changed source groups,
// active target groups).
std::size_t group_bytes(VertexId num_vertices, VertexId stored_rows, unsigned ratio,
                        EdgeIndex group_edges);

// --group auto: the smallest ratio (1: exact activation, then 2, 4, 32, 64) with which
// the partition needs at most `free_bytes`; needed(r) gives its bytes with ratio r. When
// none fits, the largest ratio (the partition's fit check then refuses it).
template <typename Needed>
unsigned choose_group_ratio(const Needed& needed, std::size_t free_bytes) {
  if (needed(1u) <= free_bytes) return 1;
  for (unsigned r : kGroupRatios)
    if (needed(r) <= free_bytes) return r;
  return kGroupRatios[std::size(kGroupRatios) - 1];
}

// The active groups of one step as the pull reads them: v is pulled only when bit
// v >> shift is set (bits null: every vertex, no grouping).
struct ActiveGroups {
  const BitWord* bits = nullptr;
  unsigned shift = 0;
};

WG_HD bool in_active_group(const ActiveGroups& groups, VertexId v) {
  return groups.bits == nullptr || test_bit(groups.bits, v >> groups.shift);
}

}  // namespace wg::kernels::graph
