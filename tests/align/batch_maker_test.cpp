// Rank 0's helper threads for other ranks' batches (src/align/batch_maker.hpp): every ask
// is answered for its rank, with the batch archived without its residues; the main thread
// can tell that a batch is still being made; no batch once stopped; errors come back.
#include "src/align/batch_maker.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <future>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

namespace wg::align {
namespace {

// Waits until the makers have answered every ask, taking the answers as they come.
std::deque<BatchMaker::Answer> answers_of(BatchMaker& maker, std::size_t expected) {
  std::deque<BatchMaker::Answer> answers;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (answers.size() < expected && std::chrono::steady_clock::now() < deadline) {
    maker.take(answers);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return answers;
}

TEST(AlignBatchMaker, EveryAskIsAnsweredWithItsBatchArchivedWithoutResidues) {
  std::atomic<std::uint64_t> next_id{0};
  const std::atomic<bool> stop{false};
  BatchMaker maker(
      [&](std::uint64_t capacity, std::uint64_t floor) -> std::optional<comm::align::WorkBatch> {
        comm::align::WorkBatch batch;
        batch.id = next_id++;
        batch.pair_ids = {100 + batch.id, 200 + batch.id};
        batch.sequences = {1, 2, 3};
        batch.lengths = {static_cast<std::uint32_t>(capacity), static_cast<std::uint32_t>(floor),
                         7};
        batch.query = {0, 1};
        batch.target = {2, 2};
        batch.place_slots_back_to_back();
        batch.residues.assign(batch.pool_size(), 9);  // shipped apart from the archive
        return batch;
      },
      stop, 2);
  maker.ask(2, 5, 4);
  maker.ask(3, 6, 4);
  maker.ask(2, 8, 4);
  std::deque<BatchMaker::Answer> answers = answers_of(maker, 3);
  ASSERT_EQ(answers.size(), 3u);
  EXPECT_FALSE(maker.answering());
  std::multiset<std::pair<int, std::uint32_t>> asked;  // rank, capacity
  for (BatchMaker::Answer& answer : answers) {
    ASSERT_TRUE(answer.batch);
    const auto archived = comm::align::from_bytes<comm::align::WorkBatch>(answer.archive);
    EXPECT_EQ(archived.id, answer.batch->id);
    EXPECT_EQ(archived.pair_ids, answer.batch->pair_ids);
    EXPECT_EQ(archived.sequences, answer.batch->sequences);
    EXPECT_EQ(archived.lengths, answer.batch->lengths);
    EXPECT_EQ(archived.offsets, answer.batch->offsets);
    EXPECT_EQ(archived.query, answer.batch->query);
    EXPECT_EQ(archived.target, answer.batch->target);
    EXPECT_TRUE(archived.residues.empty());
    EXPECT_EQ(answer.batch->residues.size(), answer.batch->pool_size());
    asked.insert({answer.rank, answer.batch->lengths[0]});
  }
  const std::multiset<std::pair<int, std::uint32_t>> expected{{2, 5}, {3, 6}, {2, 8}};
  EXPECT_EQ(asked, expected);
}

TEST(AlignBatchMaker, AnsweringWhileABatchIsBeingMade) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  const std::atomic<bool> stop{false};
  BatchMaker maker(
      [&](std::uint64_t, std::uint64_t) -> std::optional<comm::align::WorkBatch> {
        released.wait();
        return std::nullopt;  // the job's pairs are all handed out
      },
      stop, 1);
  EXPECT_FALSE(maker.answering());
  maker.ask(1, 10, 1);
  EXPECT_TRUE(maker.answering());
  std::deque<BatchMaker::Answer> none;
  EXPECT_FALSE(maker.take(none));
  release.set_value();
  std::deque<BatchMaker::Answer> answers = answers_of(maker, 1);
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_FALSE(answers[0].batch);  // tell the rank to stop
  EXPECT_TRUE(answers[0].archive.empty());
  EXPECT_FALSE(maker.answering());
}

TEST(AlignBatchMaker, NoBatchOnceStoppedAndAnErrorComesBack) {
  std::atomic<bool> stop{true};
  std::atomic<int> made{0};
  BatchMaker stopped(
      [&](std::uint64_t, std::uint64_t) -> std::optional<comm::align::WorkBatch> {
        ++made;
        return comm::align::WorkBatch{};
      },
      stop, 1);
  stopped.ask(1, 10, 1);
  std::deque<BatchMaker::Answer> answers = answers_of(stopped, 1);
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_FALSE(answers[0].batch);
  EXPECT_EQ(made.load(), 0);

  const std::atomic<bool> go{false};
  BatchMaker failing(
      [](std::uint64_t, std::uint64_t) -> std::optional<comm::align::WorkBatch> {
        throw std::runtime_error("record 7 of b.fa: invalid letter");
      },
      go, 1);
  failing.ask(1, 10, 1);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (failing.answering() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_FALSE(failing.answering());
  std::deque<BatchMaker::Answer> failed;
  EXPECT_THROW(failing.take(failed), std::runtime_error);
}

}  // namespace
}  // namespace wg::align
