// `warpgraph run`: checks the request, loads the partitions, runs the enactor for the
// chosen vertex program, writes values, checkpoint and report.
#include <omp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <memory>
#include <type_traits>

#include "comm/device_binding.hpp"
#include "comm/graph/topology.hpp"
#include "kernels/graph/programs.hpp"
#include "src/common/error.hpp"
#include "src/common/exit_codes.hpp"
#include "src/common/mpi_check.hpp"
#include "src/common/stop_signal.hpp"
#include "src/engine/backend_choice.hpp"
#include "src/engine/component_labels.hpp"
#include "src/engine/enactor.hpp"
#include "src/engine/graph_input.hpp"
#include "src/engine/phased_algorithms.hpp"
#include "src/engine/predecessors.hpp"
#include "src/engine/run_options.hpp"
#include "src/engine/source_sample.hpp"
#include "src/engine/stopping_rule.hpp"
#include "src/engine/vertex_weights.hpp"
#include "src/graph/line_fields.hpp"
#include "src/graph/vertex_ids.hpp"
#if WARPGRAPH_WITH_CUDA
#include "comm/graph/nccl_gather_stage.hpp"
#endif

namespace wg::engine {

std::string checkpoint_path_for(const RunOptions& options) {
  if (!options.checkpoint_path.empty()) return options.checkpoint_path;
  if (!options.output_path.empty()) return options.output_path + ".ckpt.h5";
  return "run.ckpt.h5";
}

namespace {

OutputFormat output_format_of(const RunOptions& o) {
  if (o.output_format) return *o.output_format;
  const std::string extension = std::filesystem::path(o.output_path).extension().string();
  return extension == ".h5" || extension == ".hdf5" ? OutputFormat::hdf5 : OutputFormat::tsv;
}

const char* stop_text(StopReason reason) {
  switch (reason) {
    case StopReason::converged:
      return "converged";
    case StopReason::max_iterations:
      return "max-iterations";
    case StopReason::signal:
      return "signal";
  }
  return "?";
}

// The name of a program's value: the TSV column header and the HDF5 `value` attribute.
const char* value_name(const std::string& algorithm) {
  static const std::map<std::string, const char*> names = {
      {kernels::graph::Bfs::kName, "hops"},
      {kernels::graph::Sssp::kName, "distance"},
      {kernels::graph::Sswp::kName, "width"},
      {kernels::graph::ConnectedComponents::kName, "component"},
      {kernels::graph::PageRank::kName, "rank"},
      {kernels::graph::PersonalizedPageRank::kName, "rank"},
      {kernels::graph::KCore::kName, "core"},
      {kernels::graph::ShortestPathCounts::kName, "paths"},
      {kernels::graph::CircuitSimulation::kName, "voltage"},
      {kernels::graph::HeatSimulation::kName, "temperature"},
      {kernels::graph::NeuralNetwork::kName, "activation"},
      {Betweenness::kName, Betweenness::kValueName},
      {StronglyConnected::kName, StronglyConnected::kValueName}};
  const auto found = names.find(algorithm);
  return found != names.end() ? found->second : "value";
}

// This rank's rows of the /ids dataset.
ResultIds result_ids(const graph::VertexIds& ids, VertexRange mine) {
  ResultIds out;
  if (ids.relabelled() && !ids.numeric()) {
    for (const std::string& name : ids.string_ids()) out.width = std::max(out.width, name.size());
    out.width = std::max<std::size_t>(out.width, 1);
    out.names.assign(ids.string_ids().begin() + mine.begin, ids.string_ids().begin() + mine.end);
  } else if (ids.relabelled()) {
    out.numbers.assign(ids.integer_ids().begin() + mine.begin,
                       ids.integer_ids().begin() + mine.end);
  } else {
    for (VertexId v = mine.begin; v < mine.end; ++v) out.numbers.push_back(v);
  }
  return out;
}

// Collective: writes the values of this rank's range in the chosen format (what
// P::output shows of them), keyed by the graph's original ids, with the predecessors when
// given. Component labels name the vertex of the component with the smallest original id;
// labels and predecessors name a vertex in TSV by its original id, in HDF5 by its row
// (ids[label] is its original id).
template <typename P>
void write_results(const RunOptions& o, const graph::GraphInfo& info, const graph::VertexIds& ids,
                   const EnactResult<typename P::Value>& result, std::uint64_t source,
                   const std::vector<std::int64_t>* predecessors, MPI_Comm comm) {
  using Value = typename P::Value;
  using Output = decltype(P::output(std::declval<Value>()));
  // Unsigned 64-bit outputs (path counts) have no "unreached" value: every one is a number.
  constexpr bool kCounts = std::is_same_v<Output, std::uint64_t>;
  constexpr bool kLabels = std::is_same_v<P, kernels::graph::ConnectedComponents> ||
                           std::is_same_v<P, StronglyConnected>;
  std::vector<Value> labels;
  if constexpr (kLabels) labels = smallest_id_labels(result.values, result.mine, ids, comm);
  const std::vector<Value>& values = kLabels ? labels : result.values;
  const std::string name = value_name(P::kName);
  const VertexRange mine = result.mine;
  auto output = [&](VertexId v) { return P::output(values[v - mine.begin]); };
  if (output_format_of(o) == OutputFormat::tsv) {
    auto vertex_name = [&](std::int64_t v) {
      return v < 0 ? std::string("-1") : ids.name(static_cast<VertexId>(v));
    };
    auto line = [&](fmt::memory_buffer& out, const auto& id, VertexId v) {
      const Output value = output(v);
      bool written = false;
      if constexpr (kLabels) {
        if (ids.relabelled()) {
          fmt::format_to(std::back_inserter(out), "{}\t{}\n", id, ids.name(value));
          written = true;
        }
      }
      if constexpr (kCounts) {
        fmt::format_to(std::back_inserter(out), "{}\t{}\n", id, value);
        written = true;
      }
      if (!written) append_tsv_line(out, id, value);
      if (predecessors) {
        out.resize(out.size() - 1);  // the line's newline: the predecessor goes before it
        fmt::format_to(std::back_inserter(out), "\t{}\n",
                       vertex_name((*predecessors)[v - mine.begin]));
      }
    };
    write_tsv(
        o.output_path, fmt::format("id\t{}{}", name, predecessors ? "\tpredecessor" : ""), mine,
        [&](VertexId begin, VertexId end, fmt::memory_buffer& out) {
          for (VertexId v = begin; v < end; ++v) {
            if (ids.relabelled())
              line(out, ids.name(v), v);
            else
              line(out, v, v);
          }
        },
        comm);
    return;
  }
  ResultAttributes attributes{P::kName, name, std::nullopt, result.iterations, o.graph_path};
  if (P::kNeedsSource) attributes.source = source;
  const ResultIds rows = result_ids(ids, mine);
  if constexpr (kCounts) {
    std::vector<std::uint64_t> stored(mine.size());
    for (VertexId v = mine.begin; v < mine.end; ++v) stored[v - mine.begin] = output(v);
    write_hdf5(o.output_path, info.num_vertices, mine, stored, rows, attributes, comm);
  } else if constexpr (std::is_integral_v<Output>) {
    std::vector<std::int64_t> stored(mine.size());
    for (VertexId v = mine.begin; v < mine.end; ++v)
      stored[v - mine.begin] = to_stored_integer(output(v));
    write_hdf5(o.output_path, info.num_vertices, mine, stored, rows, attributes, comm,
               predecessors);
  } else {
    std::vector<double> stored(mine.size());
    for (VertexId v = mine.begin; v < mine.end; ++v) stored[v - mine.begin] = to_stored(output(v));
    write_hdf5(o.output_path, info.num_vertices, mine, stored, rows, attributes, comm,
               predecessors);
  }
}

// The vertex --source names: an id as the input file spelled it.
VertexId find_source(const RunOptions& o, const graph::GraphInfo& info,
                     const graph::VertexIds& ids) {
  const std::string& text = *o.source;
  const std::optional<VertexId> v = ids.find(text);
  if (ids.relabelled())
    WG_REQUIRE(v.has_value(),
               "--source {} is not a vertex id of graph {} (its ids are those of "
               "the file it was converted from)",
               text, o.graph_path);
  std::uint64_t number = 0;
  WG_REQUIRE(v.has_value() || graph::parse_unsigned(text, number),
             "--source {} is not a vertex id (a non-negative integer)", text);
  WG_REQUIRE(v.has_value() && *v < info.num_vertices,
             "--source {} is out of range: graph {} has {} vertices (ids 0 to {})", text,
             o.graph_path, info.num_vertices, info.num_vertices - 1);
  return *v;
}

template <typename P>
void check_request(const RunOptions& o, const graph::GraphInfo& info) {
  if constexpr (P::kNeedsSource)
    WG_REQUIRE(o.source.has_value() || o.sample_sources > 0, "--algo {} needs --source VERTEX",
               P::kName);
  if constexpr (P::kInWeightSum)
    WG_REQUIRE(o.sample_sources == 0,
               "--sample-sources: --algo {} runs from one --source, the vertex it holds fixed",
               P::kName);
  if constexpr (P::kNeedsWeights)
    WG_REQUIRE(info.weighted, "--algo {} needs edge weights, but graph {} is unweighted", P::kName,
               o.graph_path);
  if constexpr (P::kVertexWeights)
    WG_REQUIRE(o.source.has_value() != !o.personalization_path.empty(),
               "--algo {} needs either --personalization FILE or --source VERTEX (one of them)",
               P::kName);
  else
    WG_REQUIRE(o.personalization_path.empty(),
               "--personalization: --algo {} takes no vertex "
               "weights (only ppr does)",
               P::kName);
  WG_REQUIRE(!o.predecessors || P::kName == std::string(kernels::graph::Bfs::kName) ||
                 P::kName == std::string(kernels::graph::Sssp::kName),
             "--predecessors: only --algo bfs and sssp have shortest-path predecessors");
  WG_REQUIRE(info.num_vertices > 0, "graph {} has no vertices", o.graph_path);
  WG_REQUIRE(!o.bc_sources || P::kName == std::string(Betweenness::kName),
             "--bc-sources: only --algo bc takes it (--algo {} given)", P::kName);
  // (auto means none for them.)
  if constexpr (P::kAllActive)
    WG_REQUIRE(o.group == "off" || o.group == "auto",
               "--group {}: --algo {} recomputes every vertex every iteration, so it has no "
               "activation to group; vertex grouping serves frontier programs (bfs, sssp, sswp, "
               "cc, ssnsp, bc, scc)",
               o.group, P::kName);
}

void check_checkpoint(const Checkpoint& c, const RunOptions& o, const graph::GraphInfo& info,
                      const char* algorithm, std::uint64_t source) {
  WG_REQUIRE(c.meta.algorithm == algorithm, "--resume {}: the checkpoint is of --algo {}, not {}",
             o.resume_path, c.meta.algorithm, algorithm);
  WG_REQUIRE(c.meta.num_vertices == info.num_vertices && c.meta.num_edges == info.num_edges,
             "--resume {}: the checkpoint is of a graph with {} vertices and {} edges ({}), "
             "not {} ({} vertices, {} edges)",
             o.resume_path, c.meta.num_vertices, c.meta.num_edges, c.meta.graph, o.graph_path,
             info.num_vertices, info.num_edges);
  WG_REQUIRE(c.meta.source == source, "--resume {}: the checkpoint has --source {}, not {}",
             o.resume_path, c.meta.source, source);
}

// The exchanger of the chosen backend: NCCL inside a node when every rank drives its own
// GPU, MPI otherwise (NCCL refuses two ranks on one GPU).
std::unique_ptr<comm::graph::BundleExchanger> make_exchanger(
    const comm::graph::GraphTopology& topology, const comm::DeviceBinding* gpus) {
#if WARPGRAPH_WITH_CUDA
  int shared = gpus && gpus->gpu_shared ? 1 : 0;
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &shared, 1, MPI_INT, MPI_MAX, topology.world()));
  if (gpus && !shared) return comm::graph::make_nccl_exchanger(topology, gpus->devices.front());
  if (gpus) spdlog::warn("ranks share a GPU: the exchange inside a node goes over MPI");
#else
  (void)gpus;
#endif
  return comm::graph::make_mpi_exchanger(topology);
}

// --kernel, with --virtual-warp K (2, 4, 8, 16, 32 or auto; 8 when not given) for vwc.
KernelChoice kernel_choice(const std::string& name, const std::optional<std::string>& lanes) {
  WG_REQUIRE(!lanes || name == "vwc", "--virtual-warp {}: only --kernel vwc has virtual warps",
             *lanes);
  if (name == "vwc") {
    const std::string k = lanes.value_or("8");
    if (k == "auto") return KernelChoice::vwc_auto;
    for (KernelChoice c : {KernelChoice::vwc2, KernelChoice::vwc4, KernelChoice::vwc8,
                           KernelChoice::vwc16, KernelChoice::vwc32})
      if (k == std::to_string(kernels::graph::virtual_warp_lanes(c))) return c;
    ::wg::fail("--virtual-warp {} is not known (2, 4, 8, 16, 32 or auto)", k);
  }
  for (KernelChoice k : {KernelChoice::automatic, KernelChoice::ws, KernelChoice::dynamic,
                         KernelChoice::rowblock, KernelChoice::thread})
    if (name == kernels::graph::to_string(k)) return k;
  ::wg::fail("--kernel {} is not known (auto, ws, dynamic, vwc, rowblock, thread)", name);
}

// --split off|K|auto: Tigr's degree bound.
unsigned split_choice(const std::string& text) {
  if (text == "off") return 0;
  if (text == "auto") return kernels::graph::kChosenByPartition;
  unsigned k = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), k);
  WG_REQUIRE(error == std::errc{} && end == text.data() + text.size() && k >= 1 &&
                 k <= kernels::graph::kMaxSplitDegree,
             "--split {}: give a degree bound K from 1 to {}, auto or off", text,
             kernels::graph::kMaxSplitDegree);
  return k;
}

// --group off|r|auto: KiTES's grouping ratio.
unsigned group_choice(const std::string& text) {
  if (text == "off") return 1;
  if (text == "auto") return kernels::graph::kChosenByPartition;
  for (unsigned r : kernels::graph::kGroupRatios)
    if (text == std::to_string(r)) return r;
  ::wg::fail("--group {} is not known (2, 4, 32, 64, auto or off)", text);
}

kernels::graph::WalkOptions walk_choice(const RunOptions& o) {
  kernels::graph::WalkOptions walk;
  walk.kernel = kernel_choice(o.kernel, o.virtual_warp);
  walk.split = split_choice(o.split);
  walk.group = group_choice(o.group);
  WG_REQUIRE(walk.split == 0 || o.kernel == "auto",
             "--split {} walks the virtual nodes with its own kernel: leave --kernel auto",
             o.split);
  WG_REQUIRE(
      walk.group == 1 || walk.group == kernels::graph::kChosenByPartition || o.direction != "push",
      "--group {} keeps no exact out-edges to push along, so every iteration pulls: "
      "leave --direction auto (or pull)",
      o.group);
  return walk;
}

Direction direction_choice(const std::string& name) {
  for (Direction d : {Direction::automatic, Direction::push, Direction::pull})
    if (name == kernels::graph::to_string(d)) return d;
  ::wg::fail("--direction {} is not known (auto, push, pull)", name);
}

// What every run does, whatever the algorithm: its parameters from the command line.
EnactOptions enact_options(const RunOptions& o, const graph::GraphInfo& info,
                           const comm::DeviceBinding* gpus) {
  EnactOptions e;
  e.params.num_vertices = info.num_vertices;
  e.exchange = o.exchange;
  e.balance = o.balance;
  if (gpus) e.gpus = gpus->devices;
  e.walk = walk_choice(o);
  e.direction = direction_choice(o.direction);
  return e;
}

// The report's header as far as it concerns every algorithm: the graph, the machine and
// the partitions.
void describe_run(nlohmann::json& h, const RunOptions& o, const graph::GraphInfo& info,
                  const comm::graph::GraphTopology& topology, const EngineGraph& g,
                  const EnactOptions& e, bool cuda) {
  h["algorithm"] = o.algorithm;
  h["graph"] = {{"path", o.graph_path},
                {"vertices", info.num_vertices},
                {"edges", info.num_edges},
                {"directed", info.directed},
                {"weighted", info.weighted}};
  h["backend"] = cuda ? "cuda" : "host";
  if (cuda) h["kernel"] = kernels::graph::to_string(e.walk.kernel);
  h["ranks"] = topology.size();
  h["nodes"] = topology.num_nodes();
  h["partitions"] = g.plan.num_partitions;
  h["threads_per_rank"] = omp_get_max_threads();
  h["exchange"] = o.exchange == ExchangeMode::targeted            ? "targeted"
                  : o.exchange == ExchangeMode::vertex_refinement ? "vr"
                                                                  : "all";
  h["balance"] = e.balance ? "sliding" : "off";
  h["overlap"] = o.overlap;
  h["section_size"] = o.section_size;
  h["static_borders"] = g.plan.static_borders;
  nlohmann::json stored = nlohmann::json::array();
  for (VertexRange r : g.plan.stored) stored.push_back({r.begin, r.end});
  h["stored_ranges"] = stored;
  h["boundary_vertices"] = g.boundary_vertices;
  h["mirrors"] = g.mirrors;
}

// Graph500-style: the same partitions run from many sampled sources; each run's time is
// its iterations' (initial values and frontier are set up outside it), its rate the
// edges of the reached vertices (undirected edges once) per second. Sources are reported
// by the user's ids (`ids`), as every output is.
template <typename P>
void sample_runs(const RunOptions& o, const GraphInput& input, const graph::VertexIds& ids,
                 const comm::graph::GraphTopology& topology, Enactor<P>& enactor,
                 kernels::graph::ProgramParams params, RunReport& report) {
  const graph::GraphInfo& info = input.info();
  const std::vector<EdgeIndex> out =
      input.read_indptr(graph::EdgeDirection::out, {0, info.num_vertices}, topology.world());
  const std::vector<VertexId> sources = sample_sources(out, o.sample_sources, o.seed);
  nlohmann::json runs = nlohmann::json::array();
  std::vector<double> rates;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    params.source = sources[i];
    RunReport one(false);
    const auto result = enactor.run(params, one);
    double seconds = 0.0;
    std::uint64_t redundant = 0;  // vertex grouping's redundant pulls
    for (const IterationRecord& r : one.iterations()) {
      seconds += r.seconds;
      redundant += r.redundant;
    }
    std::vector<double> edges{0.0};
    for (VertexId v = result.mine.begin; v < result.mine.end; ++v)
      if (!(result.values[v - result.mine.begin] == P::identity()))
        edges[0] += static_cast<double>(out[v + 1] - out[v]);
    comm::graph::allreduce_sum(edges, topology.world());
    if (!info.directed) edges[0] /= 2.0;
    const double rate = edges[0] / seconds;
    rates.push_back(rate);
    const nlohmann::json source = !ids.relabelled() ? nlohmann::json(sources[i])
                                  : ids.numeric()   ? nlohmann::json(ids.integer_ids()[sources[i]])
                                                    : nlohmann::json(ids.string_ids()[sources[i]]);
    runs.push_back({{"source", source},
                    {"iterations", result.iterations},
                    {"seconds", seconds},
                    {"edges", edges[0]},
                    {"redundant", redundant},
                    {"teps", rate}});
    spdlog::info("source {} ({} of {}): {} iterations, {:.3f} ms, {:.3g} edges, {:.3f} GTEPS",
                 ids.name(sources[i]), i + 1, sources.size(), result.iterations, seconds * 1e3,
                 edges[0], rate * 1e-9);
  }
  const auto [low, high] = std::minmax_element(rates.begin(), rates.end());
  report.header()["sampled_sources"] = {{"seed", o.seed},
                                        {"runs", runs},
                                        {"harmonic_mean_teps", harmonic_mean(rates)},
                                        {"min_teps", rates.empty() ? 0.0 : *low},
                                        {"max_teps", rates.empty() ? 0.0 : *high}};
  spdlog::info("{} sources: harmonic mean {:.3f} GTEPS (min {:.3f}, max {:.3f})", sources.size(),
               harmonic_mean(rates) * 1e-9, rates.empty() ? 0.0 : *low * 1e-9,
               rates.empty() ? 0.0 : *high * 1e-9);
}

template <typename P>
int run_program(const RunOptions& o, const GraphInput& input,
                const comm::graph::GraphTopology& topology, double started,
                const comm::DeviceBinding* gpus) {
  const graph::GraphInfo& info = input.info();
  check_request<P>(o, info);
  const graph::VertexIds ids = graph::read_vertex_ids(info);
  const std::uint64_t source = (P::kNeedsSource || P::kVertexWeights) && o.source.has_value()
                                   ? find_source(o, info, ids)
                                   : 0;

  Checkpoint checkpoint;
  if (!o.resume_path.empty()) {
    WG_REQUIRE(std::filesystem::exists(o.resume_path), "--resume: checkpoint {} does not exist",
               o.resume_path);
    checkpoint = read_checkpoint(o.resume_path, topology.world());
    check_checkpoint(checkpoint, o, info, P::kName, source);
    stop_if_signalled(topology.world(), "reading the checkpoint");
    spdlog::info("resuming from {} after iteration {}", o.resume_path, checkpoint.meta.iteration);
  }

  LoadOptions load;
  load.devices_per_rank = o.devices_per_rank;
  load.overlap = o.overlap;
  load.section_size = o.section_size;
  load.undirected_view = P::kUndirected;
  load.reversed = P::kReversed;
  load.needs_out_degree = P::kNeedsOutDegree;
  load.use_weights = P::kUsesWeights && info.weighted;
  if (P::kRejectsNegativeWeights) load.refuses_negative_weights = P::kName;
  EngineGraph g = load_engine_graph(input, topology, load);
  if constexpr (P::kVertexWeights)
    g.vertex_weights = o.personalization_path.empty()
                           ? single_vertex_weights(static_cast<VertexId>(source), info.num_vertices)
                           : read_vertex_weights(o.personalization_path, ids, info.num_vertices);
  if constexpr (P::kInWeightSum)
    g.vertex_weights = in_weight_sums(g, static_cast<VertexId>(source));
  auto exchanger = make_exchanger(topology, gpus);
  stop_if_signalled(topology.world(), "setting up the exchange");
  const double load_seconds = MPI_Wtime() - started;

  EnactOptions e = enact_options(o, info, gpus);
  e.params.source = static_cast<VertexId>(source);
  e.max_iterations = o.max_iterations;
  e.tolerance = P::kUsesTolerance ? change_threshold(o.tolerance_rule, o.tolerance,
                                                     e.params.damping, info.num_vertices)
                                  : 0.0;
  e.checkpoint_path = checkpoint_path_for(o);
  e.checkpoint_every = o.checkpoint_every;
  e.checkpoint_on_limit = !o.checkpoint_path.empty() || o.checkpoint_every != 0;
  e.resume = o.resume_path.empty() ? nullptr : &checkpoint;

  RunReport report(topology.rank() == 0);
  nlohmann::json& h = report.header();
  describe_run(h, o, info, topology, g, e, gpus != nullptr);
  if (P::kNeedsSource) h["source"] = source;
  if (P::kNeedsSource && ids.relabelled()) h["source_id"] = *o.source;
  if (P::kUsesTolerance) {
    h["tolerance"] = o.tolerance;
    h["tolerance_rule"] = to_string(o.tolerance_rule);
    h["change_threshold"] = e.tolerance;  // the iterations' "change" is compared with this
    spdlog::info(
        "stopping when the L1 change of an iteration is below {:.4g} ({})", e.tolerance,
        o.tolerance_rule == ToleranceRule::error
            ? fmt::format("ranks within {:.3g} in L1 of the converged ranks", o.tolerance)
            : fmt::format("networkx rule: {:.3g} x {} vertices", o.tolerance, info.num_vertices));
  }
  // (Grouped activation pulls every iteration; --group auto decides per partition.)
  const bool grouped = e.walk.group != 1 && e.walk.group != kernels::graph::kChosenByPartition;
  if (!P::kAllActive)
    h["direction"] =
        P::kWholeLevel || P::kPullOnly || grouped ? "pull" : kernels::graph::to_string(e.direction);
  if (P::kVertexWeights)
    h["personalization"] =
        o.personalization_path.empty() ? fmt::format("source {}", source) : o.personalization_path;
  if (!o.resume_path.empty())
    h["resumed_from"] = {{"path", o.resume_path}, {"iteration", checkpoint.meta.iteration}};

  Enactor<P> enactor(g, *exchanger, topology.world(), e, report);
  if (o.sample_sources > 0) {
    WG_REQUIRE(P::kNeedsSource, "--sample-sources: --algo {} takes no source", P::kName);
    sample_runs<P>(o, input, ids, topology, enactor, e.params, report);
    if (topology.rank() == 0 && !o.report_path.empty()) report.write(o.report_path);
    return kExitOk;
  }
  const EnactResult<typename P::Value> result = enactor.run();
  const std::string stopped_by = result.reason == StopReason::signal
                                     ? fmt::format("signal {}", result.signal)
                                     : stop_text(result.reason);
  report.finish(stopped_by, result.iterations, load_seconds);
  if (result.reason == StopReason::max_iterations)
    spdlog::warn("stopped by --max-iterations {} before convergence", o.max_iterations);
  if constexpr (std::is_same_v<P, kernels::graph::ShortestPathCounts>) {
    std::vector<double> saturated{0.0};
    for (auto count : result.values) saturated[0] += count == P::kSaturated ? 1.0 : 0.0;
    comm::graph::allreduce_sum(saturated, topology.world());
    if (saturated[0] > 0 && topology.rank() == 0)
      spdlog::warn(
          "{} vertices have more than 2^64 - 1 shortest paths: their counts are "
          "saturated at {}",
          saturated[0], P::kSaturated);
  }

  if (result.reason != StopReason::signal && !o.output_path.empty()) {
    std::vector<std::int64_t> predecessors;
    if (o.predecessors) {
      std::vector<double> distances(result.values.size());
      for (std::size_t i = 0; i < distances.size(); ++i) distances[i] = to_stored(result.values[i]);
      predecessors = find_predecessors(g, result.mine, distances, static_cast<VertexId>(source),
                                       topology.world());
    }
    write_results<P>(o, info, ids, result, source, o.predecessors ? &predecessors : nullptr,
                     topology.world());
    spdlog::info("values written to {}", o.output_path);
  }
  if (result.reason == StopReason::converged) {
    // Finished: the checkpoints of this run and the one it resumed from are superseded.
    remove_checkpoint(e.checkpoint_path, topology.world());
    if (!o.resume_path.empty() && o.resume_path != e.checkpoint_path)
      remove_checkpoint(o.resume_path, topology.world());
  }
  if (topology.rank() == 0 && !o.report_path.empty()) report.write(o.report_path);
  if (result.reason == StopReason::signal) {
    spdlog::warn("stopped by signal {} after iteration {}; resume with --resume {}", result.signal,
                 result.iterations, e.checkpoint_path);
    return kExitInterrupted;
  }
  return kExitOk;
}

// A multi-phase algorithm (phased_algorithms.hpp): the graph loaded for pulls both ways,
// the driver's phases, its values written as a program's are. No checkpoints: a stop
// signal ends the run without results.
template <typename A>
int run_phased(const RunOptions& o, const GraphInput& input,
               const comm::graph::GraphTopology& topology, double started,
               const comm::DeviceBinding* gpus) {
  const graph::GraphInfo& info = input.info();
  WG_REQUIRE(info.num_vertices > 0, "graph {} has no vertices", o.graph_path);
  WG_REQUIRE(A::kTakesSource || !o.source, "--source: --algo {} takes no source", A::kName);
  WG_REQUIRE(!o.bc_sources || A::kName == std::string(Betweenness::kName),
             "--bc-sources: only --algo bc takes it (--algo {} given)", A::kName);
  WG_REQUIRE(o.personalization_path.empty(),
             "--personalization: --algo {} takes no vertex weights (only ppr does)", A::kName);
  WG_REQUIRE(!o.predecessors,
             "--predecessors: only --algo bfs and sssp have shortest-path predecessors");
  WG_REQUIRE(o.sample_sources == 0,
             "--sample-sources: --algo {} has its own phases; not timed "
             "this way",
             A::kName);
  WG_REQUIRE(o.resume_path.empty() && o.checkpoint_every == 0 && o.max_iterations == 0,
             "--resume, --checkpoint-every, --max-iterations: --algo {} runs several phases and "
             "keeps no checkpoints",
             A::kName);
  const graph::VertexIds ids = graph::read_vertex_ids(info);
  std::optional<VertexId> source;
  if (o.source) source = find_source(o, info, ids);

  LoadOptions load;
  load.devices_per_rank = o.devices_per_rank;
  load.overlap = o.overlap;
  load.section_size = o.section_size;
  const EngineGraph forward = load_engine_graph(input, topology, load);
  load.reversed = true;
  const EngineGraph reversed = load_engine_graph(input, topology, load);
  auto exchanger = make_exchanger(topology, gpus);
  const double load_seconds = MPI_Wtime() - started;

  const EnactOptions e = enact_options(o, info, gpus);
  RunReport report(topology.rank() == 0);
  describe_run(report.header(), o, info, topology, forward, e, gpus != nullptr);
  PhaseRunner phases(forward, reversed, *exchanger, topology.world(), e);
  // This rank reports the vertices its partitions start with.
  const auto first = static_cast<std::size_t>(forward.plan.first_local);
  EnactResult<typename A::Value> result;
  result.mine = {forward.plan.static_borders[first],
                 forward.plan.static_borders[first + forward.local.size()]};
  try {
    result.values =
        A::run({phases, o, input, ids, source, topology.world(), result.mine, report.header()});
  } catch (const PhaseInterrupted& stop) {
    spdlog::warn("stopped by signal {}: --algo {} keeps no checkpoint, nothing written",
                 stop.signal, A::kName);
    return kExitInterrupted;
  }
  result.iterations = phases.iterations();
  report.header()["phase_walk"] = phases.walks();
  report.finish("converged", result.iterations, load_seconds);
  if (!o.output_path.empty()) {
    write_results<A>(o, info, ids, result, 0, nullptr, topology.world());
    spdlog::info("values written to {}", o.output_path);
  }
  if (topology.rank() == 0 && !o.report_path.empty()) report.write(o.report_path);
  return kExitOk;
}

using ProgramRunner = int (*)(const RunOptions&, const GraphInput&,
                              const comm::graph::GraphTopology&, double,
                              const comm::DeviceBinding*);

// The built-in vertex programs, from the registry (kernels/graph/programs.hpp).
const std::map<std::string, ProgramRunner>& programs() {
  static const std::map<std::string, ProgramRunner> table = [] {
    std::map<std::string, ProgramRunner> t;
    kernels::graph::for_each_program(kernels::graph::BuiltinPrograms{}, [&t](auto tag) {
      using P = typename decltype(tag)::type;
      if constexpr (!P::kPhase) t[P::kName] = &run_program<P>;
    });
#define WG_PHASED_ENTRY(A) t[A::kName] = &run_phased<A>;
    WG_PHASED_ALGORITHMS(WG_PHASED_ENTRY)
#undef WG_PHASED_ENTRY
    return t;
  }();
  return table;
}

// Everything of a run after the options are checked: topology, devices, the graph and the
// program. A stop signal before the first iteration ends it with StoppedDuringSetup.
int start_run(const RunOptions& o, ProgramRunner run_program_of, double started) {
  comm::graph::GraphTopology topology(MPI_COMM_WORLD, o.ranks_per_node);
  if (o.output_path.empty() && topology.rank() == 0)
    spdlog::warn("no --output: the values are computed but not written anywhere");
  const BackendChoice backend = agree_on_backend(o.backend, o.devices_per_rank, MPI_COMM_WORLD);
  const bool cuda = backend.backend == Backend::cuda;
  if (o.backend == "auto")
    spdlog::info("--backend auto: {} backend ({})", cuda ? "cuda" : "host", backend.reason);
  // Every rank reports its binding; the host backend binds no GPU ("host backend (selected)").
  const comm::DeviceBinding binding =
      comm::bind_and_report_devices(MPI_COMM_WORLD, cuda ? o.devices_per_rank : 0);
  if (cuda) {
    int without = binding.host_backend() ? 1 : 0;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &without, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    WG_REQUIRE(without == 0, "--backend cuda: {} of {} rank(s) have no GPU{}; use --backend host",
               without, topology.size(),
               binding.host_backend() ? " (" + binding.host_reason + ")" : "");
  }
  stop_if_signalled(MPI_COMM_WORLD, "starting");
  const auto input = open_graph_file(o.graph_path);
  const graph::GraphInfo& info = input->info();
  spdlog::info(
      "{} on {} ({} vertices, {} edges{}) with {} ranks on {} node(s), {} partition(s) per rank, "
      "{} backend, {} threads per rank",
      o.algorithm, o.graph_path, info.num_vertices, info.num_edges,
      info.weighted ? ", weighted" : "", topology.size(), topology.num_nodes(), o.devices_per_rank,
      cuda ? fmt::format("CUDA ({} kernel)", o.kernel) : std::string("host"),
      omp_get_max_threads());
  return run_program_of(o, *input, topology, started, cuda ? &binding : nullptr);
}

}  // namespace

std::vector<std::string> algorithm_names(bool with_source_only) {
  std::vector<std::string> names;
  kernels::graph::for_each_program(kernels::graph::BuiltinPrograms{}, [&](auto tag) {
    using P = typename decltype(tag)::type;
    if (!P::kPhase && (!with_source_only || P::kNeedsSource)) names.push_back(P::kName);
  });
#define WG_PHASED_NAME(A) \
  if (!with_source_only || A::kTakesSource) names.push_back(A::kName);
  WG_PHASED_ALGORITHMS(WG_PHASED_NAME)
#undef WG_PHASED_NAME
  return names;
}

int run_graph_algorithm(const RunOptions& o) {
  const double started = MPI_Wtime();
  WG_REQUIRE(o.backend == "cuda" || o.backend == "host" || o.backend == "auto",
             "--backend {} is not known (auto, host, cuda)", o.backend);
#if !WARPGRAPH_WITH_CUDA
  WG_REQUIRE(o.backend != "cuda",
             "--backend cuda: this build has no CUDA backend (configured with "
             "-DWARPGRAPH_CUDA=OFF); use --backend host (or auto)");
#endif
  // A wrong --kernel, --virtual-warp, --split, --group or --direction fails before the
  // graph is read.
  walk_choice(o);
  direction_choice(o.direction);
  const auto program = programs().find(o.algorithm);
  WG_REQUIRE(program != programs().end(), "--algo {} is not known", o.algorithm);
  WG_REQUIRE(std::filesystem::exists(o.graph_path), "graph file {} does not exist", o.graph_path);
  install_stop_handlers();
  omp_set_max_active_levels(2);  // partitions of a rank run side by side (enactor.hpp)
  try {
    return start_run(o, program->second, started);
  } catch (const StoppedDuringSetup& stop) {
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    if (rank == 0)
      spdlog::warn("{}: nothing to save yet; {}", stop.what(),
                   o.resume_path.empty() ? std::string("run the same command again")
                                         : fmt::format("{} is unchanged: resume with --resume {}",
                                                       o.resume_path, o.resume_path));
    return kExitInterrupted;
  }
}

}  // namespace wg::engine
