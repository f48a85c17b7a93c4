#include "vertex_ids.hpp"

#include <algorithm>

#include "error.hpp"
#include "format.hpp"
#include "graph_file.hpp"
#include "hdf5_util.hpp"
#include "id_fields.hpp"
#include "line_fields.hpp"

namespace wg::graph {

VertexIds VertexIds::integers(std::vector<std::uint64_t> ids) {
  VertexIds map;
  map.kind_ = Kind::integers;
  map.integers_ = std::move(ids);
  return map;
}

VertexIds VertexIds::strings(std::vector<std::string> ids) {
  VertexIds map;
  map.kind_ = Kind::strings;
  map.strings_ = std::move(ids);
  return map;
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

std::optional<VertexId> VertexIds::find(const std::string& text) const {
  if (kind_ == Kind::strings) {
    const auto found = std::lower_bound(strings_.begin(), strings_.end(), text);
    if (found == strings_.end() || *found != text) return std::nullopt;
    return static_cast<VertexId>(found - strings_.begin());
  }
  std::uint64_t number = 0;
  if (!parse_unsigned(text, number)) return std::nullopt;
  if (kind_ == Kind::identity) {
    if (number > kLargestVertexId) return std::nullopt;
    return static_cast<VertexId>(number);
  }
  const auto found = std::lower_bound(integers_.begin(), integers_.end(), number);
  if (found == integers_.end() || *found != number) return std::nullopt;
  return static_cast<VertexId>(found - integers_.begin());
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
