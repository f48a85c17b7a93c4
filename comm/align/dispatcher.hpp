// Pull-based distribution of alignment batches over MPI ranks.
//
// Rank 0 runs the dispatcher: its main thread answers workers' requests (MPI only from
// this thread; helper threads cut their batches) while its own align threads take
// batches straight from the source. Every
// rank keeps its aligners fed through an AlignPipeline: a worker asks for batches ahead
// (one more than it has aligners), so the next batch is already there when one finishes,
// and returns each batch's results as soon as they are ready. A slower rank simply pulls
// fewer batches. Results reach the sink on rank 0's main thread, in the order they finish.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "comm/align/messages.hpp"
#include "src/align/align_pipeline.hpp"
#include "src/align/batch_maker.hpp"

namespace wg::comm::align {

struct DispatchCallbacks {
  // Next batch for rank 0's own aligners, taking at most `capacity_cells` cells and, while
  // there is enough work left, at least `floor_cells`; nothing when all are handed out.
  // Called from rank 0's feeder thread.
  using NextBatch = std::function<std::optional<WorkBatch>(std::uint64_t capacity_cells,
                                                           std::uint64_t floor_cells)>;
  NextBatch next_batch;
  // The same for another rank (with its residues when that rank cannot read them). Called
  // from rank 0's helper threads, possibly at the same time as next_batch.
  NextBatch remote_batch;
  // Results of one batch (rank 0, main thread).
  std::function<void(BatchResults&&)> accept;
  // Called about every few hundred milliseconds on rank 0's main thread.
  std::function<void()> tick;
};

// One rank's aligners (one BatchWorker each) and the batch sizes they take.
struct RankWorkers {
  std::vector<wg::align::BatchWorker> workers;
  std::uint64_t capacity_cells = 0;
  std::uint64_t floor_cells = 0;
};

// How a rank's part of the dispatch ended. A rank whose aligners failed (a bad record
// in a batch it packed) keeps its error here rather than throwing, so that every rank
// finishes the dispatch and they can agree on the error together afterwards.
struct DispatchOutcome {
  bool interrupted = false;          // stopped early by `stop`
  bool any_failed = false;           // rank 0: some rank failed (no more batches were handed out)
  std::optional<std::string> error;  // this rank's own error
};

// Rank 0's side. Its threads (its aligners', their feeder's, and the helpers that cut other
// ranks' batches) start when it is made, during the set-up, and wait for run(): started at
// the dispatch, beside the window readers faulting in fresh pages, each start took 0.06-0.3
// ms, and a protein job's first batch waited 0.75 ms for its align thread.
class RootDispatch {
 public:
  RootDispatch(MPI_Comm comm, const RankWorkers& local);  // `local` must outlive it
  ~RootDispatch();
  RootDispatch(const RootDispatch&) = delete;
  RootDispatch& operator=(const RootDispatch&) = delete;

  // Once. Returns once every worker has returned all its batches and was told to stop:
  // after all batches, or early when `stop` becomes true or a rank fails (no new batches
  // then; batches already handed out are finished, or dropped by a failed rank).
  DispatchOutcome run(const DispatchCallbacks& callbacks, const std::atomic<bool>& stop);

 private:
  void release();  // lets the feeder ask for batches (nothing once halt_ is set)
  // Stops and joins the threads (they call run()'s callbacks, which end with it), whether
  // run() ended, failed, or never ran.
  void join();

  MPI_Comm comm_;
  int size_ = 1;
  const RankWorkers& local_;
  // No new batches: stop was asked for, a rank failed, or the dispatch is over.
  std::atomic<bool> halt_{false};
  const DispatchCallbacks* callbacks_ = nullptr;  // run()'s
  std::promise<void> start_;
  std::shared_future<void> started_;
  bool released_ = false;
  std::optional<wg::align::BatchMaker> maker_;
  std::optional<wg::align::AlignPipeline> pipeline_;
};

// Ranks other than 0: pull, align, return, until told to stop.
DispatchOutcome run_worker(MPI_Comm comm, const RankWorkers& local);

}  // namespace wg::comm::align
