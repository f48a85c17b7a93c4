// Host backend of the compute step: a pull over the in-edges of the assigned range.
// Dense form visits every assigned vertex; sparse form only those set in the active
// bitmask (work efficiency when the frontier is small). Values are read from `values`
// only and results go to `next`, so one iteration is a Jacobi step whatever the order.
#pragma once

#include <omp.h>

#include <cstdint>

#include "graph/bitmask.hpp"
#include "graph/host/csr_view.hpp"
#include "graph/host/sections.hpp"
#include "graph/vertex_program.hpp"

namespace wg::graph::host {

namespace detail {

template <typename P>
inline bool pull_vertex(const InCsrView& csr, VertexId v, const typename P::Value* values,
                        const VertexStatic* statics, const ProgramParams& params,
                        typename P::Value& result, EdgeIndex& edges) {
  static const VertexStatic kNoStatic{};
  const VertexId row = v - csr.rows.begin;
  const EdgeIndex begin = csr.indptr[row];
  const EdgeIndex end = csr.indptr[row + 1];
  typename P::Value reduced = P::identity();
  for (EdgeIndex e = begin; e < end; ++e) {
    const VertexId u = csr.indices[e];
    const EdgeValue weight = csr.weights ? csr.weights[e] : EdgeValue(1);
    reduced = P::reduce(reduced, P::gather(values[u], weight, statics ? statics[u] : kNoStatic));
  }
  edges += end - begin;
  result = values[v];
  return P::apply(result, reduced, params);
}

}  // namespace detail

struct PullStats {
  EdgeIndex edges = 0;  // in-edges read
};

// Computes the vertices of `assigned` (all of them when `active` is null, else only those
// set in it). A vertex whose value changes gets its new value in next[v - csr.rows.begin]
// and its bit set in `updated` (the assigned words of which are overwritten), and adds
// P::change(old, new) to change_per_section[section]. `assigned` must start on a section
// border and lie inside csr.rows.
template <typename P>
PullStats pull_compute(const InCsrView& csr, const Sections& sections, VertexRange assigned,
                       const BitWord* active, const typename P::Value* values,
                       const VertexStatic* statics, const ProgramParams& params,
                       typename P::Value* next, BitWord* updated, double* change_per_section) {
  const auto first = static_cast<std::int64_t>(sections.first(assigned));
  const auto last = static_cast<std::int64_t>(sections.last(assigned));
  EdgeIndex edges = 0;
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : edges)
  for (std::int64_t s = first; s < last; ++s) {
    const VertexRange section = sections.range(static_cast<std::size_t>(s));
    const VertexRange r{section.begin, section.end < assigned.end ? section.end : assigned.end};
    double change = 0.0;
    for (std::size_t w = r.begin / kBitsPerWord; w < bit_words(r.end); ++w) {
      BitWord changed = 0;
      const VertexId word_base = static_cast<VertexId>(w * kBitsPerWord);
      BitWord pending = active ? word_in_range(active, w, r) : range_bits(w, r);
      while (pending) {
        const unsigned bit = static_cast<unsigned>(__builtin_ctzll(pending));
        pending &= pending - 1;
        const VertexId v = word_base + bit;
        typename P::Value result;
        if (detail::pull_vertex<P>(csr, v, values, statics, params, result, edges)) {
          next[v - csr.rows.begin] = result;
          changed |= BitWord{1} << bit;
          change += P::change(values[v], result);
        }
      }
      updated[w] = changed;
    }
    change_per_section[s] = change;
  }
  return {edges};
}

}  // namespace wg::graph::host
