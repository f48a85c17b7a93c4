// The balancer's sections: `section_size` consecutive vertices (a multiple of 64, so a
// section owns whole bitmask words and threads never share one). One layout for the
// partitioner, the balancer, and the host and CUDA operators (host/device functions).
#pragma once

#include <cstddef>
#include <cstdint>

#include "src/common/host_device.hpp"
#include "src/common/types.hpp"

namespace wg::partition {

struct SectionLayout {
  VertexId num_vertices = 0;
  VertexId section_size = 256;

  WG_HD std::size_t count() const {
    return (std::size_t{num_vertices} + section_size - 1) / section_size;
  }
  // First vertex of section s, clamped to the vertex count (s may equal count()).
  WG_HD VertexId start(std::size_t s) const {
    const std::uint64_t v = std::uint64_t{section_size} * s;
    return v >= num_vertices ? num_vertices : static_cast<VertexId>(v);
  }
  WG_HD VertexRange range(std::size_t s) const { return {start(s), start(s + 1)}; }
  // The part of section s that lies in r.
  WG_HD VertexRange clip(std::size_t s, VertexRange r) const {
    const VertexRange x = range(s);
    return {x.begin > r.begin ? x.begin : r.begin, x.end < r.end ? x.end : r.end};
  }
  // Sections overlapping [r.begin, r.end): first(r) .. last(r) - 1.
  WG_HD std::size_t first(VertexRange r) const { return r.begin / section_size; }
  WG_HD std::size_t last(VertexRange r) const {
    return r.empty() ? first(r) : (std::size_t{r.end} + section_size - 1) / section_size;
  }
};

}  // namespace wg::partition
