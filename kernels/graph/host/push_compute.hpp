// Host backend of the push direction: every frontier vertex u sends emit(value) along its
// out-edges into the assigned range, reduced into each target with an atomic
// compare-and-swap (monotone programs only); targets that changed join `next`.
// Returns the number of out-edges walked.
#pragma once

#include <omp.h>

#include <cstdint>

#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/host/atomic_value.hpp"
#include "kernels/graph/host/csr_view.hpp"
#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph::host {

// Sends u's message along its out-edges first, first + stride, ... (the whole row with
// stride 1; one member of a split family with the family's size, split_compute.hpp).
template <typename P>
void push_edges(const TargetsView& targets, VertexId u, EdgeIndex first, EdgeIndex stride,
                VertexRange assigned, const VertexStatic* statics, typename P::Value* values,
                BitWord* next) {
  static const VertexStatic kNoStatic{};
  const auto message = P::emit(load_relaxed(&values[u]), statics ? statics[u] : kNoStatic);
  const EdgeIndex end = targets.indptr[u + 1];
  for (EdgeIndex e = first; e < end; e += stride) {
    const VertexId t = targets.targets[e];
    if (!assigned.contains(t)) continue;
    const EdgeValue weight = targets.weights ? targets.weights[e] : EdgeValue(1);
    if (atomic_reduce<P>(&values[t], P::gather(message, weight))) set_bit_atomic(next, t);
  }
}

template <typename P>
std::uint64_t push_compute(const TargetsView& targets, std::size_t words, const BitWord* frontier,
                           VertexRange assigned, const VertexStatic* statics,
                           typename P::Value* values, BitWord* next) {
  static_assert(!P::kAllActive, "push needs a monotone frontier program");
  std::uint64_t edges = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : edges)
  for (std::int64_t w = 0; w < static_cast<std::int64_t>(words); ++w) {
    BitWord pending = frontier[w];
    while (pending) {
      const auto u = static_cast<VertexId>(static_cast<std::size_t>(w) * kBitsPerWord +
                                           static_cast<unsigned>(__builtin_ctzll(pending)));
      pending &= pending - 1;
      edges += targets.indptr[u + 1] - targets.indptr[u];
      push_edges<P>(targets, u, targets.indptr[u], 1, assigned, statics, values, next);
    }
  }
  return edges;
}

}  // namespace wg::kernels::graph::host
