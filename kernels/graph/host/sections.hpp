// Host backend: per-section popcount of a bitmask (the "count" step) and the section
// iteration every operator shares. A section is `section_size` consecutive vertices,
// a multiple of 64, so each section owns whole bitmask words and threads never share one.
#pragma once

#include <omp.h>

#include <algorithm>
#include <bitset>
#include <cstddef>
#include <cstdint>

#include "graph/bitmask.hpp"

namespace wg::graph::host {

struct Sections {
  VertexId num_vertices = 0;
  VertexId size = 256;

  std::size_t count() const { return (std::size_t{num_vertices} + size - 1) / size; }
  VertexRange range(std::size_t s) const {
    const auto begin = static_cast<VertexId>(s * size);
    return {begin, std::min<VertexId>(num_vertices, begin + size)};
  }
  // Sections overlapping [r.begin, r.end).
  std::size_t first(VertexRange r) const { return r.begin / size; }
  std::size_t last(VertexRange r) const {
    return r.empty() ? first(r) : (std::size_t{r.end} + size - 1) / size;
  }
};

// counts[s] = set bits of `words` in section s restricted to `range`, for the sections
// that overlap range; other entries are left alone.
template <typename Count>
void section_popcount(const BitWord* words, const Sections& sections, VertexRange range,
                      Count* counts) {
  const auto first = static_cast<std::int64_t>(sections.first(range));
  const auto last = static_cast<std::int64_t>(sections.last(range));
#pragma omp parallel for schedule(static)
  for (std::int64_t s = first; s < last; ++s) {
    const VertexRange r = sections.range(static_cast<std::size_t>(s));
    const VertexRange clipped{std::max(r.begin, range.begin), std::min(r.end, range.end)};
    std::uint64_t total = 0;
    for (std::size_t w = clipped.begin / kBitsPerWord; w < bit_words(clipped.end); ++w)
      total += std::bitset<64>(word_in_range(words, w, clipped)).count();
    counts[s] = static_cast<Count>(total);
  }
}

}  // namespace wg::graph::host
