// `warpgraph run`: a vertex-centric algorithm on a sharded HDF5 graph, over all ranks.
#include <map>
#include <memory>

#include "commands.hpp"
#include "engine/run_options.hpp"

namespace wg::cli {

void add_run_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<engine::RunOptions>();
  auto* command =
      app.add_subcommand("run", "Run BFS, SSSP, SSWP, connected components or PageRank on a graph");
  command->add_option("--graph", options->graph_path, "Graph index file (sharded HDF5)")
      ->required();
  command->add_option("--algo", options->algorithm, "Algorithm")
      ->required()
      ->check(CLI::IsMember(engine::algorithm_names()));
  std::string sourced;
  for (const std::string& name : engine::algorithm_names(true))
    sourced += (sourced.empty() ? "" : ", ") + name;
  command->add_option("--source", options->source,
                      "Source vertex id (" + sourced + "), as the graph's input file names it");
  command->add_option("--sample-sources", options->sample_sources,
                      "Benchmark (bfs, sssp, sswp): run from K random sources that have "
                      "out-edges, report each run's time and traversed edges per second and "
                      "their harmonic mean; writes no values");
  command->add_option("--seed", options->seed, "Seed of --sample-sources (default 1)");
  command->add_option("--max-iterations", options->max_iterations,
                      "Stop after this many iterations (0: run until converged)");
  command->add_option("--output", options->output_path,
                      "Write the value of every vertex here (without it the values are not "
                      "kept; a warning says so)");
  command
      ->add_option("--output-format", options->output_format,
                   "Output format (default: hdf5 for a .h5 or .hdf5 output, else tsv)")
      ->transform(CLI::CheckedTransformer(std::map<std::string, engine::OutputFormat>{
          {"tsv", engine::OutputFormat::tsv}, {"hdf5", engine::OutputFormat::hdf5}}));
  command->add_option("--report", options->report_path,
                      "Write a JSON report (per iteration: active vertices, edges, bytes, "
                      "time, borders)");
  command
      ->add_option("--tolerance", options->tolerance,
                   "PageRank: stop once the ranks are within this L1 distance of the converged "
                   "ranks (default 1e-6; 0 runs until --max-iterations or nothing changes)")
      ->check(CLI::NonNegativeNumber);
  command
      ->add_option("--tolerance-rule", options->tolerance_rule,
                   "PageRank: error (default: the L1 error bound above, at any graph size) or "
                   "networkx (stop when an iteration changes the ranks by less than "
                   "tolerance x vertices in L1, as networkx.pagerank)")
      ->transform(CLI::CheckedTransformer(std::map<std::string, engine::ToleranceRule>{
          {"error", engine::ToleranceRule::error},
          {"networkx", engine::ToleranceRule::networkx}}));
  command
      ->add_option("--exchange", options->exchange,
                   "Exchange vr (updated boundary vertices only) or all (every updated vertex)")
      ->transform(CLI::CheckedTransformer(std::map<std::string, engine::ExchangeMode>{
          {"vr", engine::ExchangeMode::vertex_refinement},
          {"all", engine::ExchangeMode::all_updates}}));
  auto* balance = command->add_option_function<std::string>(
      "--balance", [options](const std::string& mode) { options->balance = mode == "sliding"; },
      "Border balancer: sliding (default) or off");
  balance->check(CLI::IsMember({"sliding", "off"}));
  command
      ->add_option("--overlap", options->overlap,
                   "Stored range of each partition beyond its static range, on each side, "
                   "as a fraction of an equal share of the edges (default 0.25)")
      ->check(CLI::NonNegativeNumber);
  command
      ->add_option(
          "--devices-per-rank,--gpus-per-rank", options->devices_per_rank,
          "Partitions per rank: GPUs it drives (cuda backend), or partitions each on an equal "
          "share of the rank's threads (host backend)")
      ->check(CLI::PositiveNumber);
  command
      ->add_option("--ranks-per-node", options->ranks_per_node,
                   "Split each host into virtual nodes of this many ranks (default: real nodes)")
      ->check(CLI::PositiveNumber);
  command->add_option("--section-size", options->section_size,
                      "Vertices per balancer section; borders are multiples of it (multiple of "
                      "64, default 256)");
  command
      ->add_option("--backend", options->backend,
                   "auto (default: the GPUs when every rank sees --devices-per-rank of them, "
                   "else host), host (OpenMP), or cuda (one GPU per partition)")
      ->check(CLI::IsMember({"host", "auto", "cuda"}));
  command
      ->add_option("--kernel", options->kernel,
                   "CUDA pull kernel: auto (thread for BFS, else ws), ws (warp segmentation), "
                   "dynamic (warps over a compacted list), vwc (virtual warps, the baseline), "
                   "thread (one thread per vertex, stopping at its first frontier in-neighbour)")
      ->check(CLI::IsMember({"auto", "ws", "dynamic", "vwc", "thread"}));
  command
      ->add_option("--direction", options->direction,
                   "Frontier programs: auto (push while the frontier's out-edges are few, pull "
                   "otherwise, chosen every iteration), push, or pull")
      ->check(CLI::IsMember({"auto", "push", "pull"}));
  command->add_option("--checkpoint", options->checkpoint_path,
                      "Checkpoint file (default <output>.ckpt.h5, else run.ckpt.h5), written "
                      "on SIGUSR1/SIGTERM, every --checkpoint-every iterations and when "
                      "--max-iterations stops the run");
  command->add_option("--checkpoint-every", options->checkpoint_every,
                      "Write a checkpoint every N iterations");
  command->add_option("--resume", options->resume_path,
                      "Continue from a checkpoint; the results equal an uninterrupted run");
  command->footer(
      "Output: a header line, then one line per vertex, id<TAB>value, ids ascending.\n"
      "BFS: hops; SSSP: distance\n"
      "(1 per edge on unweighted graphs); unreachable: inf. SSWP: widest-path bottleneck,\n"
      "the source inf, unreachable 0. CC: smallest vertex id of the component (edges taken\n"
      "as undirected). PageRank: as networkx.pagerank (alpha 0.85).\n"
      "On SIGUSR1 or SIGTERM the run stops at the next iteration boundary, writes a\n"
      "checkpoint and exits with code 75. A run that finishes deletes its checkpoint.\n\n"
      "Example:\n"
      "  mpirun -n 2 warpgraph run --graph karate.h5 --algo bfs --source 0 --output bfs.tsv\n"
      "  mpirun -n 4 warpgraph run --graph g.h5 --algo pagerank --report run.json "
      "--ranks-per-node 2\n"
      "  mpirun -n 2 warpgraph run --graph g.h5 --algo bfs --source 0 --backend cuda");
  command->callback([options, &exit_code] { exit_code = engine::run_graph_algorithm(*options); });
}

}  // namespace wg::cli
