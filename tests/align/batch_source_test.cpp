// Batch cutting: the plan's cell count against a direct sum in every pairing mode (also
// from a resume point), every pair handed out exactly once across windows (none that an
// earlier run finished) with its own residues (packed from the store, in parallel for
// large batches), each sequence stored once per batch, pairs ordered by lengths inside a
// window (windows read ahead several at a time, still handed out in order), and guided
// batch sizes: about the remaining cells over twice the batches in flight, never above the
// capacity, never below the floor while work is left, and residue pools bounded for
// data-heavy jobs.
#include "src/align/batch_source.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

#include "src/align/sequence_store.hpp"

namespace wg::align {
namespace {

std::vector<Sequence> random_sequences(std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> length(1, 40);
  std::uniform_int_distribution<int> code(0, 3);
  std::vector<Sequence> sequences(count);
  for (std::size_t i = 0; i < count; ++i) {
    sequences[i].id = "s" + std::to_string(i);
    sequences[i].codes.resize(static_cast<std::size_t>(length(rng)));
    for (auto& c : sequences[i].codes) c = static_cast<std::uint8_t>(code(rng));
  }
  return sequences;
}

std::vector<std::uint32_t> lengths(const std::vector<Sequence>& sequences) {
  std::vector<std::uint32_t> out;
  for (const auto& s : sequences) out.push_back(static_cast<std::uint32_t>(s.codes.size()));
  return out;
}

std::uint64_t direct_cells(const PairPlan& plan, std::uint64_t first,
                           const std::vector<Sequence>& queries,
                           const std::vector<Sequence>& targets) {
  std::uint64_t cells = 0;
  for (std::uint64_t i = first; i < plan.size(); ++i) {
    const PairRef pair = plan.at(i);
    cells += queries[pair.query].codes.size() * targets[pair.target].codes.size();
  }
  return cells;
}

TEST(AlignPairPlan, CellsFromMatchesDirectSum) {
  const auto queries = random_sequences(23, 1);
  const auto targets = random_sequences(17, 2);
  const PairPlan pairs(PairMode::pairs, 23, 23);
  const PairPlan all(PairMode::all_vs_all, 23, 23);
  const PairPlan cross(PairMode::query_target, 23, 17);
  for (const std::uint64_t first : {0, 1, 5, 22, 100, 252, 253, 390, 391}) {
    if (first <= pairs.size()) {
      EXPECT_EQ(pairs.cells_from(first, lengths(queries), lengths(queries)),
                direct_cells(pairs, first, queries, queries))
          << "pairs from " << first;
    }
    if (first <= all.size()) {
      EXPECT_EQ(all.cells_from(first, lengths(queries), lengths(queries)),
                direct_cells(all, first, queries, queries))
          << "all-vs-all from " << first;
    }
    EXPECT_EQ(cross.cells_from(first, lengths(queries), lengths(targets)),
              direct_cells(cross, first, queries, targets))
        << "query x target from " << first;
  }
}

// A batch with its residues packed from the store, as the rank aligning it does.
struct Packed {
  comm::align::WorkBatch batch;
  std::vector<std::uint8_t> residues;
};
Packed packed(comm::align::WorkBatch&& batch, const SequenceStore& store) {
  Packed out{std::move(batch), {}};
  out.residues.resize(out.batch.pool_size());
  pack_residues(out.batch, store, out.residues.data());
  return out;
}

// Sequences shared by pairs (query x target; all-vs-all for guided sizes), stored once per
// batch, and pairs of two files (each sequence in one pair: batches laid out by the
// window's reader).
class AlignBatchSourceModes : public ::testing::TestWithParam<PairMode> {};

TEST_P(AlignBatchSourceModes, EveryPairOnceWithItsResiduesAndSequencesStoredOnce) {
  const bool pairs = GetParam() == PairMode::pairs;
  const auto queries = random_sequences(30, 3);
  const auto targets = random_sequences(pairs ? 30 : 11, 4);
  const auto query_lengths = lengths(queries);
  const auto target_lengths = lengths(targets);
  const EncodedSequences store(queries, targets);
  const PairPlan plan(GetParam(), 30, static_cast<std::uint32_t>(targets.size()));
  // Resume at 7, windows of 37 pairs (pairs: 5).
  BatchSource source(query_lengths, target_lengths, plan, 7, {}, pairs ? 5 : 37, 2);
  std::set<std::uint64_t> seen;
  while (auto cut = source.next(500, 100)) {
    const auto [batch, residues] = packed(std::move(*cut), store);
    ASSERT_FALSE(batch.pair_ids.empty());
    std::set<std::pair<std::uint32_t, std::uint32_t>> stored;  // (offset, length) per slot
    for (std::size_t s = 0; s < batch.lengths.size(); ++s)
      EXPECT_TRUE(
          stored.insert({static_cast<std::uint32_t>(batch.offsets[s]), batch.lengths[s]}).second);
    std::size_t distinct_sequences = 0;
    std::set<std::uint32_t> query_records, target_records;
    for (std::size_t k = 0; k < batch.pair_ids.size(); ++k) {
      const std::uint64_t id = batch.pair_ids[k];
      EXPECT_TRUE(seen.insert(id).second) << "pair " << id << " handed out twice";
      const PairRef pair = plan.at(id);
      query_records.insert(pair.query);
      target_records.insert(pair.target);
      const auto& q = queries[pair.query].codes;
      const auto& t = targets[pair.target].codes;
      const std::uint32_t qs = batch.query[k], ts = batch.target[k];
      ASSERT_EQ(batch.lengths[qs], q.size());
      ASSERT_EQ(batch.lengths[ts], t.size());
      EXPECT_EQ(batch.sequences[qs], pair.query);
      EXPECT_EQ(batch.sequences[ts], 30 + pair.target);
      EXPECT_TRUE(std::equal(q.begin(), q.end(),
                             residues.begin() + static_cast<std::ptrdiff_t>(batch.offsets[qs])));
      EXPECT_TRUE(std::equal(t.begin(), t.end(),
                             residues.begin() + static_cast<std::ptrdiff_t>(batch.offsets[ts])));
    }
    distinct_sequences = query_records.size() + target_records.size();
    EXPECT_EQ(batch.lengths.size(), distinct_sequences) << "each sequence once per batch";
  }
  EXPECT_EQ(seen.size(), plan.size() - 7);
  EXPECT_EQ(*seen.begin(), 7u);
  EXPECT_EQ(source.remaining_cells(), 0u);
  EXPECT_FALSE(source.next(500, 100));
}

// A resume with finished pairs kept beside the partial file: those are never handed out,
// also when they fill a whole window (windows of 10 pairs; 20..29 are all done), and the
// remaining cells count only the pairs still to compute.
TEST(AlignBatchSource, PairsDoneByAnEarlierRunAreSkipped) {
  const auto queries = random_sequences(12, 5);
  const auto query_lengths = lengths(queries);
  const PairPlan plan(PairMode::all_vs_all, 12, 12);  // 66 pairs
  std::vector<std::uint64_t> done{4, 9, 11};
  for (std::uint64_t id = 20; id < 30; ++id) done.push_back(id);
  done.push_back(65);
  BatchSource source(query_lengths, query_lengths, plan, 3, done, 10, 2);
  std::set<std::uint64_t> seen;
  std::uint64_t cells = 0;
  while (auto batch = source.next(300, 50)) {
    for (const std::uint64_t id : batch->pair_ids) {
      EXPECT_TRUE(seen.insert(id).second) << "pair " << id << " handed out twice";
      const PairRef pair = plan.at(id);
      cells += std::uint64_t{query_lengths[pair.query]} * query_lengths[pair.target];
    }
  }
  std::set<std::uint64_t> expected;
  for (std::uint64_t id = 3; id < plan.size(); ++id)
    if (!std::binary_search(done.begin(), done.end(), id)) expected.insert(id);
  EXPECT_EQ(seen, expected);
  std::uint64_t done_cells = 0;
  for (const std::uint64_t id : done) {
    const PairRef pair = plan.at(id);
    done_cells += std::uint64_t{query_lengths[pair.query]} * query_lengths[pair.target];
  }
  EXPECT_EQ(cells + done_cells, direct_cells(plan, 3, queries, queries));
  EXPECT_EQ(source.remaining_cells(), 0u);
}

// 32 pairs of 300,000-residue sequences in one batch: 19 MB of residues, packed on
// several threads, each sequence at its offset.
TEST(AlignBatchSource, LargeBatchesArePackedInParallelAtTheRightOffsets) {
  std::vector<Sequence> queries(32), targets(32);
  for (std::size_t i = 0; i < 32; ++i) {
    queries[i] = {"q" + std::to_string(i),
                  std::vector<std::uint8_t>(300'000 + i, static_cast<std::uint8_t>(i % 7))};
    targets[i] = {"t" + std::to_string(i),
                  std::vector<std::uint8_t>(299'000 - i, static_cast<std::uint8_t>(10 + i % 5))};
  }
  const PairPlan plan(PairMode::pairs, 32, 32);
  const auto query_lengths = lengths(queries);
  const auto target_lengths = lengths(targets);
  BatchSource source(query_lengths, target_lengths, plan, 0, {}, 64, 1);
  auto cut = source.next(std::uint64_t{1} << 62, std::uint64_t{1} << 62);  // all at once
  ASSERT_TRUE(cut);
  ASSERT_GT(cut->pool_size(), std::uint64_t{16} << 20);
  const auto [batch, residues] = packed(std::move(*cut), EncodedSequences(queries, targets));
  ASSERT_EQ(batch.pair_ids.size(), 32u);
  ASSERT_EQ(residues.size(),
            std::accumulate(batch.lengths.begin(), batch.lengths.end(), std::size_t{0}));
  for (std::size_t k = 0; k < 32; ++k) {
    const auto& q = queries[batch.pair_ids[k]].codes;
    const auto& t = targets[batch.pair_ids[k]].codes;
    EXPECT_TRUE(
        std::equal(q.begin(), q.end(),
                   residues.begin() + static_cast<std::ptrdiff_t>(batch.offsets[batch.query[k]])));
    EXPECT_TRUE(
        std::equal(t.begin(), t.end(),
                   residues.begin() + static_cast<std::ptrdiff_t>(batch.offsets[batch.target[k]])));
  }
  EXPECT_FALSE(source.next(std::uint64_t{1} << 62, std::uint64_t{1} << 62));
}

// Inside a window, pairs go out by query length, then target length, then place, over
// lengths that take one and two digits of the window sort.
TEST(AlignBatchSource, PairsGoOutByLengthsThenPlace) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::uint32_t> length(1, 100'000);
  constexpr std::uint32_t kPairs = 5000;
  std::vector<std::uint32_t> query_lengths(kPairs), target_lengths(kPairs);
  for (std::uint32_t k = 0; k < kPairs; ++k) {
    query_lengths[k] = k % 3 == 0 ? length(rng) % 2000 + 1 : length(rng);
    target_lengths[k] = k % 5 == 0 ? query_lengths[k] : length(rng);
  }
  const PairPlan plan(PairMode::pairs, kPairs, kPairs);
  const std::size_t window = 1024;
  BatchSource source(query_lengths, target_lengths, plan, 0, {}, window, 2);
  std::vector<std::uint64_t> order;
  while (const auto batch = source.next(std::uint64_t{1} << 40, 1))
    order.insert(order.end(), batch->pair_ids.begin(), batch->pair_ids.end());
  ASSERT_EQ(order.size(), kPairs);
  for (std::size_t k = 0; k < kPairs; ++k) {
    const std::uint64_t first = k / window * window;
    std::vector<std::uint64_t> expected(std::min<std::size_t>(window, kPairs - first));
    std::iota(expected.begin(), expected.end(), first);
    std::stable_sort(expected.begin(), expected.end(), [&](std::uint64_t a, std::uint64_t b) {
      return std::pair(query_lengths[a], target_lengths[a]) <
             std::pair(query_lengths[b], target_lengths[b]);
    });
    ASSERT_EQ(order[k], expected[k - first]) << "place " << k;
  }
}

// Two windows read ahead of the largest, four of a million-pair job's, eight of the
// smallest (so that a job of small windows, one batch each, never waits for the next one
// to be read).
TEST(AlignBatchSource, WindowsReadAheadHoldAboutTheSamePairs) {
  EXPECT_EQ(BatchSource::windows_ahead(BatchSource::kMaxWindowPairs), 2u);
  EXPECT_EQ(BatchSource::windows_ahead(BatchSource::window_pairs(1'000'000)), 4u);
  EXPECT_EQ(BatchSource::windows_ahead(BatchSource::kMinWindowPairs), 8u);
  EXPECT_EQ(BatchSource::windows_ahead(10), BatchSource::kMaxWindowsAhead);
}

// All-vs-all (cut pair by pair) and pairs of two files (cut from the window's layout).
TEST_P(AlignBatchSourceModes, GuidedSizesShrinkWithTheRemainingWork) {
  const bool pairs = GetParam() == PairMode::pairs;
  const auto sequences = random_sequences(pairs ? 20'000 : 200, 5);
  const auto targets = pairs ? random_sequences(20'000, 6) : sequences;
  const auto count = static_cast<std::uint32_t>(sequences.size());
  const PairPlan plan(pairs ? PairMode::pairs : PairMode::all_vs_all, count, count);
  const int in_flight = 4;
  const std::uint64_t capacity = 10'000'000;
  const std::uint64_t floor = 2'000;
  const auto sequence_lengths = lengths(sequences);
  const auto target_lengths = lengths(targets);
  const auto& targets_lengths = pairs ? target_lengths : sequence_lengths;
  BatchSource source(sequence_lengths, targets_lengths, plan, 0, {}, 1 << 16,
                     in_flight);  // one window
  const std::uint64_t total = source.remaining_cells();
  ASSERT_EQ(total, direct_cells(plan, 0, sequences, targets));
  std::uint64_t handed_out = 0;
  std::size_t batches = 0;
  constexpr std::uint64_t kLongestPair = 40 * 40;
  while (true) {
    const std::uint64_t before = source.remaining_cells();
    const auto batch = source.next(capacity, floor);
    if (!batch) break;
    EXPECT_EQ(batch->pair_ids.size(), batch->query.size());
    ++batches;
    std::uint64_t cells = 0;
    const comm::align::WorkBatch& cut = *batch;
    for (std::size_t k = 0; k < cut.query.size(); ++k)
      cells += std::uint64_t{cut.lengths[cut.query[k]]} * cut.lengths[cut.target[k]];
    handed_out += cells;
    EXPECT_EQ(source.remaining_cells(), before - cells);
    const std::uint64_t goal = std::min(capacity, std::max(floor, before / (2 * in_flight)));
    EXPECT_LE(cells, goal) << "batch " << batches;
    // Only the last batch may stop before the next pair would overflow the goal.
    if (source.remaining_cells() > 0) {
      EXPECT_GT(cells + kLongestPair, goal) << "batch " << batches;
    }
  }
  EXPECT_EQ(handed_out, total);
  // Geometric shrinking: about 2 x in_flight x ln(total / floor) batches, far more than the
  // total / capacity a fixed size would give, and far fewer than total / floor.
  EXPECT_GT(batches, static_cast<std::size_t>(2 * in_flight));
  EXPECT_LT(batches, total / floor / 2);
  // The first batch takes an eighth of the job (capacity permitting).
  BatchSource fresh(sequence_lengths, targets_lengths, plan, 0, {}, 1 << 16, in_flight);
  const auto first = fresh.next(capacity, floor);
  std::uint64_t first_cells = total - fresh.remaining_cells();
  EXPECT_LE(first_cells, total / 8);
  EXPECT_GT(first_cells, total / 8 - kLongestPair);
  ASSERT_TRUE(first);
}

INSTANTIATE_TEST_SUITE_P(SharedSequencesAndPairs, AlignBatchSourceModes,
                         ::testing::Values(PairMode::query_target, PairMode::pairs));

// Data-heavy jobs (pairs of long sequences, each used once) are cut by residues as well as
// by cells: a batch stops when its pool passes kMaxBatchResidues or its cells reach the
// guided share, no pool passes largest_pool (which the aligners size their buffers for),
// and the cap binds while the guided share is larger (a quarter of the job at first).
TEST(AlignBatchSource, ResiduePoolsStayUnderTheLargestPool) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::uint32_t> length(1000, 3000);
  constexpr std::uint32_t kPairs = 48'000;
  std::vector<std::uint32_t> query_lengths(kPairs), target_lengths(kPairs);
  std::uint64_t residues = 0;
  std::uint64_t longest_pair = 0;
  std::uint64_t most_cells = 0;
  for (std::uint32_t k = 0; k < kPairs; ++k) {
    query_lengths[k] = length(rng);
    target_lengths[k] = length(rng);
    residues += query_lengths[k] + target_lengths[k];
    longest_pair = std::max<std::uint64_t>(longest_pair, query_lengths[k] + target_lengths[k]);
    most_cells = std::max(most_cells, std::uint64_t{query_lengths[k]} * target_lengths[k]);
  }
  const PairPlan plan(PairMode::pairs, kPairs, kPairs);
  const int in_flight = 2;
  BatchSource source(query_lengths, target_lengths, plan, 0, {}, 1 << 16, in_flight);
  const std::uint64_t largest = BatchSource::largest_pool(residues, longest_pair);
  ASSERT_EQ(largest, BatchSource::kMaxBatchResidues + longest_pair);
  std::uint64_t pooled = 0;
  std::size_t batches = 0;
  std::size_t stopped_by_pool = 0;
  for (;;) {
    const std::uint64_t before = source.remaining_cells();
    const auto batch = source.next(std::uint64_t{1} << 40, 1);
    if (!batch) break;
    ++batches;
    const std::uint64_t pool = batch->pool_size();
    EXPECT_LE(pool, largest) << "batch " << batches;
    pooled += pool;
    if (source.remaining_cells() == 0) continue;  // the last batch takes what is left
    const std::uint64_t goal = before / (2 * in_flight);
    const bool by_pool = pool > BatchSource::kMaxBatchResidues;
    const bool by_cells = before - source.remaining_cells() + most_cells > goal;
    EXPECT_TRUE(by_pool || by_cells) << "batch " << batches << " stopped early";
    stopped_by_pool += by_pool;
  }
  EXPECT_EQ(pooled, residues);  // each sequence of a pair is used once
  EXPECT_GE(stopped_by_pool, 2u);
  EXPECT_EQ(BatchSource::largest_pool(1000, longest_pair), 1000u);  // small inputs: all of it
}

}  // namespace
}  // namespace wg::align
