// `warpgraph convert`: Matrix Market, SNAP or DIMACS text in, sharded HDF5 graph out.
#include <mpi.h>

#include <memory>

#include "src/cli/commands.hpp"
#include "src/cli/reorder_option.hpp"
#include "src/graph/convert.hpp"
#include "src/graph/report_file.hpp"

namespace wg::cli {

void add_convert_command(CLI::App& app, int& /*exit_code*/) {
  struct Settings {
    graph::ConvertOptions options;
    std::string format;
    std::string report;
    std::string reorder = "none";
  };
  auto settings = std::make_shared<Settings>();
  auto* command = app.add_subcommand(
      "convert", "Convert a Matrix Market, SNAP or DIMACS graph file to sharded HDF5");
  command
      ->add_option(
          "input", settings->options.input,
          "Input file: .mtx (Matrix Market coordinate, 1-based), .txt/.tsv/.el "
          "(SNAP edge list, 0-based), .gr (DIMACS 'p sp'); .gz or .xz allowed; - for standard "
          "input (with --format)")
      ->required();
  command
      ->add_option("output", settings->options.output,
                   "Output index file (NAME.h5; shards go to NAME.shard-NNNNN.h5 beside it)")
      ->required();
  command->add_option("--format", settings->format, "Input format (default: from the file name)")
      ->check(CLI::IsMember({"mtx", "snap", "dimacs"}));
  command->add_flag("--undirected", settings->options.undirected,
                    "Add the reverse of every edge and mark the graph undirected");
  command->add_flag("--keep-self-loops", settings->options.keep_self_loops,
                    "Keep edges v -> v (dropped by default)");
  command->add_flag("--keep-duplicates", settings->options.keep_duplicates,
                    "Keep parallel edges (by default they merge, keeping the smallest weight)");
  command->add_flag("--relabel", settings->options.relabel,
                    "Edge lists: number the ids in use 0..n-1 (ids may be any words, e.g. "
                    "64-bit integers or names); the original ids are kept in the graph file "
                    "and `run` writes results keyed by them");
  command
      ->add_option("--shards", settings->options.num_shards,
                   "Number of shard files (default: one per 4 Mi stored edges)")
      ->check(CLI::PositiveNumber);
  add_reorder_option(*command, settings->reorder);
  command->add_option("--report", settings->report, "Write a JSON report to this file");
  command->footer(
      "Vertex ids stay the file's own: 0-based in edge lists (vertex count = largest id + 1),\n"
      "1-based in .mtx and .gr (declared size); --relabel numbers an edge list's ids densely.\n"
      "Runs under mpirun with any rank count and writes the same files whatever the count.\n\n"
      "Example:\n"
      "  mpirun -n 2 warpgraph convert data/graphs/karate.mtx karate.h5\n"
      "  warpgraph convert --undirected --shards 4 CA-GrQc.txt grqc.h5");
  command->callback([settings] {
    settings->options.reorder = graph::parse_vertex_order(settings->reorder);
    if (!settings->format.empty())
      settings->options.format = graph::parse_input_format(settings->format);
    graph::check_convert_outputs(settings->options, settings->report, MPI_COMM_WORLD);
    const auto report = graph::convert_graph(settings->options, MPI_COMM_WORLD);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && !settings->report.empty()) graph::write_report(settings->report, report);
  });
}

}  // namespace wg::cli
