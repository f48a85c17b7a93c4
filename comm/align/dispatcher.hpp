// Pull-based distribution of alignment batches over MPI ranks.
//
// Rank 0 runs the dispatcher: its main thread answers workers' requests (MPI only from
// this thread) while a second thread aligns batches on rank 0 itself. Every worker pulls
// its next batch when it returns the last one, so a slower rank simply takes fewer.
// Results reach the sink on rank 0's main thread, in the order they finish.
#pragma once

#include <mpi.h>

#include <atomic>
#include <functional>
#include <optional>

#include "align/messages.hpp"

namespace wg::align {

struct DispatchCallbacks {
  // Next batch of at most about `capacity_cells` cells, or nothing when all are handed out.
  std::function<std::optional<WorkBatch>(std::uint64_t capacity_cells)> next_batch;
  // Results of one batch (rank 0, main thread).
  std::function<void(BatchResults&&)> accept;
  // Called about every few hundred milliseconds on rank 0's main thread.
  std::function<void()> tick;
};

using BatchWorker = std::function<BatchResults(WorkBatch&&)>;

enum class DispatchOutcome { completed, interrupted };

// Rank 0. Returns once every batch handed out has come back and every worker was told to
// stop: after all batches, or early when `stop` becomes true (no new batches then).
DispatchOutcome run_dispatcher(MPI_Comm comm, const DispatchCallbacks& callbacks,
                               const BatchWorker& local_worker, std::uint64_t local_capacity,
                               const std::atomic<bool>& stop);

// Ranks other than 0: pull, align, return, until told to stop.
void run_worker(MPI_Comm comm, const BatchWorker& worker, std::uint64_t capacity_cells);

// Sends the job set-up from rank 0 to every rank (collective).
JobSetup broadcast_setup(MPI_Comm comm, const JobSetup& setup);

}  // namespace wg::align
