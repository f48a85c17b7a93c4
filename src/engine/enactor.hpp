// The iteration loop of the graph engine (DESIGN.md) for any vertex program, over the
// partitions of this rank behind one interface (kernels/graph/partition.hpp), each on the
// host backend or on a GPU:
//   1. balance  (several partitions) frontier loads per section, summed over ranks, give
//               the borders of the next iteration;
//   2. step     every partition pushes or pulls over its assigned range, in place, and
//               compacts its changed boundary vertices into an outbox;
//   3. exchange (several partitions) outbox updates reach the partitions that hold the
//               vertex (targeted, through the mirror lists) or every rank (vr, all); each
//               partition scatters them into its values and next frontier;
//   4. converge global sums of updates and change decide whether to stop.
// A lone partition (one rank, one partition) needs no balance, exchange or global sum:
// the loop then costs one step call per iteration, and on a GPU the per-iteration state
// never leaves the device (the host reads a few counters once per iteration). While its
// frontier is small and pushed, a GPU partition runs many iterations per call
// (Partition::push_levels): the host reads their counters afterwards, once.
// Partitions work in their local ids (partition/local_ids.hpp); the enactor speaks global
// ids to the balancer, the checkpoints and the results, and translates at the partition.
// The program's traits choose what happens; nothing here names an algorithm.
#pragma once

#include <mpi.h>
#include <omp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "comm/graph/alltoall_bytes.hpp"
#include "comm/graph/exchanger.hpp"
#include "comm/graph/global_sum.hpp"
#include "kernels/graph/host/host_partition.hpp"
#include "kernels/graph/partition.hpp"
#include "partition/balancer.hpp"
#include "src/common/error.hpp"
#include "src/common/stop_signal.hpp"
#include "src/engine/checkpoint.hpp"
#include "src/engine/engine_graph.hpp"
#include "src/engine/result_writer.hpp"
#include "src/engine/run_options.hpp"
#include "src/engine/run_report.hpp"

namespace wg::engine {

using kernels::graph::Direction;
using kernels::graph::KernelChoice;

struct EnactOptions {
  kernels::graph::ProgramParams params;
  std::uint64_t max_iterations = 0;  // 0: no limit
  double tolerance = 0.0;
  ExchangeMode exchange = ExchangeMode::targeted;
  bool balance = true;
  std::string checkpoint_path;         // where a signal (or the options below) writes one
  std::uint64_t checkpoint_every = 0;  // also every N iterations
  bool checkpoint_on_limit = false;    // also when max_iterations stops the run
  const Checkpoint* resume = nullptr;
  std::vector<int> gpus;             // CUDA device of each local partition; empty: host backend
  kernels::graph::WalkOptions walk;  // the pull kernel, virtual split and vertex grouping
  Direction direction = Direction::automatic;
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

// The partition of `graph` on the host backend, or on `gpu` (>= 0).
template <typename P>
std::unique_ptr<kernels::graph::Partition<P>> make_partition(
    const EngineGraph& g, const PartitionGraph& graph, int gpu,
    const kernels::graph::WalkOptions& walk) {
  const kernels::graph::PartitionView view = partition_view(g, graph);
  if (gpu < 0) return std::make_unique<kernels::graph::host::HostPartition<P>>(view, walk);
#if WARPGRAPH_WITH_CUDA
  return kernels::graph::make_cuda_partition<P>(gpu, view, walk);
#else
  ::wg::fail("this build has no CUDA backend");
#endif
}

template <typename P>
class Enactor {
 public:
  using Value = typename P::Value;
  using Update = kernels::graph::UpdatePair<Value>;

  Enactor(const EngineGraph& g, comm::graph::BundleExchanger& exchanger, MPI_Comm world,
          const EnactOptions& options, RunReport& report)
      : g_(g),
        exchanger_(exchanger),
        world_(world),
        options_(options),
        report_(&report),
        balancer_(g.plan.section_in_edges, g.plan.sections, g.plan.stored),
        params_(options.params),
        lone_(g.plan.num_partitions == 1) {
    MPI_Comm_size(world, &ranks_);
    build_partitions();
  }

  // Runs the program from its initial state (or the checkpoint) to the end. May be called
  // again with other parameters (another source): the partitions stay on their devices.
  EnactResult<Value> run();
  // The same from `start` when given: every vertex's value by global id (the values a
  // previous phase left, src/engine/phases.hpp) instead of P::init.
  EnactResult<Value> run(const kernels::graph::ProgramParams& params, RunReport& report,
                         const std::vector<Value>* start = nullptr) {
    params_ = params;
    report_ = &report;
    start_ = start;
    return run();
  }

 private:
  struct Local {
    const PartitionGraph* graph = nullptr;
    std::unique_ptr<kernels::graph::Partition<P>> part;
    std::vector<Update> inbox;  // received updates in local ids (vr, all)
  };

  VertexRange assigned(std::size_t d) const {
    const auto p = static_cast<std::size_t>(locals_[d].graph->index);
    return {borders_[p], borders_[p + 1]};
  }
  VertexRange local_assigned(std::size_t d) const {
    return locals_[d].graph->ids.local(assigned(d));
  }
  VertexRange rank_range() const {
    const auto first = static_cast<std::size_t>(g_.plan.first_local);
    return {borders_[first], borders_[first + locals_.size()]};
  }

  std::vector<VertexId> resumable_borders(const std::vector<VertexId>& saved) const;
  void build_partitions();
  void initialise();
  template <typename Step>
  void for_each_local(const Step& step);
  IterationRecord iterate(bool& stop_by_signal);
  std::uint64_t push_levels_on_device();
  void exchange_targeted(const std::vector<kernels::graph::StepStats>& stats,
                         std::vector<double>& totals);
  void exchange_to_all(const std::vector<kernels::graph::StepStats>& stats,
                       std::vector<double>& totals);
  // Values of the assigned range of local partition d (and its frontier words, global
  // word indices, when `words` is given).
  void download_assigned(std::size_t d, std::vector<Value>& values,
                         std::vector<std::uint64_t>* words);
  void write_checkpoint_now();
  void sum(std::vector<double>& values) const {
    if (ranks_ > 1) comm::graph::allreduce_sum(values, world_);
  }

  const EngineGraph& g_;
  comm::graph::BundleExchanger& exchanger_;
  MPI_Comm world_;
  const EnactOptions& options_;
  RunReport* report_;
  partition::SlidingBalancer balancer_;
  kernels::graph::ProgramParams params_;
  const std::vector<Value>* start_ = nullptr;
  // push_levels_on_device: the counters of one call's iterations.
  std::vector<kernels::graph::PushLevel> levels_;
  const bool lone_;
  int ranks_ = 1;
  std::vector<Local> locals_;
  std::vector<VertexId> borders_;
  std::uint64_t iteration_ = 0;
  std::uint64_t frontier_ = 0;               // global frontier size at the start of the iteration
  std::vector<std::byte> bundle_;            // vr, all: this rank's outboxes, global ids
  std::vector<std::vector<Update>> routed_;  // targeted: per destination partition
  comm::graph::GatheredBytes send_, received_;  // targeted: per destination / source rank
};

template <typename P>
std::vector<VertexId> Enactor<P>::resumable_borders(const std::vector<VertexId>& saved) const {
  // Saved borders carry over when they fit this run's partitions and stored ranges;
  // otherwise the run continues from the static borders (same results, other timings).
  const VertexId section = g_.plan.sections.section_size;
  bool fits = saved.size() == g_.plan.static_borders.size() && saved.front() == 0 &&
              saved.back() == g_.info.num_vertices;
  for (std::size_t p = 0; fits && p + 1 < saved.size(); ++p)
    fits = saved[p] <= saved[p + 1] && saved[p] >= g_.plan.stored[p].begin &&
           saved[p + 1] <= g_.plan.stored[p].end &&
           (saved[p] % section == 0 || saved[p] == g_.info.num_vertices);
  if (fits) return saved;
  spdlog::warn("checkpoint borders do not fit this run's partitions; starting from static borders");
  return g_.plan.static_borders;
}

template <typename P>
void Enactor<P>::build_partitions() {
  WG_REQUIRE(options_.gpus.empty() || options_.gpus.size() == g_.local.size(),
             "{} GPUs given for {} partitions", options_.gpus.size(), g_.local.size());
  locals_.resize(g_.local.size());
  for (std::size_t d = 0; d < locals_.size(); ++d) {
    Local& local = locals_[d];
    local.graph = &g_.local[d];
    local.part = make_partition<P>(g_, *local.graph, options_.gpus.empty() ? -1 : options_.gpus[d],
                                   options_.walk);
  }
  // What the options became on this rank's partitions (automatic choices resolved).
  nlohmann::json walk = nlohmann::json::array();
  for (const Local& local : locals_) {
    const kernels::graph::WalkLayout w = local.part->layout();
    walk.push_back({{"split", w.split},
                    {"virtual_nodes", w.virtual_nodes},
                    {"group", w.group},
                    {"activation_edges", w.activation_edges}});
  }
  report_->header()["partition_walk"] = walk;
  routed_.resize(static_cast<std::size_t>(g_.plan.num_partitions));
}

template <typename P>
void Enactor<P>::initialise() {
  iteration_ = 0;
  const Checkpoint* c = options_.resume;
  if (c) {
    iteration_ = c->meta.iteration;
    borders_ = resumable_borders(c->meta.borders);
  } else {
    borders_ = g_.plan.static_borders;
  }
  // Each partition starts with the values of the vertices it holds; the first frontier is
  // every vertex that starts off the identity (it has news to send), or the checkpoint's.
  std::vector<double> active{0.0};
  for (std::size_t d = 0; d < locals_.size(); ++d) {
    const partition::LocalIds& ids = locals_[d].graph->ids;
    const auto held = static_cast<std::int64_t>(ids.size());
    std::vector<Value> values(ids.size());
    std::vector<kernels::graph::BitWord> frontier(
        P::kAllActive ? 0 : kernels::graph::bit_words(ids.size()), 0);
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < held; ++i) {
      const VertexId v = ids.global(static_cast<VertexId>(i));
      values[static_cast<std::size_t>(i)] = c        ? from_stored<Value>(c->values[v])
                                            : start_ ? (*start_)[v]
                                                     : P::init(v, params_);
    }
    if (!P::kAllActive) {
#pragma omp parallel for schedule(static)
      for (std::int64_t w = 0; w < static_cast<std::int64_t>(frontier.size()); ++w) {
        kernels::graph::BitWord word = 0;
        for (std::int64_t i = w * kernels::graph::kBitsPerWord;
             i < std::min<std::int64_t>(held, (w + 1) * kernels::graph::kBitsPerWord); ++i) {
          const auto local = static_cast<VertexId>(i);
          const bool on = c ? kernels::graph::test_bit(c->frontier.data(), ids.global(local))
                            : !(values[local] == P::identity());
          if (on) word |= kernels::graph::bit_of(local);
        }
        frontier[static_cast<std::size_t>(w)] = word;
      }
      const VertexRange mine = local_assigned(d);
      for (std::size_t w = mine.begin / kernels::graph::kBitsPerWord;
           w < kernels::graph::bit_words(mine.end); ++w)
        active[0] += static_cast<double>(
            __builtin_popcountll(kernels::graph::word_in_range(frontier.data(), w, mine)));
    }
    locals_[d].part->load(values.data(), P::kAllActive ? nullptr : frontier.data());
  }
  sum(active);  // the assigned ranges cover every vertex once
  frontier_ = P::kAllActive ? g_.info.num_vertices : static_cast<std::uint64_t>(active[0]);
}

template <typename P>
template <typename Step>
void Enactor<P>::for_each_local(const Step& step) {
  // Partitions of one rank run side by side, each with an equal share of the rank's
  // threads (nested parallelism); with one partition it gets them all.
  const int count = static_cast<int>(locals_.size());
  const int threads = omp_get_max_threads();
  if (count == 1 || threads == 1) {
    for (std::size_t d = 0; d < locals_.size(); ++d) step(d);
    return;
  }
  const int share = std::max(1, threads / count);
#pragma omp parallel for num_threads(std::min(count, threads)) schedule(static, 1)
  for (int d = 0; d < count; ++d) {
    omp_set_num_threads(share);
    step(static_cast<std::size_t>(d));
  }
}

// Targeted: every outbox update goes, through the vertex's mirror list, to each partition
// holding the vertex, keyed by its local id there. Updates for this rank's partitions are
// scattered directly; the others travel in one all-to-all, as records (partition, count,
// pairs) per destination rank.
template <typename P>
void Enactor<P>::exchange_targeted(const std::vector<kernels::graph::StepStats>& stats,
                                   std::vector<double>& totals) {
  for (std::vector<Update>& r : routed_) r.clear();
  for (std::size_t d = 0; d < locals_.size(); ++d) {
    const partition::MirrorLists& mirrors = locals_[d].graph->mirrors;
    const Update* out = locals_[d].part->outbox();
    for (std::size_t i = 0; i < stats[d].outbox; ++i)
      for (const partition::Reader* r = mirrors.begin(out[i].id); r != mirrors.end(out[i].id); ++r)
        routed_[r->partition].push_back({r->local, out[i].value});
  }
  const auto per_rank = locals_.size();
  const auto first_local = static_cast<std::size_t>(g_.plan.first_local);
  send_.data.clear();
  send_.offsets.assign(static_cast<std::size_t>(ranks_) + 1, 0);
  for (std::size_t rank = 0; rank < static_cast<std::size_t>(ranks_); ++rank) {
    for (std::size_t p = rank * per_rank; p < (rank + 1) * per_rank; ++p) {
      if (p >= first_local && p < first_local + per_rank) break;  // this rank's own
      const std::vector<Update>& pairs = routed_[p];
      if (pairs.empty()) continue;
      const std::int64_t header[2] = {static_cast<std::int64_t>(p),
                                      static_cast<std::int64_t>(pairs.size())};
      const std::size_t bytes = pairs.size() * sizeof(Update);
      const std::size_t at = send_.data.size();
      send_.data.resize(at + sizeof header + bytes);
      std::memcpy(send_.data.data() + at, header, sizeof header);
      std::memcpy(send_.data.data() + at + sizeof header, pairs.data(), bytes);
    }
    send_.offsets[rank + 1] = send_.data.size();
  }
  comm::graph::alltoall_bytes(send_, received_, world_);
  totals[2] += static_cast<double>(send_.data.size());
  totals[3] = static_cast<double>(received_.data.size());
  for_each_local([&](std::size_t d) {
    const std::vector<Update>& near = routed_[first_local + d];
    locals_[d].part->scatter(near.data(), near.size());
    std::size_t at = 0;
    while (at < received_.data.size()) {
      std::int64_t header[2];
      std::memcpy(header, received_.data.data() + at, sizeof header);
      at += sizeof header;
      const auto count = static_cast<std::size_t>(header[1]);
      // Pairs start 16 bytes into the record, aligned for any value type.
      if (static_cast<std::size_t>(header[0]) == first_local + d)
        locals_[d].part->scatter(reinterpret_cast<const Update*>(received_.data.data() + at),
                                 count);
      at += count * sizeof(Update);
    }
  });
}

// vr and all: every rank gets this rank's outboxes (in global ids), one bundle of records
// (partition, count, pairs); each partition keeps what it holds, in its local ids.
template <typename P>
void Enactor<P>::exchange_to_all(const std::vector<kernels::graph::StepStats>& stats,
                                 std::vector<double>& totals) {
  bundle_.clear();
  for (std::size_t d = 0; d < locals_.size(); ++d) {
    const std::int64_t header[2] = {locals_[d].graph->index,
                                    static_cast<std::int64_t>(stats[d].outbox)};
    const std::size_t at = bundle_.size();
    bundle_.resize(at + sizeof header + stats[d].outbox * sizeof(Update));
    std::memcpy(bundle_.data() + at, header, sizeof header);
    auto* pairs = reinterpret_cast<Update*>(bundle_.data() + at + sizeof header);
    const Update* out = locals_[d].part->outbox();
    const VertexId first = locals_[d].graph->stored.begin;
    for (std::size_t i = 0; i < stats[d].outbox; ++i) pairs[i] = {out[i].id + first, out[i].value};
    totals[2] += static_cast<double>(stats[d].outbox * sizeof(Update));
  }
  const std::vector<comm::graph::ReceivedBundle>& received = exchanger_.exchange(bundle_);
  totals[3] = static_cast<double>(exchanger_.bytes_received());
  for_each_local([&](std::size_t d) {
    Local& local = locals_[d];
    local.inbox.clear();
    auto keep = [&](const std::byte* data, std::size_t bytes) {
      std::size_t at = 0;
      while (at < bytes) {
        std::int64_t header[2];
        std::memcpy(header, data + at, sizeof header);
        at += sizeof header;
        const auto count = static_cast<std::size_t>(header[1]);
        const auto* pairs = reinterpret_cast<const Update*>(data + at);
        if (header[0] != local.graph->index)
          for (std::size_t i = 0; i < count; ++i) {
            const VertexId held = local.graph->ids.local(pairs[i].id);
            if (held != partition::LocalIds::kAbsent) local.inbox.push_back({held, pairs[i].value});
          }
        at += count * sizeof(Update);
      }
    };
    keep(bundle_.data(), bundle_.size());
    for (const comm::graph::ReceivedBundle& bundle : received) keep(bundle.data, bundle.bytes);
    local.part->scatter(local.inbox.data(), local.inbox.size());
  });
}

template <typename P>
IterationRecord Enactor<P>::iterate(bool& stop_by_signal) {
  const double started = MPI_Wtime();
  IterationRecord record;
  record.iteration = iteration_;
  record.borders = borders_;
  record.active = frontier_;

  // 1. balance: borders for the next iteration, from the frontier per section.
  std::vector<VertexId> next_borders = borders_;
  if (!lone_ && options_.balance) {
    std::vector<double> loads(g_.plan.sections.count(), 0.0);
    for (std::size_t d = 0; d < locals_.size(); ++d) {
      // Stored ranges start on a section edge: local sections are global ones shifted.
      const std::size_t first = locals_[d].graph->stored.begin / g_.plan.sections.section_size;
      locals_[d].part->section_loads(local_assigned(d), loads.data() + first);
    }
    sum(loads);
    next_borders = balancer_.rebalance(loads, borders_);
  }
  if (P::kHasGlobalTerm && !lone_) {
    std::vector<double> term{0.0};
    for (std::size_t d = 0; d < locals_.size(); ++d)
      term[0] += locals_[d].part->global_term(local_assigned(d));
    sum(term);
    params_.global_sum = term[0];
  }

  // 2. step, the partitions side by side.
  params_.iteration = iteration_;
  std::vector<kernels::graph::StepStats> stats(locals_.size());
  const bool boundary_only = options_.exchange != ExchangeMode::all_updates;
  for_each_local([&](std::size_t d) {
    stats[d] = locals_[d].part->step(local_assigned(d), options_.direction, params_, lone_, !lone_,
                                     boundary_only);
  });
  const double stepped = MPI_Wtime();

  // 3. exchange.
  const std::size_t partitions = static_cast<std::size_t>(g_.plan.num_partitions);
  // updates, edges, outbox and received bytes, signal, pulls; change and edges per
  // partition; redundant vertices (grouping).
  std::vector<double> totals(7 + 2 * partitions, 0.0);
  if (!lone_) {
    if (options_.exchange == ExchangeMode::targeted)
      exchange_targeted(stats, totals);
    else
      exchange_to_all(stats, totals);
  }
  const double exchanged = MPI_Wtime();

  // 4. converge (and agree on stopping for a signal). The frontier of the next iteration
  // is the union of the partitions' own changes, so its size is the sum of the updates.
  for (std::size_t d = 0; d < locals_.size(); ++d) {
    const auto p = static_cast<std::size_t>(locals_[d].graph->index);
    totals[0] += static_cast<double>(stats[d].updates);
    totals[1] += static_cast<double>(stats[d].edges);
    totals[5] += stats[d].pulled ? 1.0 : 0.0;
    totals[6 + p] = stats[d].change;
    totals[6 + partitions + p] = static_cast<double>(stats[d].edges);
    totals[6 + 2 * partitions] += static_cast<double>(stats[d].redundant);
    locals_[d].part->end_iteration();
  }
  totals[4] = stop_signal_received() != 0 ? 1.0 : 0.0;
  sum(totals);
  record.updates = static_cast<std::uint64_t>(totals[0]);
  record.edges = static_cast<std::uint64_t>(totals[1]);
  record.outbox_bytes = static_cast<std::uint64_t>(totals[2]);
  record.received_bytes = static_cast<std::uint64_t>(totals[3]);
  record.pull_partitions = static_cast<std::uint64_t>(totals[5]);
  record.redundant = static_cast<std::uint64_t>(totals[6 + 2 * partitions]);
  for (std::size_t p = 0; p < partitions; ++p) {
    record.change += totals[6 + p];
    record.partition_edges.push_back(static_cast<std::uint64_t>(totals[6 + partitions + p]));
  }
  stop_by_signal = totals[4] > 0.0;
  frontier_ = P::kAllActive ? g_.info.num_vertices : record.updates;

  borders_ = next_borders;
  ++iteration_;
  record.seconds = MPI_Wtime() - started;
  record.step_seconds = stepped - started;
  record.exchange_seconds = exchanged - stepped;
  return record;
}

// The iterations a lone partition runs by itself (push_levels), as records; 0 when it
// runs none (not lone, a signal to agree on, a frontier too large or pulled). The level
// budget stops at the iteration limit and at the next periodic checkpoint.
template <typename P>
std::uint64_t Enactor<P>::push_levels_on_device() {
  if (!kernels::graph::can_push<P>() || !lone_ || stop_signal_received() != 0) return 0;
  std::uint64_t budget = std::numeric_limits<std::uint64_t>::max();
  if (options_.max_iterations != 0) budget = options_.max_iterations - iteration_;
  if (options_.checkpoint_every != 0)
    budget = std::min(budget, options_.checkpoint_every - iteration_ % options_.checkpoint_every);
  // Allocated once: this runs every iteration of a lone run, mostly to run nothing.
  if (levels_.empty()) levels_.resize(kernels::graph::kMaxPushLevelsPerCall);
  std::vector<kernels::graph::PushLevel>& levels = levels_;
  const double started = MPI_Wtime();
  const std::size_t ran =
      locals_[0].part->push_levels(local_assigned(0), options_.direction,
                                   std::min<std::uint64_t>(budget, levels.size()), levels.data());
  const double each = (MPI_Wtime() - started) / static_cast<double>(std::max<std::size_t>(ran, 1));
  for (std::size_t l = 0; l < ran; ++l) {
    IterationRecord record;
    record.iteration = iteration_++;
    record.borders = borders_;
    record.active = levels[l].active;
    record.edges = levels[l].edges;
    record.updates = levels[l].updates;
    record.partition_edges = {levels[l].edges};
    record.seconds = record.step_seconds = each;
    report_->add(std::move(record));
    frontier_ = levels[l].updates;
  }
  return ran;
}

template <typename P>
void Enactor<P>::download_assigned(std::size_t d, std::vector<Value>& values,
                                   std::vector<std::uint64_t>* words) {
  const partition::LocalIds& ids = locals_[d].graph->ids;
  const VertexRange a = assigned(d);
  const VertexRange local = local_assigned(d);
  std::vector<Value> held(ids.size());
  std::vector<kernels::graph::BitWord> frontier(
      words && !P::kAllActive ? kernels::graph::bit_words(ids.size()) : 0);
  locals_[d].part->download(held.data(), frontier.empty() ? nullptr : frontier.data());
  values.insert(values.end(), held.begin() + local.begin, held.begin() + local.end);
  if (!words || a.empty()) return;  // (an empty range may start inside the last word)
  // Stored ranges start on a word edge: local word w is global word w + first.
  const std::size_t first = ids.stored().begin / kernels::graph::kBitsPerWord;
  for (std::size_t w = a.begin / kernels::graph::kBitsPerWord; w < kernels::graph::bit_words(a.end);
       ++w)
    words->push_back(
        P::kAllActive ? 0 : kernels::graph::word_in_range(frontier.data(), w - first, local));
}

template <typename P>
void Enactor<P>::write_checkpoint_now() {
  CheckpointMeta meta;
  meta.algorithm = P::kName;
  meta.source = P::kNeedsSource ? params_.source : 0;
  meta.graph = g_.info.index_path;
  meta.num_vertices = g_.info.num_vertices;
  meta.num_edges = g_.info.num_edges;
  meta.iteration = iteration_;
  meta.borders = borders_;
  const VertexRange mine = rank_range();
  std::vector<Value> values;
  values.reserve(mine.size());
  std::vector<std::uint64_t> words;
  for (std::size_t d = 0; d < locals_.size(); ++d) download_assigned(d, values, &words);
  std::vector<double> stored(values.size());
  std::transform(values.begin(), values.end(), stored.begin(),
                 [](Value v) { return to_stored(v); });
  write_checkpoint(options_.checkpoint_path, meta, mine, stored, words, world_);
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
    if (push_levels_on_device() > 0) {
      if (frontier_ == 0) {
        result.reason = StopReason::converged;
        break;
      }
      if (options_.checkpoint_every != 0 && iteration_ % options_.checkpoint_every == 0)
        write_checkpoint_now();
      continue;
    }
    bool stop_by_signal = false;
    IterationRecord record = iterate(stop_by_signal);
    const bool converged =
        record.updates == 0 || (P::kUsesTolerance && record.change < options_.tolerance);
    report_->add(std::move(record));
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
  // (Phases of a multi-phase algorithm have no checkpoint path: they are not resumable.)
  if (!options_.checkpoint_path.empty() &&
      (result.reason == StopReason::signal ||
       (result.reason == StopReason::max_iterations && options_.checkpoint_on_limit)))
    write_checkpoint_now();
  result.iterations = iteration_;
  result.mine = rank_range();
  result.values.reserve(result.mine.size());
  for (std::size_t d = 0; d < locals_.size(); ++d) download_assigned(d, result.values, nullptr);
  return result;
}

}  // namespace wg::engine
