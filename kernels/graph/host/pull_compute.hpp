// Host backend of the pull direction: every vertex of the assigned range reduces what its
// in-neighbours send and applies the result in place.
//   all-active programs read `messages`, a snapshot of every vertex's emit() taken before
//     the pull (a Jacobi step whatever the thread order);
//   frontier programs read only in-neighbours set in `frontier`, straight from the values
//     (monotone programs accept whichever of an old or new value a thread sees);
//     level-synchronous ones skip vertices that have a value and stop at the first
//     frontier in-neighbour (or read them all, kWholeLevel); with vertex grouping
//     (vertex_groups.hpp) only the vertices of `groups` are pulled, and those whose
//     in-edges reduce to the identity are counted as redundant.
// Changed vertices get their bit in `next` (each section owns its words). Sections are
// the unit of parallel work and of the per-section change sums.
#pragma once

#include <omp.h>

#include <cstdint>
#include <vector>

#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/host/atomic_value.hpp"
#include "kernels/graph/host/csr_view.hpp"
#include "kernels/graph/vertex_groups.hpp"
#include "kernels/graph/vertex_program.hpp"
#include "partition/sections.hpp"

namespace wg::kernels::graph::host {

// What row `row` reduces over its edges j, j + f, j + 2f, ...: the whole row (j = 0, f = 1),
// or member j of a virtual-split family of f (split_compute.hpp).
template <typename P>
typename P::Value reduce_member(const InCsrView& csr, VertexId row, EdgeIndex j, EdgeIndex f,
                                const BitWord* frontier, const typename P::Value* messages,
                                const typename P::Value* values, const typename P::Value& before) {
  typename P::Value reduced = P::identity();
  const EdgeIndex end = csr.indptr[row + 1];
  for (EdgeIndex e = csr.indptr[row] + j; e < end; e += f) {
    const VertexId u = csr.indices[e];
    const EdgeValue weight = csr.weights ? csr.weights[e] : EdgeValue(1);
    if constexpr (P::kAllActive) {
      reduced = P::reduce(reduced, gather_for<P>(messages[u], weight, &before));
    } else if (test_bit(frontier, u)) {
      reduced = P::reduce(reduced, P::gather(load_relaxed(&values[u]), weight));
      if (P::kLevelSynchronous && !P::kWholeLevel) break;
    }
  }
  return reduced;
}

struct PullTotals {
  std::uint64_t updates = 0;
  double change = 0.0;
  std::uint64_t redundant = 0;  // grouped pulls: vertices whose in-edges brought nothing
};

template <typename P>
PullTotals pull_compute(const InCsrView& csr, const partition::SectionLayout& sections,
                        VertexRange assigned, const BitWord* frontier,
                        const typename P::Value* messages, typename P::Value* values,
                        const double* vertex_weights, const ProgramParams& params, BitWord* next,
                        const ActiveGroups& groups = {}) {
  using Value = typename P::Value;
  const auto first = static_cast<std::int64_t>(sections.first(assigned));
  const auto last = static_cast<std::int64_t>(sections.last(assigned));
  std::vector<double> change(static_cast<std::size_t>(last - first), 0.0);
  std::uint64_t updates = 0, redundant = 0;
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : updates, redundant)
  for (std::int64_t s = first; s < last; ++s) {
    const VertexRange r = sections.clip(static_cast<std::size_t>(s), assigned);
    double section_change = 0.0;
    for (VertexId v = r.begin; v < r.end; ++v) {
      const Value before = load_relaxed(&values[v]);
      if (P::kLevelSynchronous && !(before == P::identity())) continue;
      if (!in_active_group(groups, v)) continue;
      const VertexId row = v - csr.rows.begin;
      const Value reduced = reduce_member<P>(csr, row, 0, 1, frontier, messages, values, before);
      if (groups.bits && reduced == P::identity()) ++redundant;
      Value result = before;
      if (!apply_for<P>(result, reduced, v, vertex_weights, params)) continue;
      store_relaxed(&values[v], result);
      next[v / kBitsPerWord] |= bit_of(v);
      section_change += P::change(before, result);
      ++updates;
    }
    change[static_cast<std::size_t>(s - first)] = section_change;
  }
  PullTotals totals;
  totals.updates = updates;
  totals.redundant = redundant;
  for (double c : change) totals.change += c;  // in section order: the same whatever the threads
  return totals;
}

}  // namespace wg::kernels::graph::host
