// SNAP edge lists: "source target [weight]" per line, '#' comment lines, blank lines
// ignored, LF or CRLF, optionally gzip-compressed. Every edge line must have the same
// number of fields. Ids are 0-based integers kept as given (the vertex count is the
// largest id + 1), or, relabelled, any words (64-bit integers, names) numbered densely
// in sorted order (relabel.hpp).
#include <algorithm>
#include <limits>
#include <unordered_map>

#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/edge_file.hpp"
#include "src/graph/id_fields.hpp"
#include "src/graph/line_fields.hpp"
#include "src/graph/relabel.hpp"
#include "src/graph/text_input.hpp"

namespace wg::graph {

EdgeFileContents read_snap(const std::string& path, bool relabel, MPI_Comm comm) {
  const TextChunk chunk = read_body(path, HeaderExtent{}, comm);
  constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
  EdgeFileContents contents;
  FirstError error;
  std::uint64_t first_pair_line = kNone;      // first line with 2 fields
  std::uint64_t first_weighted_line = kNone;  // first line with 3 fields
  std::uint64_t largest_id = 0;
  // Relabelling: this rank's distinct ids; edges hold their local numbers until relabelled.
  std::unordered_map<std::string, VertexId> local_numbers;
  std::vector<std::string> local_ids;
  const auto local_number = [&](std::string_view id) {
    const auto [found, added] =
        local_numbers.try_emplace(std::string(id), static_cast<VertexId>(local_ids.size()));
    if (added) local_ids.emplace_back(id);
    return found->second;
  };

  for_each_line(chunk, path, [&](std::string_view line, std::uint64_t number) {
    if (error.has_error()) return;
    const LineFields fields(line);
    if (fields.empty() || fields[0].front() == '#') return;
    if (fields.count() != 2 && fields.count() != 3) {
      error.record(number, fmt::format("{}:{}: expected 2 or 3 fields (source target [weight]), "
                                       "found {}",
                                       path, number, fields.count()));
      return;
    }
    Edge edge;
    if (relabel) {
      edge.source = local_number(fields[0]);
      edge.target = local_number(fields[1]);
    } else if (!read_vertex_id(fields[0], 0, path, number, edge.source, error) ||
               !read_vertex_id(fields[1], 0, path, number, edge.target, error)) {
      return;
    }
    if (fields.count() == 3) {
      if (!read_edge_weight(fields[2], path, number, edge.weight, error)) return;
      first_weighted_line = std::min(first_weighted_line, number);
    } else {
      first_pair_line = std::min(first_pair_line, number);
    }
    largest_id = std::max<std::uint64_t>(largest_id, std::max(edge.source, edge.target));
    contents.edges.push_back(edge);
  });
  raise_first_error(error, comm);

  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &first_pair_line, 1, MPI_UINT64_T, MPI_MIN, comm));
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &first_weighted_line, 1, MPI_UINT64_T, MPI_MIN, comm));
  if (first_pair_line != kNone && first_weighted_line != kNone) {
    const bool weighted_first = first_weighted_line < first_pair_line;
    fail("{}:{}: found {} fields, but line {} has {} (every edge line needs the same number)", path,
         std::max(first_pair_line, first_weighted_line), weighted_first ? 2 : 3,
         std::min(first_pair_line, first_weighted_line), weighted_first ? 3 : 2);
  }
  if (first_pair_line == kNone && first_weighted_line == kNone)
    fail("{}: no edges found (expected lines 'source target [weight]')", path);
  contents.weighted = first_weighted_line != kNone;
  if (relabel) {
    contents.vertex_ids = relabel_edges(path, local_ids, contents.edges, comm);
    contents.num_vertices = static_cast<VertexId>(contents.vertex_ids.size());
    return contents;
  }
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &largest_id, 1, MPI_UINT64_T, MPI_MAX, comm));
  contents.num_vertices = static_cast<VertexId>(largest_id + 1);
  return contents;
}

}  // namespace wg::graph
