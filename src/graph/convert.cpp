#include "convert.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <new>

#include "collective_error.hpp"
#include "format.hpp"
#include "output_file.hpp"

namespace wg::graph {

namespace {

std::uint64_t file_size(const std::string& path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0 ? static_cast<std::uint64_t>(info.st_size) : 0;
}

nlohmann::json convert(const ConvertOptions& options, MPI_Comm comm) {
  const double start = MPI_Wtime();
  InputFormat format = InputFormat::snap;
  run_collectively(
      comm, [&] { format = options.format ? *options.format : guess_input_format(options.input); });
  spdlog::info("reading {} ({})", options.input, format_name(format));
  EdgeFileContents contents = read_edge_file(options.input, format, comm);
  const double parsed = MPI_Wtime();
  std::uint64_t read_edges = contents.edges.size();
  MPI_Allreduce(MPI_IN_PLACE, &read_edges, 1, MPI_UINT64_T, MPI_SUM, comm);
  spdlog::info("read {} edge lines, {} vertices, in {:.2f} s", read_edges, contents.num_vertices,
               parsed - start);

  WriteOptions write;
  write.directed = !(options.undirected || contents.symmetric);
  write.weighted = contents.weighted;
  write.keep_self_loops = options.keep_self_loops;
  write.keep_duplicates = options.keep_duplicates;
  write.num_shards = options.num_shards;
  const GraphInfo graph =
      write_graph(options.output, contents.num_vertices, std::move(contents.edges), write, comm);
  const double done = MPI_Wtime();

  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
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
    fail("{}: out of memory converting it to {}; use more ranks on more nodes (mpirun -n N) "
         "and --shards N",
         options.input, options.output);
  }
}

}  // namespace wg::graph
