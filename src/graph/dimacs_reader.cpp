// DIMACS shortest-path files (9th DIMACS challenge): 'c' comment lines, one problem line
// "p sp n m", then m arc lines "a u v w" with 1-based ids; arcs are directed and weighted.
// The PACE 2016 edition of the same road networks ("p tw n m", then m lines "u v") holds
// undirected, unweighted edges: each line stands for both directions.
#include "src/graph/collective_error.hpp"
#include "src/graph/declared_count.hpp"
#include "src/graph/edge_file.hpp"
#include "src/graph/id_fields.hpp"
#include "src/graph/line_fields.hpp"
#include "src/graph/text_input.hpp"

namespace wg::graph {

namespace {

struct DimacsHeader {
  std::uint64_t vertices = 0;
  std::uint64_t arcs = 0;
  std::uint64_t problem_line = 0;
  bool edge_pairs = false;  // "p tw": lines "u v", undirected and unweighted
};

bool is_comment_or_blank(const LineFields& fields) { return fields.empty() || fields[0] == "c"; }

DimacsHeader parse_header(const std::string& path, HeaderExtent& extent) {
  DimacsHeader header;
  extent = read_header(path, [&](std::string_view line, std::uint64_t number) {
    const LineFields fields(line);
    if (is_comment_or_blank(fields)) return false;
    if (fields[0] != "p")
      fail("{}:{}: expected the problem line 'p sp <vertices> <arcs>' before any other line", path,
           number);
    if (fields.count() != 4)
      fail("{}:{}: the problem line needs 4 fields 'p sp <vertices> <arcs>', found {}", path,
           number, fields.count());
    if (fields[1] != "sp" && fields[1] != "tw")
      fail(
          "{}:{}: problem type '{}' is not supported (expected 'sp', or 'tw' for PACE edge "
          "pairs)",
          path, number, fields[1]);
    header.edge_pairs = fields[1] == "tw";
    if (!parse_unsigned(fields[2], header.vertices) || !parse_unsigned(fields[3], header.arcs))
      fail("{}:{}: vertex and arc counts must be non-negative integers, found '{}' and '{}'", path,
           number, fields[2], fields[3]);
    if (header.vertices > kLargestVertexId + 1)
      fail("{}:{}: {} vertices exceed the supported {}", path, number, header.vertices,
           kLargestVertexId + 1);
    header.problem_line = number;
    return true;
  });
  if (header.problem_line == 0) fail("{}: no problem line 'p sp <vertices> <arcs>' found", path);
  return header;
}

}  // namespace

EdgeFileContents read_dimacs(const std::string& path, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  DimacsHeader header;
  HeaderExtent extent;
  run_collectively(comm, [&] {
    if (rank == 0) header = parse_header(path, extent);
  });
  broadcast_struct(header, comm);
  broadcast_struct(extent, comm);

  const TextChunk chunk = read_body(path, extent, comm);
  EdgeFileContents contents;
  FirstError error;
  for_each_line(chunk, path, [&](std::string_view line, std::uint64_t number) {
    if (error.has_error()) return;
    const LineFields fields(line);
    if (is_comment_or_blank(fields)) return;
    Edge edge;
    if (header.edge_pairs) {
      if (fields.count() != 2) {
        error.record(number, fmt::format("{}:{}: an edge line of a 'p tw' file needs 2 fields "
                                         "'<u> <v>', found {}",
                                         path, number, fields.count()));
        return;
      }
      if (!read_vertex_id(fields[0], 1, path, number, edge.source, error, header.vertices) ||
          !read_vertex_id(fields[1], 1, path, number, edge.target, error, header.vertices))
        return;
      contents.edges.push_back(edge);
      return;
    }
    if (fields[0] != "a") {
      error.record(number, fmt::format("{}:{}: expected an arc line 'a <from> <to> <weight>' "
                                       "or a 'c' comment, found '{}'",
                                       path, number, fields[0]));
      return;
    }
    if (fields.count() != 4) {
      error.record(number, fmt::format("{}:{}: an arc line needs 4 fields 'a <from> <to> "
                                       "<weight>', found {}",
                                       path, number, fields.count()));
      return;
    }
    if (!read_vertex_id(fields[1], 1, path, number, edge.source, error, header.vertices) ||
        !read_vertex_id(fields[2], 1, path, number, edge.target, error, header.vertices) ||
        !read_edge_weight(fields[3], path, number, edge.weight, error))
      return;
    contents.edges.push_back(edge);
  });
  raise_first_error(error, comm);
  check_declared_count(
      chunk, path, {header.arcs, header.problem_line, header.edge_pairs ? "edges" : "arcs"},
      contents.edges.size(),
      [](std::string_view line) { return !is_comment_or_blank(LineFields(line)); }, comm);
  contents.num_vertices = static_cast<VertexId>(header.vertices);
  contents.weighted = !header.edge_pairs;
  contents.symmetric = header.edge_pairs;
  return contents;
}

}  // namespace wg::graph
