#include "partition/mirror_lists.hpp"

#include <algorithm>

#include "src/common/error.hpp"

namespace wg::partition {

MirrorLists::MirrorLists(VertexId stored_size, std::vector<MirrorRecord> records)
    : offsets_(std::size_t{stored_size} + 1, 0) {
  std::sort(records.begin(), records.end(), [](const MirrorRecord& a, const MirrorRecord& b) {
    return a.here != b.here ? a.here < b.here : a.reader.partition < b.reader.partition;
  });
  readers_.reserve(records.size());
  for (const MirrorRecord& r : records) {
    WG_REQUIRE(r.here < stored_size, "mirror record for local vertex {} of {}", r.here,
               stored_size);
    ++offsets_[r.here + 1];
    readers_.push_back(r.reader);
  }
  for (std::size_t v = 0; v < stored_size; ++v) offsets_[v + 1] += offsets_[v];
}

}  // namespace wg::partition
