// `warpgraph run`: a vertex-centric algorithm on a sharded HDF5 graph, over all ranks.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include "src/cli/commands.hpp"
#include "src/cli/threads_option.hpp"
#include "src/common/error.hpp"
#include "src/engine/run_options.hpp"
#include "src/graph/graph_file.hpp"
#include "src/graph/hdf5_util.hpp"
#include "src/graph/output_file.hpp"

namespace wg::cli {

namespace {

// Checks that need no MPI and give the same answer on every rank (each rank throws the
// same error): values CLI11 lets through, and outputs that would overwrite the graph,
// the checkpoint being resumed, or each other.
void check_run_options(const engine::RunOptions& o) {
  if (!std::isfinite(o.tolerance)) fail("--tolerance {}: not a finite number", o.tolerance);
  if (!std::isfinite(o.overlap)) fail("--overlap {}: not a finite number", o.overlap);
  // Host partitions share the rank's threads; more than it has only slows every one down.
  const int threads =
      std::max<int>(omp_get_max_threads(), static_cast<int>(std::thread::hardware_concurrency()));
  if (o.backend != "cuda" && o.devices_per_rank > threads)
    fail("--devices-per-rank {}: this rank has {} threads; give at most {} partitions per rank",
         o.devices_per_rank, threads, threads);

  std::vector<io::NamedPath> graph_files{{o.graph_path, "--graph"}};
  if (h5::is_hdf5_file(o.graph_path)) {
    try {
      for (const auto& shard : graph::open_graph(o.graph_path).shards)
        graph_files.push_back({shard.file, "shard file"});
    } catch (const Error&) {
      // An unreadable graph is reported with its reason when the run opens it.
    }
  }
  // The checkpoint may be the one resumed from (the usual requeue), nothing else may.
  const std::string checkpoint = engine::checkpoint_path_for(o);
  io::refuse_overlaps(
      graph_files,
      {{o.output_path, "--output"}, {o.report_path, "--report"}, {checkpoint, "--checkpoint"}});
  io::refuse_overlaps({{o.resume_path, "--resume"}},
                      {{o.output_path, "--output"}, {o.report_path, "--report"}});
  if (!o.output_path.empty()) io::require_writable(o.output_path, "--output");
  if (!o.report_path.empty()) io::require_writable(o.report_path, "--report");
  io::require_replaceable(checkpoint, "--checkpoint");
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<engine::RunOptions>();
  auto* command = app.add_subcommand(
      "run",
      "Run BFS, SSSP, SSWP, connected components, (personalized) PageRank, k-core, "
      "shortest-path counts, betweenness centrality, strongly connected components, or "
      "CuSha's circuit, heat and neural-network simulations on a graph");
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
  command->add_option("--personalization", options->personalization_path,
                      "ppr: file of `vertex weight` lines, the teleport (and dangling) "
                      "distribution, normalised to sum 1 (or --source: all on one vertex)");
  command->add_flag("--predecessors", options->predecessors,
                    "bfs, sssp: also write each vertex's predecessor on a shortest path (the "
                    "smallest-id one; the source's is itself, an unreached vertex's -1)");
  command->add_option("--bc-sources", options->bc_sources,
                      "bc: the sources whose shortest paths count: all (default), N (N distinct "
                      "vertices with out-edges drawn with --seed), or FILE (one vertex id per "
                      "line); --source V: that one");
  command->add_option("--sample-sources", options->sample_sources,
                      "Benchmark (bfs, sssp, sswp, ssnsp): run from K random sources that have "
                      "out-edges, report each run's time and traversed edges per second and "
                      "their harmonic mean; writes no values");
  command->add_option("--seed", options->seed,
                      "Seed of --sample-sources and --bc-sources N (default 1)");
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
          {"error", engine::ToleranceRule::error}, {"networkx", engine::ToleranceRule::networkx}}));
  command
      ->add_option("--exchange", options->exchange,
                   "Boundary exchange: targeted (default: each updated vertex only to the "
                   "partitions holding it), vr (updated boundary vertices to every rank) or "
                   "all (every updated vertex to every rank)")
      ->transform(CLI::CheckedTransformer(std::map<std::string, engine::ExchangeMode>{
          {"targeted", engine::ExchangeMode::targeted},
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
                   "CUDA pull kernel: auto (thread for BFS, rowblock for PageRank and "
                   "ppr, else ws), ws (warp segmentation), dynamic (warps "
                   "over a compacted list), vwc (virtual warps, the baseline), rowblock (row "
                   "blocks staged in shared memory), thread (one thread per vertex, stopping "
                   "at its first frontier in-neighbour)")
      ->check(CLI::IsMember({"auto", "ws", "dynamic", "vwc", "rowblock", "thread"}));
  command
      ->add_option("--virtual-warp", options->virtual_warp,
                   "--kernel vwc: lanes per vertex, 2, 4, 8 (default), 16, 32, or auto (the "
                   "average in-degree of the pulled vertices, rounded up to a power of two); "
                   "no effect on the host backend")
      ->check(CLI::IsMember({"2", "4", "8", "16", "32", "auto"}));
  command->add_option(
      "--split", options->split,
      "Tigr's virtual split: rows of more than K edges are walked as ceil(degree / K) "
      "virtual nodes of one thread each, edges j, j + f, j + 2f, ... (off by default; auto: "
      "K from the degree distribution). Replaces --kernel; helps on skewed degrees");
  command->add_option(
      "--group", options->group,
      "KiTES vertex grouping for frontier programs: activation kept per group of r "
      "consecutive vertices (2, 4, 32, 64), one bit each, instead of exact out-edges; "
      "less GPU memory, more vertices pulled (off by default; auto: the smallest r that "
      "fits the GPU)");
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
      "as undirected). PageRank: as networkx.pagerank (alpha 0.85); PPR: the same with\n"
      "--personalization. kcore: core number (networkx.core_number, edges undirected).\n"
      "ssnsp: number of shortest (fewest-edge) paths from --source (uint64, saturating).\n"
      "bc: Brandes betweenness over fewest-edge paths from --bc-sources (networkx's\n"
      "betweenness_centrality(normalized=False), halved on undirected graphs). scc: smallest\n"
      "vertex id of the strongly connected component.\n"
      "cs: node voltage, V_v <- sum(w_uv V_u) / (1 + sum(w_uv)) over in-edges, V = 1 held at\n"
      "--source. hs: temperature, T_v <- 0.9 sum(w_uv T_u) / sum(w_uv), T = 1 held at\n"
      "--source. nn: activation, a_v <- 1 / (1 + exp(-sum(w_uv a_u))). All three start at 0\n"
      "(but the held source), take weight 1 on unweighted graphs and stop when no vertex\n"
      "moves by more than 1e-6 in an iteration.\n"
      "On SIGUSR1 or SIGTERM the run stops at the next iteration boundary, writes a\n"
      "checkpoint and exits with code 75. A run that finishes deletes its checkpoint.\n\n"
      "Example:\n"
      "  mpirun -n 2 warpgraph run --graph karate.h5 --algo bfs --source 0 --output bfs.tsv\n"
      "  mpirun -n 4 warpgraph run --graph g.h5 --algo pagerank --report run.json "
      "--ranks-per-node 2\n"
      "  mpirun -n 2 warpgraph run --graph g.h5 --algo bfs --source 0 --backend cuda");
  // Its default and the call that applies it, side by side: the rank's share of its cores.
  add_threads_option(*command, ThreadDefault::kCoreShare);
  command->callback([command, options, &exit_code] {
    settle_threads(*command);
    check_run_options(*options);
    exit_code = engine::run_graph_algorithm(*options);
  });
}

}  // namespace wg::cli
