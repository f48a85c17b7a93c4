#include "src/graph/shard_layout.hpp"

#include <algorithm>

namespace wg::graph {

ShardLayout::ShardLayout(VertexId num_vertices, std::uint32_t num_shards)
    : num_vertices_(num_vertices), begins_(num_shards) {
  for (std::uint32_t k = 0; k < num_shards; ++k)
    begins_[k] = static_cast<VertexId>(std::uint64_t{num_vertices} * k / num_shards);
}

VertexRange ShardLayout::range(std::uint32_t shard) const {
  const VertexId end = shard + 1 < begins_.size() ? begins_[shard + 1] : num_vertices_;
  return {begins_[shard], end};
}

std::uint32_t ShardLayout::shard_of(VertexId v) const {
  // The proportional guess is off by at most one; step to the exact shard.
  auto k = static_cast<std::uint32_t>(std::uint64_t{v} * begins_.size() / num_vertices_);
  while (k + 1 < begins_.size() && begins_[k + 1] <= v) ++k;
  while (k > 0 && begins_[k] > v) --k;
  return k;
}

std::uint32_t default_shard_count(std::uint64_t stored_edges, VertexId num_vertices) {
  constexpr std::uint64_t kEdgesPerShard = std::uint64_t{1} << 22;
  const std::uint64_t wanted = (stored_edges + kEdgesPerShard - 1) / kEdgesPerShard;
  return static_cast<std::uint32_t>(
      std::clamp<std::uint64_t>(wanted, 1, std::max<std::uint64_t>(num_vertices, 1)));
}

}  // namespace wg::graph
