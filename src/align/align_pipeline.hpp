// The align threads of one rank, fed through a small local queue: while some batches are
// aligned, the next is already there, so an aligner never waits for a message round trip
// or for a batch to be cut. Each thread has its own aligner (two on one GPU overlap one's
// host-side preparation and copies with the other's kernels). No MPI calls here.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "comm/align/messages.hpp"

namespace wg::align {

// Aligns one batch; not called concurrently for the same worker.
using BatchWorker = std::function<comm::align::BatchResults(comm::align::WorkBatch&&)>;

class AlignPipeline {
 public:
  using Source = std::function<std::optional<comm::align::WorkBatch>()>;

  // One align thread per worker (workers must outlive the pipeline). With a source, a feeder thread
  // keeps `depth` batches queued or aligning, pulling until the source returns nothing; without
  // one, the owner pushes batches and closes the pipeline.
  AlignPipeline(const std::vector<BatchWorker>& workers, std::size_t depth, Source source = {});
  ~AlignPipeline();
  AlignPipeline(const AlignPipeline&) = delete;
  AlignPipeline& operator=(const AlignPipeline&) = delete;

  void push(comm::align::WorkBatch&& batch);
  void close();  // no more batches: the threads finish the queued ones and stop

  // Moves finished results out; rethrows the first error of any thread.
  bool take(std::deque<comm::align::BatchResults>& into);
  std::size_t held() const;  // batches queued or being aligned
  bool drained() const;      // closed, and every batch aligned and taken, none failed
  // Waits until a batch finishes or the timeout passes.
  void wait(std::chrono::microseconds timeout);

 private:
  void align_loop(const BatchWorker& worker);
  void feed_loop(const Source& source);
  double busy_seconds_locked(std::chrono::steady_clock::time_point now) const;

  std::size_t depth_;
  int aligners_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;   // align threads: a batch queued or closing
  std::condition_variable space_ready_;  // feeder: below depth
  std::condition_variable finished_ready_;
  std::deque<comm::align::WorkBatch> queued_;
  std::deque<comm::align::BatchResults> finished_;
  std::size_t aligning_ = 0;
  bool closed_ = false;
  bool quit_ = false;
  std::exception_ptr error_;
  // Wall time with at least one batch in an aligner.
  std::chrono::steady_clock::time_point busy_since_;
  double busy_seconds_ = 0;
  std::vector<std::thread> threads_;
  std::thread feeder_;
};

}  // namespace wg::align
