// Mirror lists (as Gluon and D-IrGL keep them): for every vertex of a partition's stored
// range, the other partitions that hold it (store it, or read it as a ghost) and its local
// id there. An update of the vertex goes only to those partitions, already keyed by their
// local ids; a vertex no other partition holds is not a boundary vertex and never leaves.
#pragma once

#include <cstdint>
#include <vector>

#include "src/common/types.hpp"

namespace wg::partition {

struct Reader {
  std::uint32_t partition;
  VertexId local;  // the vertex's local id in `partition`
};

// One mirror, as partitions discover them: vertex `here` (local id in the stored range of
// the partition receiving the record) is held by `reader`.
struct MirrorRecord {
  VertexId here;
  Reader reader;
};

class MirrorLists {
 public:
  MirrorLists() : offsets_(1, 0) {}
  // Records in any order; readers of a vertex end up sorted by partition.
  MirrorLists(VertexId stored_size, std::vector<MirrorRecord> records);

  VertexId stored_size() const { return static_cast<VertexId>(offsets_.size() - 1); }
  const Reader* begin(VertexId local) const { return readers_.data() + offsets_[local]; }
  const Reader* end(VertexId local) const { return readers_.data() + offsets_[local + 1]; }
  bool shared(VertexId local) const { return offsets_[local + 1] > offsets_[local]; }
  std::size_t mirrors() const { return readers_.size(); }

 private:
  std::vector<EdgeIndex> offsets_;
  std::vector<Reader> readers_;
};

}  // namespace wg::partition
