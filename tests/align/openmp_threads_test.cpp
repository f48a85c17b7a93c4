// --threads sets the rank's OpenMP thread count on the main thread (omp_set_num_threads),
// but OpenMP keeps that count per thread: the align threads (packing, CIGAR strings, the
// host aligner) and the writer thread (formatting) must open teams of the same size, not
// of the process default.
#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <deque>
#include <vector>

#include "src/align/align_pipeline.hpp"
#include "src/align/result_stream.hpp"
#include "tests/align/pipeline_drain.hpp"

namespace wg::align {
namespace {

// Sets a count unlike the process default for one test, and restores it.
class OpenMpThreads : public ::testing::Test {
 protected:
  void SetUp() override {
    default_ = omp_get_max_threads();
    omp_set_num_threads(wanted());
  }
  void TearDown() override { omp_set_num_threads(default_); }
  int wanted() const { return default_ + 3; }

 private:
  int default_ = 1;
};

// Team size of a parallel region opened on the calling thread.
int team_size() {
  int size = 0;
#pragma omp parallel
  {
#pragma omp single
    size = omp_get_num_threads();
  }
  return size;
}

TEST_F(OpenMpThreads, AlignThreadsOpenTeamsOfTheStartingThreadsCount) {
  std::atomic<int> seen{0};
  const std::vector<BatchWorker> workers(2, [&](comm::align::WorkBatch&& batch) {
    seen = team_size();
    comm::align::BatchResults results;
    results.id = batch.id;
    return results;
  });
  AlignPipeline pipeline(workers, 0);
  pipeline.push(comm::align::WorkBatch{});
  pipeline.close();
  const std::deque<comm::align::BatchResults> finished = drain(pipeline);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(seen, wanted());
}

class CountingSink final : public ResultSink {
 public:
  void store(comm::align::BatchResults&) override {
    threads = omp_get_max_threads();
    ++batches;
  }
  bool append_next(fmt::memory_buffer&) override { return false; }
  bool complete() const override { return batches == 1; }
  std::uint64_t written() const override { return 0; }
  int threads = 0;
  int batches = 0;
};

TEST_F(OpenMpThreads, TheWriterThreadHasTheStartingThreadsCount) {
  CountingSink sink;
  ResultWriter writer("-", false);
  ResultStream stream(sink, writer);
  stream.submit(comm::align::BatchResults{});
  stream.finish();
  ASSERT_EQ(sink.batches, 1);
  EXPECT_EQ(sink.threads, wanted());
}

}  // namespace
}  // namespace wg::align
