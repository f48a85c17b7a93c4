// A batch whose aligner throws (a bad record found while packing it) leaves nothing queued
// or aligning, like a finished one: the pipeline must still not look drained, or a caller
// that checks drained() between two take() calls would end the run without the error.
#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <stdexcept>
#include <vector>

#include "src/align/align_pipeline.hpp"
#include "tests/align/pipeline_drain.hpp"

namespace wg::align {
namespace {

TEST(AlignPipeline, AFailedBatchIsNotDrainedAndItsErrorIsRethrown) {
  const std::vector<BatchWorker> workers = {
      [](comm::align::WorkBatch&&) -> comm::align::BatchResults {
        throw std::runtime_error("record 2: invalid letter");
      }};
  AlignPipeline pipeline(workers, 0);
  pipeline.push(comm::align::WorkBatch{});
  pipeline.close();
  while (pipeline.held() > 0) pipeline.wait(std::chrono::milliseconds(1));

  EXPECT_FALSE(pipeline.drained());
  std::deque<comm::align::BatchResults> finished;
  EXPECT_THROW(pipeline.take(finished), std::runtime_error);
  EXPECT_TRUE(finished.empty());
}

TEST(AlignPipeline, DrainedOnceEveryBatchIsTaken) {
  const std::vector<BatchWorker> workers = {[](comm::align::WorkBatch&& batch) {
    comm::align::BatchResults results;
    results.id = batch.id;
    return results;
  }};
  AlignPipeline pipeline(workers, 0);
  for (std::uint64_t id = 0; id < 3; ++id) {
    comm::align::WorkBatch batch;
    batch.id = id;
    pipeline.push(std::move(batch));
  }
  pipeline.close();
  const std::deque<comm::align::BatchResults> finished = drain(pipeline);
  ASSERT_EQ(finished.size(), 3u);
  for (std::uint64_t id = 0; id < 3; ++id) EXPECT_EQ(finished[id].id, id);
}

}  // namespace
}  // namespace wg::align
