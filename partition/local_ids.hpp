// A partition's vertices under local ids. A partition holds values only for the vertices
// it may compute or read: its stored range, first and in order (local id = global id -
// stored.begin, so assigned ranges stay contiguous and section-aligned), then its ghosts,
// the vertices its stored in-edges read from outside the stored range, in increasing
// global id. Memory then grows with what a partition stores, not with the whole graph.
#pragma once

#include <cstddef>
#include <vector>

#include "src/common/types.hpp"

namespace wg::partition {

class LocalIds {
 public:
  static constexpr VertexId kAbsent = ~VertexId{0};

  LocalIds() = default;
  LocalIds(VertexRange stored, std::vector<VertexId> ghosts);

  // The ids of a partition whose stored in-edges have the sources sources[0..count) (global
  // ids, rewritten to local ids in place). `num_vertices` sizes a transient bitmask.
  static LocalIds localise(VertexRange stored, VertexId num_vertices, VertexId* sources,
                           std::size_t count);

  VertexRange stored() const { return stored_; }
  const std::vector<VertexId>& ghosts() const { return ghosts_; }
  VertexId size() const { return stored_.size() + static_cast<VertexId>(ghosts_.size()); }

  VertexId global(VertexId local) const {
    return local < stored_.size() ? stored_.begin + local : ghosts_[local - stored_.size()];
  }
  // kAbsent when the partition holds no such vertex.
  VertexId local(VertexId global) const;
  // A global range inside the stored range, in local ids.
  VertexRange local(VertexRange inside_stored) const {
    return {inside_stored.begin - stored_.begin, inside_stored.end - stored_.begin};
  }

 private:
  VertexRange stored_;
  std::vector<VertexId> ghosts_;
};

}  // namespace wg::partition
