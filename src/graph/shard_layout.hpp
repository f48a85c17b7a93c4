// How a graph's vertices are cut into shard files and which rank writes each shard.
// Depends only on the vertex count and the shard count, never on the rank count, so
// the same input gives the same files whatever the number of ranks.
#pragma once

#include <cstdint>
#include <vector>

#include "src/common/types.hpp"

namespace wg::graph {

class ShardLayout {
 public:
  ShardLayout(VertexId num_vertices, std::uint32_t num_shards);

  std::uint32_t num_shards() const { return static_cast<std::uint32_t>(begins_.size()); }
  // Shard k holds vertices [k * n / shards, (k + 1) * n / shards).
  VertexRange range(std::uint32_t shard) const;
  std::uint32_t shard_of(VertexId v) const;
  // The rank that builds and writes a shard: shards are dealt out in contiguous blocks.
  static int owner(std::uint32_t shard, std::uint32_t num_shards, int num_ranks) {
    return static_cast<int>(std::uint64_t{shard} * static_cast<std::uint64_t>(num_ranks) /
                            num_shards);
  }

 private:
  VertexId num_vertices_;
  std::vector<VertexId> begins_;
};

// Shard count used when none is asked for: one shard per 4 Mi stored edges.
std::uint32_t default_shard_count(std::uint64_t stored_edges, VertexId num_vertices);

}  // namespace wg::graph
