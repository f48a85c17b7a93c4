// `warpgraph info`: counts, degree statistics, the shard table and a self-check of a
// sharded HDF5 graph.
#include <fmt/format.h>
#include <mpi.h>

#include <iostream>
#include <memory>
#include <vector>

#include "src/cli/commands.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/graph_check.hpp"
#include "src/graph/locality.hpp"
#include "src/graph/report_file.hpp"

namespace wg::cli {

void add_info_command(CLI::App& app, int& /*exit_code*/) {
  struct Settings {
    std::string graph;
    std::string report;
    std::vector<int> partitions = graph::kDefaultLocalityPartitions;
  };
  auto settings = std::make_shared<Settings>();
  auto* command = app.add_subcommand(
      "info", "Show a graph file's counts, degrees and shards, and check its consistency");
  command->add_option("graph", settings->graph, "Index file of a sharded HDF5 graph")->required();
  command->add_option("--report", settings->report, "Write the summary as JSON to this file");
  command
      ->add_option("--partitions", settings->partitions,
                   "Partition counts for the boundary fraction (comma-separated)")
      ->delimiter(',')
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  command->footer(
      "Prints 'vertices: N' and 'edges: M' (stored directed edges; an undirected edge\n"
      "counts twice). Exits non-zero when the file fails the self-check.\n"
      "The boundary fraction for K partitions is the share of vertices read across the\n"
      "borders of the engine's K equal-work parts (in-edges per section of 256 vertices, no\n"
      "overlap): vertices with an out-edge into another part. Lower is better; compare\n"
      "orders with convert/generate --reorder.\n\n"
      "Example:\n"
      "  warpgraph info karate.h5\n"
      "  mpirun -n 2 warpgraph info rmat16.h5 --report rmat16-info.json");
  command->callback([settings] {
    graph::GraphInfo info;
    graph::run_collectively(MPI_COMM_WORLD, [&] { info = graph::open_graph(settings->graph); });
    const graph::GraphSummary summary = graph::check_graph(info, MPI_COMM_WORLD);
    const auto shares = graph::boundary_shares(info, settings->partitions, MPI_COMM_WORLD);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0) return;
    std::cout << graph::format_summary(summary);
    std::cout << "boundary fraction (vertices read across equal-work partition borders):\n";
    for (const graph::BoundaryShare& share : shares)
      std::cout << fmt::format("  {} partitions: {:.6f} ({} vertices)\n", share.partitions,
                               share.fraction, share.vertices);
    std::cout << std::flush;
    if (!settings->report.empty()) {
      nlohmann::json report = graph::summary_json(summary);
      report["locality"] = graph::boundary_shares_json(shares);
      int ranks = 1;
      MPI_Comm_size(MPI_COMM_WORLD, &ranks);
      report["ranks"] = ranks;
      graph::write_report(settings->report, report);
    }
  });
}

}  // namespace wg::cli
