#include "src/engine/vertex_list.hpp"

#include <fstream>
#include <unordered_map>

#include "src/common/error.hpp"

namespace wg::engine {

VertexId listed_vertex(const std::string& path, std::uint64_t line, const std::string& id,
                       const graph::VertexIds& ids, VertexId num_vertices) {
  const std::optional<VertexId> v = ids.find(id);
  WG_REQUIRE(v.has_value() && *v < num_vertices,
             "{}:{}: {} is not a vertex of the graph ({} vertices{})", path, line, id, num_vertices,
             ids.relabelled() ? ", named by the ids of the file it was converted from"
                              : fmt::format(", ids 0 to {}", num_vertices - 1));
  return *v;
}

void for_each_listed_vertex(
    const std::string& path, const std::string& option, const graph::VertexIds& ids,
    VertexId num_vertices, std::size_t fields_wanted, const char* layout,
    const std::function<void(VertexId, const graph::LineFields&, std::uint64_t)>& on_line) {
  std::ifstream in(path);
  WG_REQUIRE(in.is_open(), "{}: cannot read {}", option, path);
  std::unordered_map<VertexId, std::uint64_t> first_line;
  std::string line;
  std::uint64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const graph::LineFields fields(line);
    if (fields.empty() || fields[0].front() == '#') continue;
    WG_REQUIRE(fields.count() == fields_wanted, "{}:{}: expected {}, found {} field(s)", path,
               number, layout, fields.count());
    const std::string id(fields[0]);
    const VertexId v = listed_vertex(path, number, id, ids, num_vertices);
    const auto [at, fresh] = first_line.emplace(v, number);
    WG_REQUIRE(fresh, "{}:{}: vertex {} is listed twice (first on line {})", path, number, id,
               at->second);
    on_line(v, fields, number);
  }
  WG_REQUIRE(!in.bad(), "{}: read error on {}", option, path);
}

std::vector<VertexId> read_vertex_list(const std::string& path, const std::string& option,
                                       const graph::VertexIds& ids, VertexId num_vertices) {
  std::vector<VertexId> vertices;
  for_each_listed_vertex(
      path, option, ids, num_vertices, 1, "one vertex id",
      [&](VertexId v, const graph::LineFields&, std::uint64_t) { vertices.push_back(v); });
  WG_REQUIRE(!vertices.empty(), "{} {}: the file lists no vertex", option, path);
  return vertices;
}

}  // namespace wg::engine
