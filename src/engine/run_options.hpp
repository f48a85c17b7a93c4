// Everything `warpgraph run` is asked to do, as parsed from the command line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "src/common/types.hpp"

namespace wg::engine {

// Where a changed vertex goes: to the partitions holding it (mirror lists), or every
// changed boundary vertex to every rank (vertex refinement), or every change to every rank.
enum class ExchangeMode { targeted, vertex_refinement, all_updates };
enum class OutputFormat { tsv, hdf5 };
// When PageRank stops (stopping_rule.hpp): `error` bounds the L1 distance to the converged
// ranks by --tolerance; `networkx` stops when one iteration changes the ranks by less than
// --tolerance x vertices in L1, as networkx.pagerank does.
enum class ToleranceRule { error, networkx };

struct RunOptions {
  std::string graph_path;
  std::string algorithm;
  std::optional<std::string> source;          // a vertex id as the graph's input file spelled it
  std::string personalization_path;           // ppr: vertex weights (else --source)
  bool predecessors = false;                  // bfs, sssp: write each vertex's predecessor too
  std::optional<std::string> bc_sources;      // bc: all, a count to sample, or a file of ids
  std::uint64_t max_iterations = 0;           // 0: until converged
  std::uint64_t sample_sources = 0;           // > 0: time runs from this many random sources
  std::uint64_t seed = 1;                     // of the sampled sources
  std::string output_path;                    // empty: no output file
  std::optional<OutputFormat> output_format;  // default: hdf5 for .h5/.hdf5, else tsv
  std::string report_path;
  double tolerance = 1e-6;  // PageRank, read by tolerance_rule
  ToleranceRule tolerance_rule = ToleranceRule::error;
  ExchangeMode exchange = ExchangeMode::targeted;
  bool balance = true;
  double overlap = 0.25;
  int devices_per_rank = 1;
  int ranks_per_node = 0;                   // 0: physical nodes
  std::string backend = "auto";             // host, cuda, or auto (backend_choice.hpp)
  std::string kernel = "auto";              // CUDA backend: auto, ws, dynamic, vwc or thread
  std::optional<std::string> virtual_warp;  // vwc: lanes per vertex (2 ... 32, auto; default 8)
  std::string direction = "auto";           // frontier programs: auto, push or pull
  std::string split = "off";                // virtual split: off, K (degree bound) or auto
  std::string group = "off";                // vertex grouping: off, 2, 4, 32, 64 or auto
  VertexId section_size = 256;
  std::string checkpoint_path;  // empty: derived from the output path when needed
  std::uint64_t checkpoint_every = 0;
  std::string resume_path;
};

// The --algo names of the built-in programs (only those that take --source when asked).
std::vector<std::string> algorithm_names(bool with_source_only = false);

// Where checkpoints go: --checkpoint, else <output>.ckpt.h5, else run.ckpt.h5.
std::string checkpoint_path_for(const RunOptions& options);

// Runs the algorithm; returns the process exit code (kExitOk, or kExitInterrupted after a
// signal stopped the run at an iteration boundary and a checkpoint was written). Throws
// wg::Error on bad input. Collective over MPI_COMM_WORLD.
int run_graph_algorithm(const RunOptions& options);

}  // namespace wg::engine
