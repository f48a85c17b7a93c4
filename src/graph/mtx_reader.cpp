// Matrix Market coordinate files: banner "%%MatrixMarket matrix coordinate <field>
// <symmetry>" with field pattern, integer or real and symmetry general or symmetric;
// '%' comments; size line "rows columns entries"; entries "i j [value]", 1-based.
// Entry (i, j) is the edge i -> j. A symmetric matrix stores one triangle and stands
// for an undirected graph.
#include <algorithm>
#include <cctype>

#include "src/graph/collective_error.hpp"
#include "src/graph/declared_count.hpp"
#include "src/graph/edge_file.hpp"
#include "src/graph/id_fields.hpp"
#include "src/graph/line_fields.hpp"
#include "src/graph/text_input.hpp"

namespace wg::graph {

namespace {

struct MtxHeader {
  std::uint64_t size = 0;     // rows = columns
  std::uint64_t entries = 0;  // declared entries
  std::uint64_t size_line = 0;
  bool weighted = false;
  bool integer = false;  // values declared `integer`
  bool symmetric = false;
};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool is_comment_or_blank(std::string_view line) {
  const LineFields fields(line);
  return fields.empty() || fields[0].front() == '%';
}

MtxHeader parse_header(const std::string& path, HeaderExtent& extent) {
  MtxHeader header;
  bool banner_seen = false;
  extent = read_header(path, [&](std::string_view line, std::uint64_t number) {
    const LineFields fields(line);
    if (!banner_seen) {
      if (fields.count() != 5 || lower(fields[0]) != "%%matrixmarket" ||
          lower(fields[1]) != "matrix")
        fail(
            "{}:{}: not a Matrix Market file (expected the banner '%%MatrixMarket matrix "
            "coordinate <pattern|integer|real> <general|symmetric>')",
            path, number);
      if (lower(fields[2]) != "coordinate")
        fail("{}:{}: only 'coordinate' Matrix Market files hold graphs, found '{}'", path, number,
             fields[2]);
      const std::string field = lower(fields[3]);
      if (field != "pattern" && field != "integer" && field != "real")
        fail("{}:{}: value type '{}' is not supported (pattern, integer or real)", path, number,
             fields[3]);
      const std::string symmetry = lower(fields[4]);
      if (symmetry != "general" && symmetry != "symmetric")
        fail("{}:{}: symmetry '{}' is not supported (general or symmetric)", path, number,
             fields[4]);
      header.weighted = field != "pattern";
      header.integer = field == "integer";
      header.symmetric = symmetry == "symmetric";
      banner_seen = true;
      return false;
    }
    if (fields.empty() || fields[0].front() == '%') return false;
    if (fields.count() != 3)
      fail("{}:{}: expected the size line 'rows columns entries', found {} field(s)", path, number,
           fields.count());
    std::uint64_t rows = 0;
    std::uint64_t columns = 0;
    for (size_t i = 0; i < 3; ++i) {
      std::uint64_t& target = i == 0 ? rows : i == 1 ? columns : header.entries;
      if (!parse_unsigned(fields[i], target))
        fail("{}:{}: size line field '{}' is not a non-negative integer", path, number, fields[i]);
    }
    if (rows != columns)
      fail("{}:{}: the matrix is {} x {}; a graph needs a square matrix", path, number, rows,
           columns);
    if (rows > kLargestVertexId + 1)
      fail("{}:{}: {} vertices exceed the supported {}", path, number, rows, kLargestVertexId + 1);
    header.size = rows;
    header.size_line = number;
    return true;
  });
  if (!banner_seen) fail("{}:1: empty file, expected a Matrix Market banner", path);
  if (header.size_line == 0) fail("{}: ends before the size line 'rows columns entries'", path);
  return header;
}

}  // namespace

EdgeFileContents read_matrix_market(const std::string& path, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  MtxHeader header;
  HeaderExtent extent;
  run_collectively(comm, [&] {
    if (rank != 0) return;
    header = parse_header(path, extent);
  });
  broadcast_struct(header, comm);
  broadcast_struct(extent, comm);

  const TextChunk chunk = read_body(path, extent, comm);
  const size_t fields_per_entry = header.weighted ? 3 : 2;
  EdgeFileContents contents;
  FirstError error;
  for_each_line(chunk, path, [&](std::string_view line, std::uint64_t number) {
    if (error.has_error()) return;
    const LineFields fields(line);
    if (fields.empty() || fields[0].front() == '%') return;
    if (fields.count() != fields_per_entry) {
      error.record(
          number,
          fmt::format("{}:{}: expected {} fields ({}), found {}", path, number, fields_per_entry,
                      header.weighted ? "row column value" : "row column", fields.count()));
      return;
    }
    Edge edge;
    if (!read_vertex_id(fields[0], 1, path, number, edge.source, error, header.size) ||
        !read_vertex_id(fields[1], 1, path, number, edge.target, error, header.size))
      return;
    if (header.weighted &&
        !(header.integer ? read_integer_weight(fields[2], path, number, edge.weight, error)
                         : read_edge_weight(fields[2], path, number, edge.weight, error)))
      return;
    contents.edges.push_back(edge);
  });
  raise_first_error(error, comm);
  check_declared_count(
      chunk, path, {header.entries, header.size_line, "entries"}, contents.edges.size(),
      [](std::string_view line) { return !is_comment_or_blank(line); }, comm);
  contents.num_vertices = static_cast<VertexId>(header.size);
  contents.weighted = header.weighted;
  contents.symmetric = header.symmetric;
  return contents;
}

}  // namespace wg::graph
