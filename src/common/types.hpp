// Identifier and range types shared by every part of warpgraph.
#pragma once

#include <cstdint>

namespace wg {

// Vertex ids are the user's own ids, 32 bits; edge offsets are 64 bits so that graphs
// with more than 4 billion edges index correctly.
using VertexId = std::uint32_t;
using EdgeIndex = std::uint64_t;
using Weight = float;

// A half-open range [begin, end) of vertex ids.
struct VertexRange {
  VertexId begin = 0;
  VertexId end = 0;

  constexpr VertexId size() const { return end - begin; }
  constexpr bool empty() const { return end <= begin; }
  constexpr bool contains(VertexId v) const { return v >= begin && v < end; }
  friend constexpr bool operator==(VertexRange a, VertexRange b) {
    return a.begin == b.begin && a.end == b.end;
  }
  friend constexpr bool operator!=(VertexRange a, VertexRange b) { return !(a == b); }
};

}  // namespace wg
