#include "boundary.hpp"

#include <algorithm>

namespace wg::partition {

namespace {
void set_range(std::vector<std::uint64_t>& words, VertexId begin, VertexId end) {
  for (VertexId v = begin; v < end; ++v) words[v / 64] |= std::uint64_t{1} << (v % 64);
}
}  // namespace

void mark_multi_stored(const std::vector<VertexRange>& stored, std::vector<std::uint64_t>& words) {
  // Stored ranges are ordered and each overlaps at most its neighbours' ranges pairwise,
  // but check every pair so any layout is marked correctly.
  for (std::size_t a = 0; a < stored.size(); ++a)
    for (std::size_t b = a + 1; b < stored.size(); ++b) {
      const VertexId begin = std::max(stored[a].begin, stored[b].begin);
      const VertexId end = std::min(stored[a].end, stored[b].end);
      if (begin < end) set_range(words, begin, end);
    }
}

void mark_read_outside(VertexRange stored, const VertexId* sources, std::size_t count,
                       std::vector<std::uint64_t>& words) {
  for (std::size_t i = 0; i < count; ++i) {
    const VertexId u = sources[i];
    if (!stored.contains(u)) words[u / 64] |= std::uint64_t{1} << (u % 64);
  }
}

}  // namespace wg::partition
