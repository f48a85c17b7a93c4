// `warpgraph generate`: an RMAT (Graph500) graph written as sharded HDF5.
#include <mpi.h>

#include <memory>

#include "src/cli/commands.hpp"
#include "src/cli/reorder_option.hpp"
#include "src/graph/generate.hpp"
#include "src/graph/report_file.hpp"

namespace wg::cli {

void add_generate_command(CLI::App& app, int& /*exit_code*/) {
  struct Settings {
    graph::GenerateOptions options;
    bool undirected = false;
    std::string report;
    std::string reorder = "none";
  };
  auto settings = std::make_shared<Settings>();
  graph::GenerateOptions& options = settings->options;
  auto* command = app.add_subcommand(
      "generate",
      "Generate an RMAT graph (Graph500 a=0.57 b=0.19 c=0.19 by default) as sharded HDF5");
  command
      ->add_option("output", options.output,
                   "Output index file (NAME.h5; shards go to NAME.shard-NNNNN.h5 beside it)")
      ->required();
  command->add_option("--scale", options.rmat.scale, "2^scale vertices")
      ->required()
      ->check(CLI::Range(1u, graph::kMaxRmatScale));
  command
      ->add_option("--edge-factor", options.rmat.edge_factor,
                   "Generated edges per vertex (edge_factor * 2^scale edges)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 20));
  command->add_option("--seed", options.rmat.seed, "Random seed; same seed, same graph")
      ->capture_default_str();
  command
      ->add_option("--max-weight", options.rmat.max_weight,
                   "Add integer weights uniform in [1, W] (default: unweighted)")
      ->check(CLI::PositiveNumber);
  command
      ->add_option_function<std::vector<double>>(
          "--rmat",
          [&options](const std::vector<double>& abc) {
            options.rmat.a = abc[0];
            options.rmat.b = abc[1];
            options.rmat.c = abc[2];
          },
          "Quadrant probabilities A,B,C (D = 1 - A - B - C), default 0.57,0.19,0.19; a larger "
          "A gives more skewed degrees")
      ->expected(3)
      ->delimiter(',')
      ->check(CLI::Range(0.0, 1.0));
  command->add_flag("--undirected", settings->undirected,
                    "Store every edge in both directions and mark the graph undirected");
  command->add_flag("--keep-self-loops", options.write.keep_self_loops,
                    "Keep edges v -> v (dropped by default)");
  command->add_flag("--keep-duplicates", options.write.keep_duplicates,
                    "Keep parallel edges (by default they merge, keeping the smallest weight)");
  command
      ->add_option("--shards", options.write.num_shards,
                   "Number of shard files (default: one per 4 Mi stored edges)")
      ->check(CLI::PositiveNumber);
  add_reorder_option(*command, settings->reorder);
  command->add_option("--report", settings->report, "Write a JSON report to this file");
  command->footer(
      "Vertex ids are scrambled by a seeded permutation; the graph depends only on the\n"
      "options, not on the number of ranks.\n\n"
      "Example:\n"
      "  mpirun -n 2 warpgraph generate --scale 16 --edge-factor 16 --seed 1 --undirected "
      "rmat16.h5");
  command->callback([settings] {
    settings->options.reorder = graph::parse_vertex_order(settings->reorder);
    settings->options.write.directed = !settings->undirected;
    const auto report = graph::generate_graph(settings->options, MPI_COMM_WORLD);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && !settings->report.empty()) graph::write_report(settings->report, report);
  });
}

}  // namespace wg::cli
