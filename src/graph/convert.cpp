#include "src/graph/convert.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <new>

#include "src/graph/collective_error.hpp"
#include "src/graph/format.hpp"
#include "src/graph/locality.hpp"
#include "src/graph/output_file.hpp"
#include "src/graph/reorder.hpp"

namespace wg::graph {

namespace {

std::uint64_t file_size(const std::string& path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0 ? static_cast<std::uint64_t>(info.st_size) : 0;
}

// Vertex ids in [0, n) that no edge touches: isolated vertices of the stored graph.
// Collective.
std::uint64_t count_unused_ids(const std::vector<Edge>& edges, VertexId n, MPI_Comm comm) {
  std::vector<std::uint64_t> used((static_cast<std::uint64_t>(n) + 63) / 64, 0);
  for (const Edge& e : edges) {
    used[e.source / 64] |= std::uint64_t{1} << (e.source % 64);
    used[e.target / 64] |= std::uint64_t{1} << (e.target % 64);
  }
  MPI_Allreduce(MPI_IN_PLACE, used.data(), static_cast<int>(used.size()), MPI_UINT64_T, MPI_BOR,
                comm);
  std::uint64_t count = 0;
  for (std::uint64_t word : used) count += static_cast<std::uint64_t>(__builtin_popcountll(word));
  return n - count;
}

// Above this share of ids without edges the converter warns: such ids become isolated
// vertices, each its own component, each holding PageRank mass.
constexpr double kUnusedShareWarning = 0.25;

nlohmann::json convert(const ConvertOptions& options, MPI_Comm comm) {
  const double start = MPI_Wtime();
  InputFormat format = InputFormat::snap;
  run_collectively(
      comm, [&] { format = options.format ? *options.format : guess_input_format(options.input); });
  spdlog::info("reading {} ({})", options.input, format_name(format));
  EdgeFileContents contents = read_edge_file(options.input, format, options.relabel, comm);
  const double parsed = MPI_Wtime();
  std::uint64_t read_edges = contents.edges.size();
  MPI_Allreduce(MPI_IN_PLACE, &read_edges, 1, MPI_UINT64_T, MPI_SUM, comm);
  spdlog::info("read {} edge lines, {} vertices, in {:.2f} s", read_edges, contents.num_vertices,
               parsed - start);

  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const std::uint64_t unused = count_unused_ids(contents.edges, contents.num_vertices, comm);
  if (rank == 0 && unused > kUnusedShareWarning * contents.num_vertices)
    spdlog::warn(
        "{} of {} vertex ids ({:.0f}%) have no edges: they become isolated vertices "
        "(each its own component, each holding PageRank mass){}",
        unused, contents.num_vertices, 100.0 * unused / contents.num_vertices,
        format == InputFormat::snap ? "; --relabel numbers only the ids in use" : "");

  WriteOptions write;
  write.vertex_ids = options.reorder == VertexOrder::none
                         ? std::move(contents.vertex_ids)
                         : reorder_edges(options.reorder, contents.num_vertices, contents.edges,
                                         contents.vertex_ids, options.keep_self_loops, comm);
  write.directed = !(options.undirected || contents.symmetric);
  write.weighted = contents.weighted;
  write.keep_self_loops = options.keep_self_loops;
  write.keep_duplicates = options.keep_duplicates;
  write.num_shards = options.num_shards;
  const GraphInfo graph =
      write_graph(options.output, contents.num_vertices, std::move(contents.edges), write, comm);
  const double done = MPI_Wtime();
  const auto shares = measure_written_graph(graph, comm);

  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  if (rank == 0 && options.relabel)
    spdlog::info("relabelled: {} distinct ids numbered 0..{}; the originals are in {}",
                 graph.num_vertices, graph.num_vertices - 1, options.output);
  const std::uint64_t bytes = file_size(options.input);
  const double seconds = done - start;
  return {
      {"command", "convert"},
      {"input", options.input},
      {"input_format", format_name(format)},
      {"input_bytes", bytes},
      {"output", options.output},
      {"ranks", ranks},
      {"vertices", graph.num_vertices},
      {"relabelled", options.relabel},
      {"reorder", order_name(options.reorder)},
      {"locality", boundary_shares_json(shares)},
      {"unused_ids", unused},
      {"edge_lines", read_edges},
      {"edges", graph.num_edges},
      {"directed", graph.directed},
      {"weighted", graph.weighted},
      {"shards", graph.shards.size()},
      {"parse_seconds", parsed - start},
      {"write_seconds", done - parsed},
      {"seconds", seconds},
      {"input_mb_per_s", seconds > 0 ? static_cast<double>(bytes) / 1e6 / seconds : 0.0},
  };
}

}  // namespace

void check_convert_outputs(const ConvertOptions& options, const std::string& report,
                           MPI_Comm comm) {
  run_collectively(comm, [&] {
    io::refuse_overlaps({{options.input, "input"}},
                        {{options.output, "output"}, {report, "--report"}});
    io::require_writable(options.output, "output");
    if (!report.empty()) io::require_writable(report, "--report");
  });
}

nlohmann::json convert_graph(const ConvertOptions& options, MPI_Comm comm) {
  try {
    return convert(options, comm);
  } catch (const std::bad_alloc&) {
    fail(
        "{}: out of memory converting it to {}; use more ranks on more nodes (mpirun -n N) "
        "and --shards N",
        options.input, options.output);
  }
}

}  // namespace wg::graph
