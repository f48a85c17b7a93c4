// Host backend of the refine and scatter steps: committing new values into the full copy
// of vertex values and activating the out-neighbours of every changed vertex (through
// the partition's activation lists) in the bitmask of the next iteration.
#pragma once

#include <omp.h>

#include <cstddef>
#include <cstdint>

#include "graph/bitmask.hpp"
#include "graph/host/csr_view.hpp"
#include "graph/host/sections.hpp"

namespace wg::graph::host {

// Sets the bits of the stored-range vertices that read u. Safe from several threads.
inline EdgeIndex activate_targets(const TargetsView& targets, VertexId u, BitWord* frontier) {
  const EdgeIndex begin = targets.indptr[u];
  const EdgeIndex end = targets.indptr[u + 1];
  for (EdgeIndex e = begin; e < end; ++e) {
    const VertexId t = targets.targets[e];
    BitWord* word = &frontier[t / kBitsPerWord];
    const BitWord bit = bit_of(t);
    if (!(__atomic_load_n(word, __ATOMIC_RELAXED) & bit))
      __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
  }
  return end - begin;
}

// values[v] = next[v - next_base] for every v set in `updated` within `assigned`; with
// `frontier` not null, also activates the targets of each such v.
template <typename Value>
void commit_updates(const BitWord* updated, const Sections& sections, VertexRange assigned,
                    const Value* next, VertexId next_base, Value* values,
                    const TargetsView& targets, BitWord* frontier) {
  const auto first = static_cast<std::int64_t>(sections.first(assigned));
  const auto last = static_cast<std::int64_t>(sections.last(assigned));
#pragma omp parallel for schedule(dynamic, 4)
  for (std::int64_t s = first; s < last; ++s) {
    const VertexRange section = sections.range(static_cast<std::size_t>(s));
    const VertexRange r{section.begin, section.end < assigned.end ? section.end : assigned.end};
    for (std::size_t w = r.begin / kBitsPerWord; w < bit_words(r.end); ++w) {
      BitWord pending = word_in_range(updated, w, r);
      while (pending) {
        const auto v = static_cast<VertexId>(w * kBitsPerWord) +
                       static_cast<VertexId>(__builtin_ctzll(pending));
        pending &= pending - 1;
        values[v] = next[v - next_base];
        if (frontier) activate_targets(targets, v, frontier);
      }
    }
  }
}

// One received (or sent) update: a vertex and its new value.
template <typename Value>
struct VertexUpdate {
  VertexId id;
  Value value;
};

// Writes received updates into the full copy of values; with `frontier` not null, also
// activates the targets of each updated vertex. A vertex appears at most once per
// iteration (only its assigned partition computes it), so the writes do not race.
template <typename Value>
void scatter_updates(const VertexUpdate<Value>* updates, std::size_t count, Value* values,
                     const TargetsView& targets, BitWord* frontier) {
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(count); ++i) {
    const VertexUpdate<Value>& u = updates[i];
    values[u.id] = u.value;
    if (frontier) activate_targets(targets, u.id, frontier);
  }
}

}  // namespace wg::graph::host
