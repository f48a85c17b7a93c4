// `warpgraph align` on every rank: rank 0 indexes (or reads) the input and runs the
// dispatcher (plus align threads of its own and a writer thread), other ranks pull
// batches and read their residues themselves; results stream to the output in input
// order. A bad record found by any rank stops the dispatch, and the ranks agree on its
// error afterwards. SIGTERM, SIGUSR1 or SIGINT (stop_signal.hpp) stop the dispatch: the
// finished results are flushed in order, those still waiting for an earlier pair are kept
// beside the partial file (pending_results.hpp), and the run exits with kExitInterrupted,
// ready for --resume.
#include <malloc.h>
#include <mpi.h>
#include <omp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

#include "comm/align/archive.hpp"
#include "comm/align/dispatcher.hpp"
#include "comm/device_binding.hpp"
#include "comm/host_cores.hpp"
#include "kernels/align/aligner.hpp"
#include "src/align/align_input.hpp"
#include "src/align/align_options.hpp"
#include "src/align/aligner_teams.hpp"
#include "src/align/batch_source.hpp"
#include "src/align/job_setup.hpp"
#include "src/align/ordered_results.hpp"
#include "src/align/pending_results.hpp"
#include "src/align/residue_encoder.hpp"
#include "src/align/result_format.hpp"
#include "src/align/result_stream.hpp"
#include "src/align/result_top.hpp"
#include "src/align/result_writer.hpp"
#include "src/align/resume_record.hpp"
#include "src/align/scoring.hpp"
#include "src/align/sequence_store.hpp"
#include "src/align/sequences_on_gpu.hpp"
#include "src/common/error.hpp"
#include "src/common/exit_codes.hpp"
#include "src/common/mpi_check.hpp"
#include "src/common/stop_signal.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/output_file.hpp"
#include "src/graph/report_file.hpp"

namespace wg::align {
namespace {

// Smallest batch worth its overhead on a host rank, unless its capacity is smaller (a GPU
// rank's limits: BatchSource::kGpuCapacityCells, kGpuFloorCells). A host thread aligns
// kHostLanes pairs at a time and needs a few such groups to balance: 32 Mcells is four
// groups of 1 kb pairs (2 Mcells per thread left 64 threads idling on 2,000 pairs).
constexpr std::uint64_t kHostFloorCellsPerThread = std::uint64_t{32'000'000};
// Aligners size their per-pair buffers before the dispatch for at most this many pairs (a
// few MB each). A window may hold 2^20 pairs, but only batches of short pairs get that
// many, and their buffers grow in the first such batch instead.
constexpr std::uint64_t kPreparedBatchPairs = std::uint64_t{1} << 16;
// With traceback, each GPU aligner keeps one page-locked buffer for a batch's operations
// copied back, sized before the dispatch for at most this many bytes: enough for any batch
// of pairs with sequences of their own (at most kMaxBatchResidues and one pair); a larger
// batch grows it.
constexpr std::uint64_t kPreparedOperations = std::uint64_t{48} << 20;
// Each stream of a GPU aligner keeps the rows its chunk carries between passes (8 bytes a
// target residue), sized before the dispatch for at most this many: 8,192 pairs of 1 kb.
constexpr std::uint64_t kPreparedTargetResidues = std::uint64_t{1} << 23;

// Threads in each team of a GPU rank's align threads: sized to fit beside the writer and
// the dispatch where the rank's cores are its own (aligner_teams.hpp). Ranks that share
// their cores keep teams of every thread: libgomp, seeing more threads than cores, then
// spins only briefly before a waiting thread sleeps, where smaller teams spun at length and
// kept the other rank off the cores (on two unbound ranks, teams of 8 ran DNA pairs twice
// as slow and proteins three times; docs/PERFORMANCE.md, "Teams of the align threads"). The
// host backend's aligner is the rank's computation and keeps every thread. Collective
// over comm.
int aligner_team_threads(MPI_Comm comm, bool on_gpu, int aligners) {
  const bool shared = comm::host_cores(comm).shared;
  const int threads = omp_get_max_threads();
  if (!on_gpu || shared) return threads;
  return aligner_team_size(threads, aligners);
}

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct RankStats {
  std::string backend;
  std::uint64_t batches = 0;
  std::uint64_t pairs = 0;
  std::uint64_t cells = 0;
  double pack_seconds = 0;      // summed over the rank's aligners: reading and packing
  double compute_seconds = 0;   // summed over the rank's aligners (overlaps count twice)
  double transfer_seconds = 0;  // summed over the rank's aligners: copies to and from the GPU
  double kernel_seconds = 0;    // summed over the rank's aligners: the GPU's kernel time
  double busy_seconds = 0;      // wall time with at least one batch in an aligner
  int aligners = 1;
};

// The host backend when asked for or when this rank has no GPU; else its bound GPU.
std::vector<std::unique_ptr<kernels::align::Aligner>> make_aligners(
    MPI_Comm comm, const std::string& backend, bool packed, bool traceback,
    std::uint64_t traceback_memory) {
  const comm::DeviceBinding binding =
      comm::bind_and_report_devices(comm, backend == "host" ? 0 : 1);
  std::vector<std::unique_ptr<kernels::align::Aligner>> aligners;
  if (backend != "host" && binding.host_backend())
    WG_REQUIRE(backend != "cuda", "--backend cuda: {}", binding.describe());
  if (backend == "host" || binding.host_backend()) {
    aligners.push_back(kernels::align::make_host_aligner(traceback_memory));
    return aligners;
  }
  // With traceback the first aligner's streams go ahead of the others' (CudaAligner). Score-only
  // batches keep equal priorities, so they come back about in the order they were cut: with
  // the first aligner ahead, the 100,000-protein job's first batch, on another aligner, took
  // 3.3-3.6 ms instead of 0.6 (the first aligner kept the GPU with later batches), and no
  // line could be written before it.
  for (int k = 0; k < kAlignersPerGpu; ++k)
    aligners.push_back(kernels::align::make_cuda_aligner(binding.devices.front(), packed, 0,
                                                         /*high_priority=*/k == 0 || !traceback));
  return aligners;
}

// The input's longest sequences, found in one pass over their lengths.
struct LongestSequences {
  std::uint64_t query = 0;
  std::uint64_t target = 0;
  // The longest query plus the longest target (all-vs-all: the two longest sequences): no
  // alignment of the job has more columns.
  std::uint64_t pair = 0;
};

LongestSequences longest_sequences(const AlignInput& input) {
  LongestSequences longest;
  std::uint64_t second = 0;  // all-vs-all: the runner-up
  for (const std::uint64_t length : input.query_lengths) {
    second = std::max(second, std::min(longest.query, length));
    longest.query = std::max(longest.query, length);
  }
  if (input.targets_are_queries) {
    longest.target = longest.query;
    longest.pair = longest.query + second;
    return longest;
  }
  for (const std::uint64_t length : input.target_lengths())
    longest.target = std::max(longest.target, length);
  longest.pair = longest.query + longest.target;
  return longest;
}

// Takes the input's index (it moves into the set-up: a copy of the index of 1M pairs cost
// 25 ms of fresh pages).
JobSetup job_setup(AlignInput& input, const LongestSequences& longest) {
  JobSetup setup;
  setup.scoring = input.scheme.kernel;
  setup.alphabet = alphabet_name(input.alphabet);
  setup.letter_codes = letter_codes(input.alphabet, input.scheme.allowed);
  setup.files = std::move(input.index);
  setup.targets = input.targets().size();
  std::uint64_t residues = 0;
  for (const std::uint64_t length : input.query_lengths) residues += length;
  if (!input.targets_are_queries)
    for (const std::uint64_t length : input.target_lengths()) residues += length;
  setup.largest_pool = BatchSource::largest_pool(residues, longest.pair);
  setup.largest_batch_pairs =
      std::min<std::uint64_t>(BatchSource::window_pairs(input.plan->size()), input.plan->size());
  const std::uint64_t pairs = std::min(setup.largest_batch_pairs, kPreparedBatchPairs);
  std::uint64_t operations = pairs * longest.pair;
  std::uint64_t target_residues = pairs * longest.target;
  // Where every pair brings its own two sequences, a batch's pairs' residues are its pool.
  if (input.plan->mode() == PairMode::pairs && !input.targets_are_queries) {
    operations = std::min(operations, setup.largest_pool);
    target_residues = std::min(target_residues, setup.largest_pool);
  }
  setup.largest_operations = std::min(operations, kPreparedOperations);
  setup.largest_target_residues = std::min(target_residues, kPreparedTargetResidues);
  setup.longest_query = static_cast<std::uint32_t>(longest.query);
  return setup;
}

// Refuses, before any input is read, outputs that would overwrite an input or each other
// and outputs that cannot be written (`-o .`, a device, a missing folder).
void check_outputs(const AlignOptions& options) {
  std::vector<io::NamedPath> inputs;
  for (const auto& file : options.pairs) inputs.push_back({file, "input"});
  for (const auto* file : {&options.all_vs_all, &options.query, &options.target})
    if (!file->empty()) inputs.push_back({*file, "input"});
  std::vector<io::NamedPath> outputs{{options.output, "--output"}, {options.report, "--report"}};
  if (options.output != "-") {
    outputs.push_back({options.output + ".partial", "--output's partial file"});
    outputs.push_back({pending_results_path(options.output), "--output's pending results"});
    io::require_writable(options.output, "--output");
    io::require_replaceable(options.output + ".partial", "--output's partial file");
    io::require_replaceable(pending_results_path(options.output), "--output's pending results");
  }
  io::refuse_overlaps(inputs, outputs);
  if (!options.report.empty()) io::require_writable(options.report, "--report");
}

// The other ranks wait for batches: a dispatch that hands out none releases them.
comm::align::DispatchOutcome release_workers(comm::align::RootDispatch& dispatch) {
  comm::align::DispatchCallbacks none;
  none.next_batch = [](std::uint64_t, std::uint64_t) -> std::optional<comm::align::WorkBatch> {
    return std::nullopt;
  };
  none.remote_batch = none.next_batch;
  none.accept = [](comm::align::BatchResults&&) {};
  none.tick = [] {};
  return dispatch.run(none, stop_requested());
}

// A run that failed on bad input leaves no output behind: the partial file of a fresh
// run goes, with its job record (a resumed one keeps what it had, all of it correct).
void discard_output(const AlignOptions& options, bool resuming) {
  if (options.output == "-" || resuming) return;
  std::remove((options.output + ".partial").c_str());
  remove_job_record(options.output);
}

// Rank 0's steps before the dispatch, for the report.
struct BeforeDispatch {
  double load_seconds = 0;   // indexing or reading the input
  double setup_seconds = 0;  // aligners made, their buffers prepared, sequences put on the GPU
  bool sequences_on_gpu = false;
};

// Rank 0: output and dispatch. Returns the dispatch's outcome; *exit_code is set when it
// completed or was interrupted.
comm::align::DispatchOutcome run_root(MPI_Comm comm, const AlignOptions& options,
                                      const AlignInput& input, const SequenceStore& store,
                                      const comm::align::RankWorkers& local,
                                      comm::align::RootDispatch& dispatch,
                                      const BeforeDispatch& before, int* exit_code) {
  const auto& queries = input.queries;
  const auto& targets = input.targets();
  const PairPlan& plan = *input.plan;
  const std::string record = job_record(options, input);
  const ResultFormat format(parse_output_format(options.outfmt), input.alphabet,
                            input.scheme.scale);
  const std::string header = format.header(targets);
  const auto header_lines =
      static_cast<std::uint64_t>(std::count(header.begin(), header.end(), '\n'));
  const bool to_file = options.output != "-";
  const bool resuming =
      options.resume && to_file && std::filesystem::exists(options.output + ".partial");
  if (resuming) check_job_record(options.output, record);
  ResultWriter writer(options.output, options.resume);
  if (writer.already_complete()) {
    spdlog::info("{} is already complete; nothing to resume", options.output);
    *exit_code = kExitOk;
    return release_workers(dispatch);
  }
  if (to_file && !resuming) {
    write_job_record(options.output, record);
    remove_pending_results(options.output);  // an earlier job's, no longer wanted
  }
  if (writer.lines_kept() == 0) writer.write(header.data(), header.size());
  WG_REQUIRE(writer.lines_kept() == 0 || writer.lines_kept() >= header_lines,
             "--resume: {}.partial stops inside its header; run without --resume", options.output);
  const std::uint64_t first = writer.lines_kept() == 0 ? 0 : writer.lines_kept() - header_lines;
  if (first > 0) {
    WG_REQUIRE(first <= plan.size(),
               "--resume: {}.partial has {} lines but the input gives {} pairs", options.output,
               first, plan.size());
    const PairRef last = plan.at(first - 1);
    WG_REQUIRE(format.line_is_pair(writer.last_kept_line(), queries[last.query].id,
                                   targets[last.target].id),
               "--resume: line {} of {}.partial does not match pair {} of this input ({} vs {}); "
               "was it written with other inputs?",
               first, options.output, first, queries[last.query].id, targets[last.target].id);
  }
  // Pairs an earlier run finished but could not write yet (an earlier pair was missing).
  comm::align::BatchResults kept =
      resuming ? read_pending_results(options.output, record, options.traceback, first, plan.size())
               : comm::align::BatchResults{};
  const std::uint64_t kept_pairs = kept.pair_ids.size();
  if (first > 0 || kept_pairs > 0)
    spdlog::info("resuming: {} of {} pairs already written, {} more finished in {}", first,
                 plan.size(), kept_pairs, pending_results_path(options.output));
  int ranks_total = 1;
  MPI_CHECK(MPI_Comm_size(comm, &ranks_total));
  const std::uint64_t todo = plan.size() - first - kept_pairs;
  spdlog::info("aligning {} pairs ({}, {}), {} rank(s); {}", todo, alphabet_name(input.alphabet),
               input.scheme.description, ranks_total,
               input.indexed ? "every rank reads the sequences from the indexed files"
                             : "rank 0 sends the sequences with the batches");

  // Guided batch sizes count every batch the ranks may hold at once (each keeps one more
  // than it has aligners), taking rank 0's aligner count for every rank's.
  const int in_flight = ranks_total * static_cast<int>(local.workers.size() + 1);
  const std::size_t window = BatchSource::window_pairs(todo);
  BatchSource source(input.query_lengths, input.target_lengths(), plan, first, kept.pair_ids,
                     window, in_flight);
  std::mutex source_mutex;
  std::unique_ptr<ResultSink> sink;
  OrderedResults* ordered = nullptr;  // all pairs in order (not --top): resumable
  if (options.top > 0) {
    sink = std::make_unique<TopResults>(queries, targets, format, options.traceback, options.top);
  } else {
    auto in_order = std::make_unique<OrderedResults>(queries, targets, plan, format,
                                                     options.traceback, first, window);
    ordered = in_order.get();
    sink = std::move(in_order);
  }
  ResultStream stream(*sink, writer);
  if (kept_pairs > 0) stream.submit(std::move(kept));
  std::map<int, RankStats> ranks;
  std::uint64_t done_pairs = 0;
  std::uint64_t done_cells = 0;
  const auto start = Clock::now();
  auto last_log = start;
  const auto elapsed = [&] { return seconds_since(start); };

  // Batches for rank 0's own aligners, which pack them from the store.
  const auto next_batch = [&](std::uint64_t capacity, std::uint64_t floor) {
    std::lock_guard<std::mutex> lock(source_mutex);
    return source.next(capacity, floor);
  };
  comm::align::DispatchCallbacks callbacks;
  callbacks.next_batch = next_batch;
  // Batches for other ranks carry their residues when those ranks cannot read them (the
  // packing happens on rank 0's helper threads, outside the lock).
  callbacks.remote_batch = [&](std::uint64_t capacity, std::uint64_t floor) {
    std::optional<comm::align::WorkBatch> batch = next_batch(capacity, floor);
    if (batch && !input.indexed) {
      batch->residues.resize(batch->pool_size());
      pack_residues(*batch, store, batch->residues.data());
    }
    return batch;
  };
  callbacks.accept = [&](comm::align::BatchResults&& results) {
    auto& stats = ranks[results.rank];
    stats.backend = results.backend;
    ++stats.batches;
    stats.pairs += results.pair_ids.size();
    stats.cells += results.cells;
    stats.pack_seconds += results.pack_seconds;
    stats.compute_seconds += results.compute_seconds;
    stats.transfer_seconds += results.transfer_seconds;
    stats.kernel_seconds += results.kernel_seconds;
    stats.busy_seconds = std::max(stats.busy_seconds, results.busy_seconds);
    stats.aligners = results.aligners;
    done_pairs += results.pair_ids.size();
    done_cells += results.cells;
    // With its times, a job's debug log is its timeline: whether the GPUs waited for
    // packing, or the output for the GPUs.
    spdlog::debug(
        "batch {} back from rank {} at {:.1f} ms: {} pairs, packed in {:.1f} ms, {:.1f} ms in "
        "its aligner ({:.1f} ms of kernels); aligned {}/{} pairs",
        results.id, results.rank, elapsed() * 1e3, results.pair_ids.size(),
        results.pack_seconds * 1e3, results.compute_seconds * 1e3, results.kernel_seconds * 1e3,
        done_pairs, todo);
    stream.submit(std::move(results));
  };
  callbacks.tick = [&] {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_log < std::chrono::seconds(2) && done_pairs < todo) return;
    last_log = now;
    const double seconds = std::max(elapsed(), 1e-9);
    const double rate = static_cast<double>(done_pairs) / seconds;
    spdlog::info("aligned {}/{} pairs ({:.1f}%), {:.0f} pairs/s, {:.2f} GCUPS, ETA {:.0f} s",
                 done_pairs, todo,
                 todo ? 100.0 * static_cast<double>(done_pairs) / static_cast<double>(todo) : 100.0,
                 rate, static_cast<double>(done_cells) / seconds * 1e-9,
                 rate > 0 ? static_cast<double>(todo - done_pairs) / rate : 0.0);
  };

  const comm::align::DispatchOutcome outcome = dispatch.run(callbacks, stop_requested());
  spdlog::debug("every batch back at {:.1f} ms", elapsed() * 1e3);
  stream.finish();
  const double seconds = elapsed();
  if (outcome.any_failed) {
    discard_output(options, resuming);
    return outcome;
  }
  const bool interrupted = outcome.interrupted;
  if (interrupted) {
    std::uint64_t pending = 0;
    if (ordered && to_file) {
      const comm::align::BatchResults waiting = ordered->pending_results();
      pending = waiting.pair_ids.size();
      write_pending_results(options.output, record, waiting, options.traceback);
    }
    spdlog::warn(
        "interrupted: {} pairs are in {}.partial and {} more in {}; run again with --resume "
        "to finish",
        sink->written(), options.output, pending, pending_results_path(options.output));
  } else {
    if (!sink->complete()) {  // no half-written output, even after a bug
      discard_output(options, resuming);
      fail("internal error: {} of {} results written", sink->written(), plan.size());
    }
    writer.commit();
    if (to_file) {
      remove_job_record(options.output);
      remove_pending_results(options.output);
    }
  }
  // Aggregate rates, every rank's cells over its own time, summed over ranks. A rank's
  // aligners may overlap (two per GPU): "aligner" GCUPS divide by the wall time the rank
  // had at least one batch in an aligner, not by the aligners' summed seconds; aligners
  // sharing a GPU split its kernel time between them, so their sum is the GPU's.
  double compute_gcups = 0;
  double kernel_gcups = 0;
  RankStats total;
  nlohmann::json rank_reports = nlohmann::json::array();
  for (const auto& [rank, stats] : ranks) {
    total.pack_seconds += stats.pack_seconds;
    total.transfer_seconds += stats.transfer_seconds;
    total.kernel_seconds += stats.kernel_seconds;
    if (stats.busy_seconds > 0)
      compute_gcups += static_cast<double>(stats.cells) / stats.busy_seconds * 1e-9;
    if (stats.kernel_seconds > 0)
      kernel_gcups += static_cast<double>(stats.cells) / stats.kernel_seconds * 1e-9;
    rank_reports.push_back({{"rank", rank},
                            {"backend", stats.backend},
                            {"aligners", stats.aligners},
                            {"batches", stats.batches},
                            {"pairs", stats.pairs},
                            {"cells", stats.cells},
                            {"busy_seconds", stats.busy_seconds},
                            {"pack_seconds", stats.pack_seconds},
                            {"compute_seconds", stats.compute_seconds},
                            {"transfer_seconds", stats.transfer_seconds},
                            {"kernel_seconds", stats.kernel_seconds}});
  }
  const double gcups = static_cast<double>(done_cells) / std::max(seconds, 1e-9) * 1e-9;
  spdlog::info(
      "{} {} pairs in {:.2f} s: {:.2f} GCUPS end to end, {:.2f} GCUPS in the aligners, "
      "{:.2f} GCUPS in their kernels",
      interrupted ? "stopped after" : "aligned", done_pairs, seconds, gcups, compute_gcups,
      kernel_gcups);
  // Where the time went, summed over ranks and aligners (stages overlap one another).
  const nlohmann::json time_split = {
      {"load_seconds", before.load_seconds},       {"setup_seconds", before.setup_seconds},
      {"pack_seconds", total.pack_seconds},        {"transfer_seconds", total.transfer_seconds},
      {"kernel_seconds", total.kernel_seconds},    {"write_seconds", stream.seconds()},
      {"format_seconds", stream.format_seconds()}, {"file_seconds", stream.file_seconds()}};
  spdlog::info(
      "time: {:.2f} s loading the input and {:.2f} s setting up the aligners (before the "
      "dispatch), {:.2f} s reading and packing batches, {:.2f} s copying to and from GPUs, "
      "{:.2f} s in kernels, {:.2f} s writing results",
      before.load_seconds, before.setup_seconds, total.pack_seconds, total.transfer_seconds,
      total.kernel_seconds, stream.seconds());
  if (!options.report.empty()) {
    graph::write_report(options.report,
                        {{"command", "align"},
                         {"pairs", done_pairs},
                         {"pairs_total", plan.size()},
                         {"pairs_resumed", first + kept_pairs},
                         {"window_pairs", window},
                         {"cells", done_cells},
                         {"seconds", seconds},
                         {"gcups", gcups},
                         {"compute_gcups", compute_gcups},
                         {"kernel_gcups", kernel_gcups},
                         {"time_split", time_split},
                         {"sequences_read_by", !input.indexed            ? "rank 0"
                                               : before.sequences_on_gpu ? "every GPU"
                                                                         : "every rank"},
                         {"sequences_kept_on_gpu", before.sequences_on_gpu},
                         {"alphabet", alphabet_name(input.alphabet)},
                         {"scoring", input.scheme.description},
                         {"traceback", options.traceback},
                         {"interrupted", interrupted},
                         {"ranks", rank_reports}});
  }
  *exit_code = interrupted ? kExitInterrupted : kExitOk;
  return outcome;
}

// Every batch moves vectors of a few MB from thread to thread (pairs and slots, scores,
// output lines). glibc gives freed blocks above its mmap threshold, and the free top of a
// heap past its trim threshold, back to the kernel, so the next batch's vectors were mapped
// again and every page of them faulted and was cleared: half the time of cutting a batch.
// Blocks up to the largest threshold glibc allows now come from the heaps and stay there
// for the next batch; the job's peak memory is the same.
void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

}  // namespace

int run_align(const AlignOptions& given) {
  AlignOptions options = given;
  options.traceback = given.traceback || needs_alignment(parse_output_format(given.outfmt));
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  install_stop_handlers();
  keep_freed_memory();

  // Rank 0 indexes (or reads) the input; every rank then opens the indexed files itself.
  const auto load_start = Clock::now();
  AlignInput input;
  JobSetup setup;
  graph::run_collectively(comm, [&] {
    if (rank != 0) return;
    check_outputs(options);
    input = load_align_input(options);
    const LongestSequences longest = longest_sequences(input);
    check_score_range(input.scheme, longest.pair);
    setup = job_setup(input, longest);
  });
  comm::align::broadcast_object(comm, setup);
  std::unique_ptr<SequenceStore> store;
  graph::run_collectively(comm, [&] {
    if (!setup.files.empty())
      store = std::make_unique<IndexedSequences>(setup.files, setup.letter_codes, setup.alphabet);
    else if (rank == 0)
      store = std::make_unique<EncodedSequences>(input.queries, input.targets());
    // SAM, PAF and BLAST lines carry sequence lengths (SAM the query's residues too). Rank 0
    // then packs its own batches from the codes it holds rather than encoding the files again.
    if (rank == 0 && input.indexed && needs_alignment(parse_output_format(options.outfmt))) {
      read_residues(input, *store);
      store = std::make_unique<EncodedSequences>(input.queries, input.targets());
    }
  });
  const double load_seconds = seconds_since(load_start);

  const auto setup_start = Clock::now();
  const auto aligners = make_aligners(comm, options.backend, options.packed_scores,
                                      options.traceback, options.traceback_memory);
  std::unique_ptr<SequencesOnGpu> held_sequences;
  const auto upload_start = Clock::now();
  graph::run_collectively(comm, [&] {
    const int device = aligners.front()->device();
    if (!options.resident_sequences || device < 0) return;
    if (!setup.files.empty())
      held_sequences = SequencesOnGpu::upload(device, setup);
    else if (rank == 0)
      held_sequences = SequencesOnGpu::upload(device, input.queries, input.targets());
  });
  // Rank 0 tells the user (GPU memory the job keeps, or why its batches are packed); the
  // other ranks in the -v log.
  const auto level = rank == 0 ? spdlog::level::info : spdlog::level::debug;
  if (held_sequences)
    spdlog::log(level,
                "rank {}: sequences kept on the GPU: {} residues ({} MB of input text encoded "
                "there) in {:.2f} s",
                rank, held_sequences->residues(), held_sequences->text_bytes() >> 20,
                seconds_since(upload_start));
  else if (options.resident_sequences && aligners.front()->device() >= 0 &&
           (!setup.files.empty() || rank == 0))
    spdlog::log(level,
                "rank {}: batches packed on the host: the sequences need more than 1/{} of the "
                "GPU's free memory",
                rank, kernels::align::kResidentBudgetShare);
  // Batches over the sequences on the GPU are not packed: no residue buffer.
  for (const auto& aligner : aligners)
    aligner->prepare({held_sequences ? 0 : setup.largest_pool,
                      std::min(setup.largest_batch_pairs, kPreparedBatchPairs),
                      setup.largest_operations, setup.largest_target_residues, setup.longest_query},
                     options.traceback);
  spdlog::debug("rank {} aligns with {} x {}", rank, aligners.size(), aligners.front()->name());
  const bool on_gpu = aligners.front()->name().rfind("cuda", 0) == 0;
  const int team_threads = aligner_team_threads(comm, on_gpu, static_cast<int>(aligners.size()));
  spdlog::debug("rank {}: teams of {} threads in the aligners' host steps", rank, team_threads);
  const auto threads = static_cast<std::uint64_t>(omp_get_max_threads());
  comm::align::RankWorkers local;
  local.capacity_cells = options.batch_cells > 0 ? options.batch_cells
                                                 : (on_gpu ? BatchSource::kGpuCapacityCells
                                                           : std::uint64_t{300'000'000} * threads);
  local.floor_cells = std::min(local.capacity_cells, on_gpu ? BatchSource::kGpuFloorCells
                                                            : kHostFloorCellsPerThread * threads);
  const kernels::align::KernelScoring& scoring = setup.scoring;
  const bool traceback = options.traceback;
  const std::uint32_t top = options.top;
  const std::uint64_t targets = setup.targets;
  for (const auto& owned : aligners) {
    kernels::align::Aligner* aligner = owned.get();
    const SequenceStore* source = store.get();
    const SequencesOnGpu* held = held_sequences.get();
    local.workers.push_back([aligner, rank, source, held, &scoring, traceback, top, targets,
                             team_threads](comm::align::WorkBatch&& batch) {
      omp_set_num_threads(team_threads);  // this align thread's teams from here on
      // Packed straight into the aligner's buffer (pinned on GPUs): from the files, or
      // from the residues rank 0 shipped; or only pointed at the sequences on the GPU.
      const auto pack_start = Clock::now();
      kernels::align::PairBatch pairs;
      if (held) {
        held->place(batch, pairs);
      } else {
        std::uint8_t* residues = aligner->residue_buffer(batch.pool_size());
        if (source)
          pack_residues(batch, *source, residues);
        else
          std::memcpy(residues, batch.residues.data(), batch.residues.size());
        pairs.residues = residues;
        pairs.offsets = std::move(batch.offsets);
      }
      const double pack_seconds = seconds_since(pack_start);
      pairs.lengths = std::move(batch.lengths);
      pairs.query = std::move(batch.query);
      pairs.target = std::move(batch.target);
      const double before = aligner->compute_seconds();
      const double kernel_before = aligner->kernel_seconds();
      const double transfer_before = aligner->transfer_seconds();
      kernels::align::AlignedBatch results;
      aligner->align(pairs, scoring, traceback, results);
      comm::align::BatchResults out;
      out.id = batch.id;
      out.pair_ids = std::move(batch.pair_ids);
      out.cells = pairs.cells();
      out.pack_seconds = pack_seconds;
      out.compute_seconds = aligner->compute_seconds() - before;
      out.transfer_seconds = aligner->transfer_seconds() - transfer_before;
      out.kernel_seconds = aligner->kernel_seconds() - kernel_before;
      out.rank = rank;
      out.backend = aligner->name();
      out.scores = std::move(results.scores);
      out.cigars = std::move(results.cigars);
      out.regions = std::move(results.regions);
      if (top > 0 && traceback) drop_outside_top(out, top, targets);
      return out;
    });
  }

  // Rank 0's threads start now, before its output is set up (comm/align/dispatcher.hpp).
  std::optional<comm::align::RootDispatch> dispatch;
  if (rank == 0) dispatch.emplace(comm, local);
  const BeforeDispatch steps_before{load_seconds, seconds_since(setup_start),
                                    held_sequences != nullptr};
  int exit_code = kExitError;
  const comm::align::DispatchOutcome outcome =
      rank == 0 ? run_root(comm, options, input, *store, local, *dispatch, steps_before, &exit_code)
                : comm::align::run_worker(comm, local);
  // Every rank learns of an error any rank met (one message, from the rank that met it).
  graph::FirstError error;
  if (outcome.error) error.record(0, *outcome.error);
  graph::raise_first_error(error, comm);
  if (rank == 0) return exit_code;
  return stop_requested() ? kExitInterrupted : kExitOk;
}

}  // namespace wg::align
