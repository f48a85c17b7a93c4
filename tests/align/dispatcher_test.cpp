// The alignment dispatcher over MPI ranks: every batch is aligned once and its results
// reach rank 0 once, whichever rank pulled it; a worker rank whose aligner fails (a bad
// record found while packing its batch) stops the dispatch: every rank returns, and the
// error, agreed on all ranks, is reported by the failing rank alone; and rank 0's threads,
// started before the dispatch, stop unused when it never runs.
#include "comm/align/dispatcher.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <vector>

#include "src/common/error.hpp"
#include "src/graph/collective_error.hpp"

namespace wg::align {
namespace {

constexpr std::uint64_t kBatches = 200;

class CountingSource {
 public:
  std::optional<comm::align::WorkBatch> next() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (next_ == kBatches) return std::nullopt;
    comm::align::WorkBatch batch;
    batch.id = next_;
    batch.pair_ids = {next_};
    ++next_;
    return batch;
  }

 private:
  std::mutex mutex_;
  std::uint64_t next_ = 0;
};

comm::align::BatchResults result_of(const comm::align::WorkBatch& batch, int rank) {
  comm::align::BatchResults results;
  results.id = batch.id;
  results.pair_ids = batch.pair_ids;
  results.scores = {static_cast<std::int32_t>(3 * batch.id)};
  results.rank = rank;
  return results;
}

comm::align::RankWorkers one_worker(BatchWorker worker) {
  comm::align::RankWorkers local;
  local.workers.push_back(std::move(worker));
  local.capacity_cells = 1;
  local.floor_cells = 1;
  return local;
}

int rank_of(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

// A communicator of its own per test: a run holds one dispatch, and the messages of one
// test's dispatch must not reach the next one's.
class OwnComm {
 public:
  OwnComm() { MPI_Comm_dup(MPI_COMM_WORLD, &comm_); }
  ~OwnComm() { MPI_Comm_free(&comm_); }
  operator MPI_Comm() const { return comm_; }

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
};

TEST(AlignDispatcher, EveryBatchComesBackOnce) {
  const OwnComm comm;
  const int rank = rank_of(comm);
  const comm::align::RankWorkers local =
      one_worker([rank](comm::align::WorkBatch&& batch) { return result_of(batch, rank); });
  const std::atomic<bool> stop{false};
  if (rank != 0) {
    EXPECT_FALSE(comm::align::run_worker(comm, local).error);
    return;
  }
  CountingSource source;
  std::vector<int> seen(kBatches, 0);
  comm::align::DispatchCallbacks callbacks;
  callbacks.next_batch = [&](std::uint64_t, std::uint64_t) { return source.next(); };
  callbacks.remote_batch = callbacks.next_batch;
  callbacks.accept = [&](comm::align::BatchResults&& results) {
    ASSERT_EQ(results.pair_ids.size(), 1u);
    EXPECT_EQ(results.scores.at(0), static_cast<std::int32_t>(3 * results.id));
    ++seen.at(results.id);
  };
  callbacks.tick = [] {};
  const comm::align::DispatchOutcome outcome =
      comm::align::RootDispatch(comm, local).run(callbacks, stop);
  EXPECT_FALSE(outcome.error);
  EXPECT_FALSE(outcome.any_failed);
  EXPECT_FALSE(outcome.interrupted);
  for (std::uint64_t id = 0; id < kBatches; ++id) EXPECT_EQ(seen[id], 1) << "batch " << id;
}

TEST(AlignDispatcher, AWorkersBadRecordStopsEveryRankWithOneAgreedError) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size == 1) GTEST_SKIP() << "needs a worker rank";
  const OwnComm comm;
  const int rank = rank_of(comm);
  const int failing = size - 1;
  const std::string message =
      "reads.fa: record 7 'x' (line 13): invalid dna letter 'J' at position 2";
  const comm::align::RankWorkers local = one_worker([&, rank](comm::align::WorkBatch&& batch) {
    if (rank == failing) throw Error(message);
    return result_of(batch, rank);
  });
  const std::atomic<bool> stop{false};
  comm::align::DispatchOutcome outcome;
  if (rank == 0) {
    CountingSource source;
    comm::align::DispatchCallbacks callbacks;
    // Only the workers align, so the failing one surely gets batches.
    callbacks.next_batch = [](std::uint64_t,
                              std::uint64_t) -> std::optional<comm::align::WorkBatch> {
      return std::nullopt;
    };
    callbacks.remote_batch = [&](std::uint64_t, std::uint64_t) { return source.next(); };
    callbacks.accept = [](comm::align::BatchResults&&) {};
    callbacks.tick = [] {};
    outcome = comm::align::RootDispatch(comm, local).run(callbacks, stop);
    EXPECT_TRUE(outcome.any_failed);
    EXPECT_FALSE(outcome.error);
  } else {
    outcome = comm::align::run_worker(comm, local);
    EXPECT_EQ(outcome.error.has_value(), rank == failing);
  }
  graph::FirstError error;
  if (outcome.error) error.record(0, *outcome.error);
  try {
    graph::raise_first_error(error, comm);
    ADD_FAILURE() << "no rank learned of the error";
  } catch (const AgreedError& agreed) {
    EXPECT_EQ(agreed.what(), message);
    EXPECT_EQ(agreed.found_here(), rank == failing);
  }
}

// Rank 0's threads start before its output is set up; when that fails, the dispatch is
// never run, and its threads stop without aligning anything.
TEST(AlignDispatcher, ADispatchNeverRunStopsItsThreadsUnused) {
  const OwnComm comm;
  std::atomic<int> aligned{0};
  const comm::align::RankWorkers local = one_worker([&](comm::align::WorkBatch&& batch) {
    ++aligned;
    return result_of(batch, 0);
  });
  { const comm::align::RootDispatch unused(comm, local); }
  EXPECT_EQ(aligned, 0);
}

}  // namespace
}  // namespace wg::align
