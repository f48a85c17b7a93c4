#include "src/graph/vertex_ids.hpp"

#include <algorithm>
#include <numeric>

#include "src/common/error.hpp"
#include "src/graph/format.hpp"
#include "src/graph/graph_file.hpp"
#include "src/graph/hdf5_util.hpp"
#include "src/graph/id_fields.hpp"
#include "src/graph/line_fields.hpp"

namespace wg::graph {

VertexIds VertexIds::integers(std::vector<std::uint64_t> ids) {
  VertexIds map;
  map.kind_ = Kind::integers;
  map.integers_ = std::move(ids);
  map.index_unless_ascending();
  return map;
}

VertexIds VertexIds::strings(std::vector<std::string> ids) {
  VertexIds map;
  map.kind_ = Kind::strings;
  map.strings_ = std::move(ids);
  map.index_unless_ascending();
  return map;
}

namespace {
template <typename T>
std::vector<T> gather(const std::vector<T>& from, const std::vector<VertexId>& order) {
  std::vector<T> out;
  out.reserve(order.size());
  for (VertexId v : order) out.push_back(from.at(v));
  return out;
}
}  // namespace

VertexIds VertexIds::permuted(const std::vector<VertexId>& order) const {
  switch (kind_) {
    case Kind::identity:
      return integers(std::vector<std::uint64_t>(order.begin(), order.end()));
    case Kind::integers:
      return integers(gather(integers_, order));
    case Kind::strings:
      return strings(gather(strings_, order));
  }
  return {};
}

// Sorted ids are searched in place; others (a reordered graph's) through a sorted index.
void VertexIds::index_unless_ascending() {
  const auto by_id = [this](auto& ids) {
    if (std::is_sorted(ids.begin(), ids.end())) return;
    by_id_.resize(ids.size());
    std::iota(by_id_.begin(), by_id_.end(), VertexId{0});
    std::sort(by_id_.begin(), by_id_.end(),
              [&ids](VertexId a, VertexId b) { return ids[a] < ids[b]; });
  };
  if (kind_ == Kind::strings)
    by_id(strings_);
  else
    by_id(integers_);
}

std::uint64_t VertexIds::size() const {
  return kind_ == Kind::strings ? strings_.size() : integers_.size();
}

std::string VertexIds::name(VertexId v) const {
  switch (kind_) {
    case Kind::identity:
      return std::to_string(v);
    case Kind::integers:
      return std::to_string(integers_.at(v));
    case Kind::strings:
      return strings_.at(v);
  }
  return {};
}

namespace {
// The vertex whose id is `key`: a binary search of the ids, directly when they ascend,
// else through the vertices sorted by id.
template <typename T>
std::optional<VertexId> search(const std::vector<T>& ids, const std::vector<VertexId>& by_id,
                               const T& key) {
  if (by_id.empty()) {
    const auto found = std::lower_bound(ids.begin(), ids.end(), key);
    if (found == ids.end() || *found != key) return std::nullopt;
    return static_cast<VertexId>(found - ids.begin());
  }
  const auto found = std::lower_bound(by_id.begin(), by_id.end(), key,
                                      [&ids](VertexId v, const T& k) { return ids[v] < k; });
  if (found == by_id.end() || ids[*found] != key) return std::nullopt;
  return *found;
}
}  // namespace

std::optional<VertexId> VertexIds::find(const std::string& text) const {
  if (kind_ == Kind::strings) return search(strings_, by_id_, text);
  std::uint64_t number = 0;
  if (!parse_unsigned(text, number)) return std::nullopt;
  if (kind_ == Kind::identity) {
    if (number > kLargestVertexId) return std::nullopt;
    return static_cast<VertexId>(number);
  }
  return search(integers_, by_id_, number);
}

VertexIds read_vertex_ids(const GraphInfo& graph) {
  if (!graph.has_vertex_ids) return {};
  const std::string where = graph.index_path + ": dataset '" + format::kVertexIds + "'";
  h5::Handle file = h5::open_file(graph.index_path);
  h5::Handle dataset = h5::open_dataset(file, format::kVertexIds, graph.index_path);
  const std::uint64_t count = h5::dataset_length(dataset, where);
  if (count != graph.num_vertices)
    fail("{} has {} rows, the graph {} vertices", where, count, graph.num_vertices);
  h5::Handle type(H5Dget_type(dataset), H5Tclose);
  if (type < 0) fail("{}: cannot read its type", where);
  if (H5Tget_class(type) == H5T_STRING)
    return VertexIds::strings(h5::read_string_dataset(dataset, where));
  std::vector<std::uint64_t> ids(count);
  h5::read_slab(dataset, 0, count, ids.data(), where);
  return VertexIds::integers(std::move(ids));
}

}  // namespace wg::graph
