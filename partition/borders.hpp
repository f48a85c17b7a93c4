// Static partitioning of the vertex range into contiguous parts of equal work, and the
// permissive (overlapping) stored ranges around them.
//
// Work is given per section (`section_size` consecutive vertices, a multiple of 64), so
// every border is a multiple of section_size or the vertex count, and bitmask words are
// never shared between parts.
#pragma once

#include <cstdint>
#include <vector>

#include "partition/sections.hpp"
#include "src/common/types.hpp"

namespace wg::partition {

// Borders b[0] = 0 <= b[1] <= ... <= b[parts] = num_vertices splitting the sections so that
// each part gets about total/parts of the work (each border at the section edge closest to
// its share). With no work at all, parts get equal numbers of sections.
std::vector<VertexId> equal_work_borders(const std::vector<double>& section_work,
                                         const SectionLayout& layout, int parts);

// Stored range of every part: its static range extended into both neighbours, one whole
// section at a time, while the work added on that side stays within
// overlap * (total work / parts). overlap = 0 stores exactly the static ranges.
std::vector<VertexRange> stored_ranges(const std::vector<double>& section_work,
                                       const SectionLayout& layout,
                                       const std::vector<VertexId>& borders, double overlap);

// The ranges between consecutive borders.
std::vector<VertexRange> ranges_of(const std::vector<VertexId>& borders);

}  // namespace wg::partition
