// Host backend of the pull and push over Tigr's virtual nodes (graph/virtual_split.hpp):
// the same results as pull_compute.hpp and push_compute.hpp, with the virtual nodes, not
// the rows, as the unit of parallel work. A pull walks each member's edges j, j + f, ...,
// applies families of one at once and combines the members of larger families afterwards
// in member order; a push gives each member of a frontier vertex its share of the
// out-edges. Work is cut into fixed chunks whose sums are added in chunk order, so the
// totals do not depend on the threads.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/host/atomic_value.hpp"
#include "kernels/graph/host/csr_view.hpp"
#include "kernels/graph/host/pull_compute.hpp"
#include "kernels/graph/host/push_compute.hpp"
#include "kernels/graph/vertex_groups.hpp"
#include "kernels/graph/vertex_program.hpp"
#include "kernels/graph/virtual_split.hpp"

namespace wg::kernels::graph::host {

inline constexpr std::size_t kSplitChunk = 1024;  // virtual nodes or rows per unit of work

template <typename P>
PullTotals split_pull_compute(const InCsrView& csr, const VirtualSplit& split, VertexRange assigned,
                              const BitWord* frontier, const typename P::Value* messages,
                              typename P::Value* values, const double* vertex_weights,
                              const ProgramParams& params, BitWord* next,
                              std::vector<typename P::Value>& partial,
                              const ActiveGroups& groups = {}) {
  using Value = typename P::Value;
  const VertexId row_begin = assigned.begin - csr.rows.begin;
  const VertexId row_end = assigned.end - csr.rows.begin;
  const EdgeIndex vn_begin = split.first[row_begin];
  const EdgeIndex vn_end = split.first[row_end];
  partial.resize(vn_end - vn_begin);
  // Applies `reduced` to the vertex of `row`; true when it changed.
  auto apply_row = [&](VertexId row, Value reduced, double& change) {
    const VertexId v = csr.rows.begin + row;
    const Value before = load_relaxed(&values[v]);
    Value result = before;
    if (!apply_for<P>(result, reduced, v, vertex_weights, params)) return false;
    store_relaxed(&values[v], result);
    set_bit_atomic(next, v);
    change += P::change(before, result);
    return true;
  };

  const std::size_t member_chunks = (vn_end - vn_begin + kSplitChunk - 1) / kSplitChunk;
  // Named variables, not a structured binding: OpenMP regions cannot capture those.
  const std::pair<std::size_t, std::size_t> split_range = split.split_rows_in(row_begin, row_end);
  const std::size_t split_lo = split_range.first, split_hi = split_range.second;
  const std::size_t row_chunks = (split_hi - split_lo + kSplitChunk - 1) / kSplitChunk;
  std::vector<double> change(member_chunks + row_chunks, 0.0);
  std::uint64_t updates = 0, redundant = 0;
  // Whether the vertex of `row` is pulled at all (pull_compute's rule).
  auto pulled = [&](VertexId row, const Value& before) {
    return (!P::kLevelSynchronous || before == P::identity()) &&
           in_active_group(groups, csr.rows.begin + row);
  };
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : updates, redundant)
  for (std::int64_t c = 0; c < static_cast<std::int64_t>(member_chunks); ++c) {
    const EdgeIndex lo = vn_begin + static_cast<EdgeIndex>(c) * kSplitChunk;
    const EdgeIndex hi = std::min<EdgeIndex>(lo + kSplitChunk, vn_end);
    double chunk_change = 0.0;
    for (EdgeIndex vn = lo; vn < hi; ++vn) {
      const VertexId row = split.row_of[vn];
      const EdgeIndex f = split.first[row + 1] - split.first[row];
      const Value before = load_relaxed(&values[csr.rows.begin + row]);
      const bool pull = pulled(row, before);
      Value reduced = P::identity();
      if (pull)
        reduced = reduce_member<P>(csr, row, vn - split.first[row], f, frontier, messages, values,
                                   before);
      if (f > 1) {
        partial[vn - vn_begin] = reduced;
      } else if (pull) {
        if (groups.bits && reduced == P::identity()) ++redundant;
        if (apply_row(row, reduced, chunk_change)) ++updates;
      }
    }
    change[static_cast<std::size_t>(c)] = chunk_change;
  }
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : updates, redundant)
  for (std::int64_t c = 0; c < static_cast<std::int64_t>(row_chunks); ++c) {
    const std::size_t lo = split_lo + static_cast<std::size_t>(c) * kSplitChunk;
    const std::size_t hi = std::min(lo + kSplitChunk, split_hi);
    double chunk_change = 0.0;
    for (std::size_t i = lo; i < hi; ++i) {
      const VertexId row = split.split_rows[i];
      const Value before = load_relaxed(&values[csr.rows.begin + row]);
      if (!pulled(row, before)) continue;
      Value reduced = P::identity();
      for (EdgeIndex vn = split.first[row]; vn < split.first[row + 1]; ++vn)
        reduced = P::reduce(reduced, partial[vn - vn_begin]);
      if (groups.bits && reduced == P::identity()) ++redundant;
      if (apply_row(row, reduced, chunk_change)) ++updates;
    }
    change[member_chunks + static_cast<std::size_t>(c)] = chunk_change;
  }
  PullTotals totals;
  totals.updates = updates;
  totals.redundant = redundant;
  for (double x : change) totals.change += x;
  return totals;
}

// Returns the number of out-edges walked.
template <typename P>
std::uint64_t split_push_compute(const TargetsView& targets, unsigned k, std::size_t words,
                                 const BitWord* frontier, VertexRange assigned,
                                 const VertexStatic* statics, typename P::Value* values,
                                 BitWord* next) {
  static_assert(!P::kAllActive, "push needs a monotone frontier program");
  // The frontier's vertices and the first virtual node of each (prefix of family sizes).
  std::vector<VertexId> queue;
  std::vector<EdgeIndex> first{0};
  std::uint64_t edges = 0;
  for (std::size_t w = 0; w < words; ++w)
    for (BitWord pending = frontier[w]; pending; pending &= pending - 1) {
      const auto u =
          static_cast<VertexId>(w * kBitsPerWord + static_cast<unsigned>(__builtin_ctzll(pending)));
      const EdgeIndex degree = targets.indptr[u + 1] - targets.indptr[u];
      queue.push_back(u);
      first.push_back(first.back() + family_size(degree, k));
      edges += degree;
    }
  const EdgeIndex members = first.back();
#pragma omp parallel for schedule(dynamic, kSplitChunk)
  for (std::int64_t m = 0; m < static_cast<std::int64_t>(members); ++m) {
    const auto vn = static_cast<EdgeIndex>(m);
    const std::size_t slot =
        static_cast<std::size_t>(std::upper_bound(first.begin(), first.end(), vn) - first.begin()) -
        1;
    const VertexId u = queue[slot];
    const EdgeIndex f = first[slot + 1] - first[slot];
    push_edges<P>(targets, u, targets.indptr[u] + (vn - first[slot]), f, assigned, statics, values,
                  next);
  }
  return edges;
}

}  // namespace wg::kernels::graph::host
