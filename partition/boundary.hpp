// Offline boundary marking for vertex refinement. A vertex is boundary when a part other
// than the one computing it may read it: when two or more parts store it (the borders
// may slide it to any of them), or when a part reads it (as an in-neighbour of a vertex
// it stores) without storing it. Only boundary vertices enter the outboxes.
//
// Bitmask layout: bit v is bit v % 64 of word v / 64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "types.hpp"

namespace wg::partition {

// Sets the bit of every vertex that lies in two or more of the stored ranges.
void mark_multi_stored(const std::vector<VertexRange>& stored, std::vector<std::uint64_t>& words);

// Sets the bit of every source in sources[0..count) that lies outside `stored`: vertices
// this part reads but does not store. The engine ORs these marks over all parts.
void mark_read_outside(VertexRange stored, const VertexId* sources, std::size_t count,
                       std::vector<std::uint64_t>& words);

}  // namespace wg::partition
