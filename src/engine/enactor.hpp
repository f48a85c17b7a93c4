// The iteration loop of the graph engine (DESIGN.md, steps 1-7) for any vertex program:
//   1. count    active vertices per section of every partition's assigned range, and the
//               program's global term, in one global reduction;
//   2. balance  new borders from the section loads (applied next iteration);
//   3. compute  pull over the assigned range, dense or only over active vertices;
//   4. refine   commit own updates, activate their targets, compact the outbox;
//   5. exchange all outboxes reach every rank (inter-node, then intra-node stage);
//   6. scatter  received updates into the values, activating their targets;
//   7. converge global sums of updates and change decide whether to stop.
// The program's traits choose what happens; nothing here names an algorithm.
// A partition runs on the host (OpenMP operators) or, given a GPU, through CudaPartition,
// which does count, compute, refine and scatter on its device; the exchange, balancing,
// convergence, checkpoints and results are the same code for both.
#pragma once

#include <mpi.h>
#include <omp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "balancer.hpp"
#include "engine/checkpoint.hpp"
#include "engine/cuda_partition.hpp"
#include "engine/engine_graph.hpp"
#include "engine/result_writer.hpp"
#include "engine/run_report.hpp"
#include "engine/stop_signal.hpp"
#include "error.hpp"
#include "graph/exchanger.hpp"
#include "graph/global_sum.hpp"
#include "graph/host/activate.hpp"
#include "graph/host/compact_outbox.hpp"
#include "graph/host/pull_compute.hpp"
#include "graph/host/sections.hpp"

namespace wg::engine {

struct EnactOptions {
  graph::ProgramParams params;
  std::uint64_t max_iterations = 0;  // 0: no limit
  double tolerance = 0.0;
  bool vertex_refinement = true;
  bool balance = true;
  std::string checkpoint_path;         // where a signal (or the options below) writes one
  std::uint64_t checkpoint_every = 0;  // also every N iterations
  bool checkpoint_on_limit = false;    // also when max_iterations stops the run
  const Checkpoint* resume = nullptr;
  std::vector<int> gpus;  // CUDA device of each local partition; empty: host backend
  KernelChoice kernel = KernelChoice::automatic;
};

enum class StopReason { converged, max_iterations, signal };

// The final state: this rank's contiguous range and its values.
template <typename Value>
struct EnactResult {
  StopReason reason = StopReason::converged;
  int signal = 0;
  std::uint64_t iterations = 0;
  VertexRange mine;
  std::vector<Value> values;
};

template <typename P>
class Enactor {
 public:
  using Value = typename P::Value;
  using Update = graph::host::VertexUpdate<Value>;

  Enactor(const EngineGraph& g, comm::BundleExchanger& exchanger, MPI_Comm world,
          const EnactOptions& options, RunReport& report)
      : g_(g),
        exchanger_(exchanger),
        world_(world),
        options_(options),
        report_(report),
        sections_{g.info.num_vertices, g.plan.sections.section_size},
        balancer_(g.plan.section_in_edges, g.plan.sections, g.plan.stored),
        params_(options.params) {}

  EnactResult<Value> run();

 private:
  struct Device {
    const PartitionGraph* graph;
    std::vector<Value> values;             // full copy
    std::vector<graph::BitWord> frontier;  // read this iteration
    std::vector<graph::BitWord> next_frontier;
    std::vector<graph::BitWord> updated;
    std::vector<Value> next;  // indexed by stored vertex
    std::vector<Update> outbox;
#if WARPGRAPH_WITH_CUDA
    std::unique_ptr<CudaPartition<P>> gpu;  // set: the partition runs on this GPU
#endif
  };
#if WARPGRAPH_WITH_CUDA
  using GpuPair = typename CudaPartition<P>::Pair;
  static_assert(sizeof(GpuPair) == sizeof(Update) &&
                    offsetof(GpuPair, value) == offsetof(Update, value),
                "GPU update pairs travel in the same bundles as host ones");
#endif

  static constexpr bool kFrontier = !P::kAllActive;

  VertexRange assigned(std::size_t d) const {
    const auto p = static_cast<std::size_t>(devices_[d].graph->index);
    return {borders_[p], borders_[p + 1]};
  }
  VertexRange rank_range() const {
    const auto first = static_cast<std::size_t>(g_.plan.first_local);
    return {borders_[first], borders_[first + devices_.size()]};
  }
  struct StepStats {
    double updates = 0.0;
    double edges = 0.0;
    double change = 0.0;
    bool dense = false;
  };

  std::vector<VertexId> resumable_borders(const std::vector<VertexId>& saved) const;
  void initialise();
  void initialise_on_host();
  StepStats compute_and_refine(std::size_t d, const std::vector<double>& active,
                               double* change_per_section, double* updated_per_section);
  template <typename Step>
  void for_each_device(const Step& step);
  IterationRecord iterate(bool& stop_by_signal);
  void scatter(const Update* updates, std::size_t count, Device& into);
  void write_checkpoint_now();
  void download_from_gpus();

  const EngineGraph& g_;
  comm::BundleExchanger& exchanger_;
  MPI_Comm world_;
  const EnactOptions& options_;
  RunReport& report_;
  graph::host::Sections sections_;
  partition::SlidingBalancer balancer_;
  graph::ProgramParams params_;
  std::vector<Device> devices_;
  std::vector<VertexId> borders_;
  std::uint64_t iteration_ = 0;
  std::vector<std::byte> bundle_;
};

template <typename P>
std::vector<VertexId> Enactor<P>::resumable_borders(const std::vector<VertexId>& saved) const {
  // Saved borders carry over when they fit this run's partitions and stored ranges;
  // otherwise the run continues from the static borders (same results, other timings).
  bool fits = saved.size() == g_.plan.static_borders.size() && saved.front() == 0 &&
              saved.back() == g_.info.num_vertices;
  for (std::size_t p = 0; fits && p + 1 < saved.size(); ++p)
    fits = saved[p] <= saved[p + 1] && saved[p] >= g_.plan.stored[p].begin &&
           saved[p + 1] <= g_.plan.stored[p].end &&
           (saved[p] % sections_.size == 0 || saved[p] == g_.info.num_vertices);
  if (fits) return saved;
  spdlog::warn("checkpoint borders do not fit this run's partitions; starting from static borders");
  return g_.plan.static_borders;
}

template <typename P>
void Enactor<P>::initialise() {
  initialise_on_host();
#if WARPGRAPH_WITH_CUDA
  WG_REQUIRE(options_.gpus.empty() || options_.gpus.size() == devices_.size(),
             "{} GPUs given for {} partitions", options_.gpus.size(), devices_.size());
  for (std::size_t d = 0; d < options_.gpus.size(); ++d) {
    Device& dev = devices_[d];
    dev.gpu = std::make_unique<CudaPartition<P>>(options_.gpus[d], *dev.graph, g_, sections_.size,
                                                 options_.kernel, dev.values.data(),
                                                 kFrontier ? dev.frontier.data() : nullptr);
  }
#else
  WG_REQUIRE(options_.gpus.empty(), "this build has no CUDA backend");
#endif
}

template <typename P>
void Enactor<P>::initialise_on_host() {
  const VertexId n = g_.info.num_vertices;
  const std::size_t words = graph::bit_words(n);
  devices_.resize(g_.local.size());
  for (std::size_t d = 0; d < devices_.size(); ++d) {
    Device& dev = devices_[d];
    dev.graph = &g_.local[d];
    dev.values.resize(n);
    dev.next.resize(dev.graph->stored.size());
    dev.updated.assign(words, 0);
    if (kFrontier) {
      dev.frontier.assign(words, 0);
      dev.next_frontier.assign(words, 0);
    }
  }
  if (options_.resume) {
    const Checkpoint& c = *options_.resume;
    iteration_ = c.meta.iteration;
    borders_ = resumable_borders(c.meta.borders);
    for (Device& dev : devices_) {
      for (VertexId v = 0; v < n; ++v) dev.values[v] = from_stored<Value>(c.values[v]);
      if (kFrontier) dev.frontier = c.frontier;
    }
    return;
  }
  borders_ = g_.plan.static_borders;
  for (Device& dev : devices_) {
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < static_cast<std::int64_t>(n); ++v)
      dev.values[static_cast<std::size_t>(v)] = P::init(static_cast<VertexId>(v), params_);
    // Initially active: whatever reads a vertex that starts off the identity.
    if (kFrontier) {
#pragma omp parallel for schedule(dynamic, 4096)
      for (std::int64_t u = 0; u < static_cast<std::int64_t>(n); ++u)
        if (!(dev.values[static_cast<std::size_t>(u)] == P::identity()))
          graph::host::activate_targets(dev.graph->targets_view(), static_cast<VertexId>(u),
                                        dev.frontier.data());
    }
  }
}

template <typename P>
void Enactor<P>::scatter(const Update* updates, std::size_t count, Device& into) {
#if WARPGRAPH_WITH_CUDA
  if (into.gpu) {
    into.gpu->scatter(reinterpret_cast<const GpuPair*>(updates), count);
    return;
  }
#endif
  graph::host::scatter_updates(updates, count, into.values.data(), into.graph->targets_view(),
                               kFrontier ? into.next_frontier.data() : nullptr);
}

template <typename P>
template <typename Step>
void Enactor<P>::for_each_device(const Step& step) {
  // Partitions of one rank run side by side, each with an equal share of the rank's
  // threads (nested parallelism); with one partition it gets them all.
  const int count = static_cast<int>(devices_.size());
  const int threads = omp_get_max_threads();
  if (count == 1 || threads == 1) {
    for (std::size_t d = 0; d < devices_.size(); ++d) step(d);
    return;
  }
  const int share = std::max(1, threads / count);
#pragma omp parallel for num_threads(std::min(count, threads)) schedule(static, 1)
  for (int d = 0; d < count; ++d) {
    omp_set_num_threads(share);
    step(static_cast<std::size_t>(d));
  }
}

template <typename P>
typename Enactor<P>::StepStats Enactor<P>::compute_and_refine(std::size_t d,
                                                              const std::vector<double>& active,
                                                              double* change_per_section,
                                                              double* updated_per_section) {
  Device& dev = devices_[d];
  const VertexRange a = assigned(d);
  StepStats stats;
  if (kFrontier) std::fill(dev.next_frontier.begin(), dev.next_frontier.end(), 0);
  double active_here = 0.0;
  for (std::size_t s = sections_.first(a); s < sections_.last(a); ++s) active_here += active[s];
  stats.dense = !kFrontier || 2.0 * active_here >= a.size();
#if WARPGRAPH_WITH_CUDA
  if (dev.gpu) {
    const auto step =
        dev.gpu->compute_and_refine(a, stats.dense, params_, options_.vertex_refinement,
                                    change_per_section, updated_per_section);
    dev.outbox.resize(step.outbox);
    dev.gpu->copy_outbox(reinterpret_cast<GpuPair*>(dev.outbox.data()), step.outbox);
    for (std::size_t s = sections_.first(a); s < sections_.last(a); ++s) {
      stats.change += change_per_section[s];
      stats.updates += updated_per_section[s];
    }
    stats.edges = step.edges;
    return stats;
  }
#endif
  const graph::host::PullStats pulled = graph::host::pull_compute<P>(
      dev.graph->csr_view(), sections_, a, stats.dense ? nullptr : dev.frontier.data(),
      dev.values.data(), g_.statics.empty() ? nullptr : g_.statics.data(), params_, dev.next.data(),
      dev.updated.data(), change_per_section);
  graph::host::section_popcount(dev.updated.data(), sections_, a, updated_per_section);
  graph::host::compact_outbox(dev.updated.data(),
                              options_.vertex_refinement ? g_.boundary.data() : nullptr, sections_,
                              a, dev.next.data(), dev.graph->stored.begin, dev.outbox);
  graph::host::commit_updates(dev.updated.data(), sections_, a, dev.next.data(),
                              dev.graph->stored.begin, dev.values.data(), dev.graph->targets_view(),
                              kFrontier ? dev.next_frontier.data() : nullptr);
  // Sums in section order: the same totals whatever the threads.
  for (std::size_t s = sections_.first(a); s < sections_.last(a); ++s) {
    stats.change += change_per_section[s];
    stats.updates += updated_per_section[s];
  }
  stats.edges = static_cast<double>(pulled.edges);
  return stats;
}

template <typename P>
IterationRecord Enactor<P>::iterate(bool& stop_by_signal) {
  const double started = MPI_Wtime();
  const std::size_t ns = sections_.count();
  IterationRecord record;
  record.iteration = iteration_;
  record.borders = borders_;

  // 1. count (and the program's global term), one reduction for all partitions.
  std::vector<double> section_data(ns * (P::kHasGlobalTerm ? 2 : 1), 0.0);
  for (std::size_t d = 0; d < devices_.size(); ++d) {
    const VertexRange a = assigned(d);
    const Device& dev = devices_[d];
#if WARPGRAPH_WITH_CUDA
    if (dev.gpu) {
      dev.gpu->count(a, kFrontier ? section_data.data() : nullptr,
                     P::kHasGlobalTerm ? section_data.data() + ns : nullptr);
      if (!kFrontier)
        for (std::size_t s = sections_.first(a); s < sections_.last(a); ++s) {
          const VertexRange r = sections_.range(s);
          section_data[s] = std::min(r.end, a.end) - std::max(r.begin, a.begin);
        }
      continue;
    }
#endif
    if (kFrontier) {
      graph::host::section_popcount(dev.frontier.data(), sections_, a, section_data.data());
    } else {
      for (std::size_t s = sections_.first(a); s < sections_.last(a); ++s) {
        const VertexRange r = sections_.range(s);
        section_data[s] = std::min(r.end, a.end) - std::max(r.begin, a.begin);
      }
    }
    if constexpr (P::kHasGlobalTerm) {
      // Summed per section, so the total does not depend on threads or partitions.
      static const graph::VertexStatic kNoStatic{};
      const auto first = static_cast<std::int64_t>(sections_.first(a));
      const auto last = static_cast<std::int64_t>(sections_.last(a));
#pragma omp parallel for schedule(static)
      for (std::int64_t s = first; s < last; ++s) {
        const VertexRange r = sections_.range(static_cast<std::size_t>(s));
        double term = 0.0;
        for (VertexId v = std::max(r.begin, a.begin); v < std::min(r.end, a.end); ++v)
          term += P::global_term(dev.values[v], g_.statics.empty() ? kNoStatic : g_.statics[v]);
        section_data[ns + static_cast<std::size_t>(s)] = term;
      }
    }
  }
  comm::allreduce_sum(section_data, world_);
  const std::vector<double> active(section_data.begin(),
                                   section_data.begin() + static_cast<std::ptrdiff_t>(ns));
  for (double a : active) record.active += static_cast<std::uint64_t>(a);
  if constexpr (P::kHasGlobalTerm) {
    params_.global_sum = 0.0;
    for (std::size_t s = 0; s < ns; ++s) params_.global_sum += section_data[ns + s];
  }

  // 2. balance: borders for the next iteration.
  const std::vector<VertexId> next_borders =
      options_.balance ? balancer_.rebalance(active, borders_) : borders_;

  // 3.-4. compute and refine, the partitions side by side, each on its share of threads.
  const std::size_t partitions = static_cast<std::size_t>(g_.plan.num_partitions);
  std::vector<double> totals(6 + partitions, 0.0);
  std::vector<double> change_per_section(ns, 0.0);
  std::vector<double> updated_per_section(ns, 0.0);
  std::vector<StepStats> stats(devices_.size());
  for_each_device([&](std::size_t d) {
    stats[d] = compute_and_refine(d, active, change_per_section.data(), updated_per_section.data());
  });
  bundle_.clear();
  for (std::size_t d = 0; d < devices_.size(); ++d) {
    const Device& dev = devices_[d];
    totals[0] += stats[d].updates;
    totals[1] += stats[d].edges;
    totals[5] += stats[d].dense ? 1.0 : 0.0;
    totals[6 + static_cast<std::size_t>(dev.graph->index)] = stats[d].change;
    // The bundle record of this partition: its index, its pair count, the pairs.
    const std::int64_t header[2] = {dev.graph->index, static_cast<std::int64_t>(dev.outbox.size())};
    const std::size_t bytes = dev.outbox.size() * sizeof(Update);
    const std::size_t at = bundle_.size();
    bundle_.resize(at + sizeof header + bytes);
    std::memcpy(bundle_.data() + at, header, sizeof header);
    if (bytes) std::memcpy(bundle_.data() + at + sizeof header, dev.outbox.data(), bytes);
    totals[2] += static_cast<double>(bytes);
  }

  // 5. exchange.
  const std::vector<comm::ReceivedBundle>& received = exchanger_.exchange(bundle_);
  totals[3] = static_cast<double>(exchanger_.bytes_received());

  // 6. scatter: other local partitions' outboxes, then every received bundle.
  for_each_device([&](std::size_t d) {
    for (std::size_t other = 0; other < devices_.size(); ++other)
      if (other != d)
        scatter(devices_[other].outbox.data(), devices_[other].outbox.size(), devices_[d]);
    for (const comm::ReceivedBundle& bundle : received) {
      std::size_t at = 0;
      while (at < bundle.bytes) {
        std::int64_t header[2];
        std::memcpy(header, bundle.data + at, sizeof header);
        at += sizeof header;
        const auto count = static_cast<std::size_t>(header[1]);
        scatter(reinterpret_cast<const Update*>(bundle.data + at), count, devices_[d]);
        at += count * sizeof(Update);
      }
    }
  });

  // 7. converge (and agree on stopping for a signal).
  totals[4] = stop_signal_received() != 0 ? 1.0 : 0.0;
  comm::allreduce_sum(totals, world_);
  record.updates = static_cast<std::uint64_t>(totals[0]);
  record.edges = static_cast<std::uint64_t>(totals[1]);
  record.outbox_bytes = static_cast<std::uint64_t>(totals[2]);
  record.received_bytes = static_cast<std::uint64_t>(totals[3]);
  record.dense_partitions = static_cast<std::uint64_t>(totals[5]);
  for (std::size_t p = 0; p < partitions; ++p) record.change += totals[6 + p];
  stop_by_signal = totals[4] > 0.0;

  for (Device& dev : devices_) {
#if WARPGRAPH_WITH_CUDA
    if (dev.gpu) {
      if (kFrontier) dev.gpu->swap_frontiers();
      continue;
    }
#endif
    if (kFrontier) dev.frontier.swap(dev.next_frontier);
  }
  borders_ = next_borders;
  ++iteration_;
  record.seconds = MPI_Wtime() - started;
  return record;
}

template <typename P>
void Enactor<P>::download_from_gpus() {
#if WARPGRAPH_WITH_CUDA
  for (Device& dev : devices_)
    if (dev.gpu) dev.gpu->download(dev.values.data(), kFrontier ? dev.frontier.data() : nullptr);
#endif
}

template <typename P>
void Enactor<P>::write_checkpoint_now() {
  download_from_gpus();
  CheckpointMeta meta;
  meta.algorithm = P::kName;
  meta.source = P::kNeedsSource ? params_.source : 0;
  meta.graph = g_.info.index_path;
  meta.num_vertices = g_.info.num_vertices;
  meta.num_edges = g_.info.num_edges;
  meta.iteration = iteration_;
  meta.borders = borders_;
  const VertexRange mine = rank_range();
  std::vector<double> values;
  values.reserve(mine.size());
  std::vector<std::uint64_t> words;
  for (std::size_t d = 0; d < devices_.size(); ++d) {
    const VertexRange a = assigned(d);
    if (a.empty()) continue;  // (an empty range may start inside the last word)
    for (VertexId v = a.begin; v < a.end; ++v) values.push_back(to_stored(devices_[d].values[v]));
    for (std::size_t w = a.begin / 64; w < graph::bit_words(a.end); ++w)
      words.push_back(kFrontier ? graph::word_in_range(devices_[d].frontier.data(), w, a) : 0);
  }
  write_checkpoint(options_.checkpoint_path, meta, mine, values, words, world_);
}

template <typename P>
EnactResult<typename P::Value> Enactor<P>::run() {
  initialise();
  EnactResult<Value> result;
  while (true) {
    if (options_.max_iterations != 0 && iteration_ >= options_.max_iterations) {
      result.reason = StopReason::max_iterations;
      break;
    }
    bool stop_by_signal = false;
    IterationRecord record = iterate(stop_by_signal);
    const bool converged =
        record.updates == 0 || (P::kUsesTolerance && record.change < options_.tolerance);
    report_.add(std::move(record));
    if (stop_by_signal) {
      result.reason = StopReason::signal;
      result.signal = stop_signal_received();
      break;
    }
    if (converged) {
      result.reason = StopReason::converged;
      break;
    }
    if (options_.checkpoint_every != 0 && iteration_ % options_.checkpoint_every == 0)
      write_checkpoint_now();
  }
  if (result.reason == StopReason::signal ||
      (result.reason == StopReason::max_iterations && options_.checkpoint_on_limit))
    write_checkpoint_now();
  download_from_gpus();
  result.iterations = iteration_;
  result.mine = rank_range();
  result.values.reserve(result.mine.size());
  for (std::size_t d = 0; d < devices_.size(); ++d) {
    const VertexRange a = assigned(d);
    result.values.insert(result.values.end(), devices_[d].values.begin() + a.begin,
                         devices_[d].values.begin() + a.end);
  }
  return result;
}

}  // namespace wg::engine
