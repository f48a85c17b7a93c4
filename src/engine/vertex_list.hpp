// Files that name vertices line by line (bc's sources, ppr's weights), by the ids of the
// graph's input file as --source takes them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "src/common/types.hpp"
#include "src/graph/line_fields.hpp"
#include "src/graph/vertex_ids.hpp"

namespace wg::engine {

// The vertex `id` names on line `line` of `path`; an id that is not a vertex of the graph
// is an error naming PATH:LINE.
VertexId listed_vertex(const std::string& path, std::uint64_t line, const std::string& id,
                       const graph::VertexIds& ids, VertexId num_vertices);

// Calls on_line(vertex, fields, line) for every line of FILE (read for `option`) that is
// not blank and does not start with '#': `fields` of the line, exactly `fields_wanted` of
// them (`layout` names them for the error), the first a vertex. An unreadable file, a
// line of another field count, an unknown vertex or one listed twice are errors naming
// the file (and line).
void for_each_listed_vertex(
    const std::string& path, const std::string& option, const graph::VertexIds& ids,
    VertexId num_vertices, std::size_t fields_wanted, const char* layout,
    const std::function<void(VertexId, const graph::LineFields&, std::uint64_t)>& on_line);

// Reads FILE for `option`: one vertex per line (blank lines and lines starting with '#'
// skipped), in file order. An unreadable or empty file, a line of more than one field, an
// unknown vertex or one listed twice are errors naming the file (and line). Every rank
// reads the file itself.
std::vector<VertexId> read_vertex_list(const std::string& path, const std::string& option,
                                       const graph::VertexIds& ids, VertexId num_vertices);

}  // namespace wg::engine
