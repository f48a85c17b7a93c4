#include "partition/local_ids.hpp"

#include <algorithm>
#include <bitset>
#include <cstdint>

namespace wg::partition {

LocalIds::LocalIds(VertexRange stored, std::vector<VertexId> ghosts)
    : stored_(stored), ghosts_(std::move(ghosts)) {}

VertexId LocalIds::local(VertexId global) const {
  if (stored_.contains(global)) return global - stored_.begin;
  const auto at = std::lower_bound(ghosts_.begin(), ghosts_.end(), global);
  if (at == ghosts_.end() || *at != global) return kAbsent;
  return stored_.size() + static_cast<VertexId>(at - ghosts_.begin());
}

LocalIds LocalIds::localise(VertexRange stored, VertexId num_vertices, VertexId* sources,
                            std::size_t count) {
  // Ghosts are marked in a bitmask over the whole graph, then ranked by prefix counts of its
  // words: two passes over the edges, no sort, and the bitmask is freed on return.
  const std::size_t words = (std::size_t{num_vertices} + 63) / 64;
  std::vector<std::uint64_t> marked(words, 0);
  const auto n = static_cast<std::int64_t>(count);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const VertexId u = sources[i];
    if (stored.contains(u)) continue;
    const std::uint64_t bit = std::uint64_t{1} << (u % 64);
    if (!(marked[u / 64] & bit)) {
#pragma omp atomic
      marked[u / 64] |= bit;
    }
  }
  std::vector<VertexId> before(words + 1, 0);  // ghosts in the words before word w
  for (std::size_t w = 0; w < words; ++w)
    before[w + 1] = before[w] + static_cast<VertexId>(std::bitset<64>(marked[w]).count());
  std::vector<VertexId> ghosts;
  ghosts.reserve(before[words]);
  for (std::size_t w = 0; w < words; ++w)
    for (std::uint64_t bits = marked[w]; bits; bits &= bits - 1)
      ghosts.push_back(
          static_cast<VertexId>(w * 64 + static_cast<unsigned>(__builtin_ctzll(bits))));

  const VertexId first_ghost = stored.size();
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const VertexId u = sources[i];
    if (stored.contains(u)) {
      sources[i] = u - stored.begin;
    } else {
      const std::uint64_t below = marked[u / 64] & ((std::uint64_t{1} << (u % 64)) - 1);
      sources[i] =
          first_ghost + before[u / 64] + static_cast<VertexId>(std::bitset<64>(below).count());
    }
  }
  return LocalIds(stored, std::move(ghosts));
}

}  // namespace wg::partition
