// Host backend of vertex refinement: compacts the changed vertices of the assigned range
// (only the boundary ones when a mask is given) into an outbox of (id, value) pairs in
// ascending id order: per-section counts, an exclusive prefix sum, then a parallel fill
// (the host form of the GPU's warp-aggregated atomic).
#pragma once

#include <omp.h>

#include <bitset>
#include <cstdint>
#include <vector>

#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/update_pair.hpp"
#include "partition/sections.hpp"

namespace wg::kernels::graph::host {

template <typename Value>
void compact_outbox(const BitWord* updated, const BitWord* mask,
                    const partition::SectionLayout& sections, VertexRange assigned,
                    const Value* values, std::vector<UpdatePair<Value>>& outbox) {
  const std::size_t first = sections.first(assigned);
  const std::size_t last = sections.last(assigned);
  const auto n = static_cast<std::int64_t>(last - first);
  auto clip = [&](std::int64_t i) {
    const VertexRange section = sections.range(first + static_cast<std::size_t>(i));
    return VertexRange{section.begin, section.end < assigned.end ? section.end : assigned.end};
  };
  auto selected = [&](std::size_t w, VertexRange r) {
    const BitWord bits = word_in_range(updated, w, r);
    return mask ? bits & mask[w] : bits;
  };
  std::vector<std::size_t> offsets(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const VertexRange r = clip(i);
    std::size_t count = 0;
    for (std::size_t w = r.begin / kBitsPerWord; w < bit_words(r.end); ++w)
      count += std::bitset<64>(selected(w, r)).count();
    offsets[static_cast<std::size_t>(i) + 1] = count;
  }
  for (std::size_t i = 1; i < offsets.size(); ++i) offsets[i] += offsets[i - 1];
  outbox.resize(offsets.back());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const VertexRange r = clip(i);
    std::size_t slot = offsets[static_cast<std::size_t>(i)];
    for (std::size_t w = r.begin / kBitsPerWord; w < bit_words(r.end); ++w) {
      BitWord pending = selected(w, r);
      while (pending) {
        const auto v = static_cast<VertexId>(w * kBitsPerWord) +
                       static_cast<VertexId>(__builtin_ctzll(pending));
        pending &= pending - 1;
        outbox[slot++] = {v, values[v]};
      }
    }
  }
}

}  // namespace wg::kernels::graph::host
