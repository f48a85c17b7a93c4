// Partitioning without MPI: equal-work borders, permissive stored ranges, local ids,
// mirror lists and the sliding balancer.
#include <gtest/gtest.h>

#include <numeric>

#include "partition/balancer.hpp"
#include "partition/borders.hpp"
#include "partition/local_ids.hpp"
#include "partition/mirror_lists.hpp"

namespace wg::partition {
namespace {

double work_between(const std::vector<double>& work, const SectionLayout& layout, VertexId a,
                    VertexId b) {
  return std::accumulate(work.begin() + a / layout.section_size,
                         work.begin() + (b + layout.section_size - 1) / layout.section_size, 0.0);
}

TEST(EqualWorkBorders, SplitsEdgesEvenlyAtSectionEdges) {
  const SectionLayout layout{1000, 64};  // 16 sections, the last one partial
  std::vector<double> work(layout.count(), 10.0);
  work[0] = 100.0;  // a heavy first section
  const auto borders = equal_work_borders(work, layout, 4);
  ASSERT_EQ(borders.size(), 5u);
  EXPECT_EQ(borders.front(), 0u);
  EXPECT_EQ(borders.back(), 1000u);
  const double total = std::accumulate(work.begin(), work.end(), 0.0);
  for (std::size_t p = 0; p + 1 < borders.size(); ++p) {
    EXPECT_TRUE(borders[p] % 64 == 0 || borders[p] == 1000u);
    EXPECT_LE(borders[p], borders[p + 1]);
    // Each part is within one section's work of the fair share.
    EXPECT_NEAR(work_between(work, layout, borders[p], borders[p + 1]), total / 4, 100.0);
  }
  // The heavy section (100 of a 62.5 share) is the first part on its own.
  EXPECT_EQ(borders[1], 64u);
}

TEST(EqualWorkBorders, NoWorkGivesEqualSections) {
  const SectionLayout layout{512, 64};
  const auto borders = equal_work_borders(std::vector<double>(8, 0.0), layout, 4);
  EXPECT_EQ(borders, (std::vector<VertexId>{0, 128, 256, 384, 512}));
}

TEST(EqualWorkBorders, MorePartsThanSectionsLeavesEmptyParts) {
  const SectionLayout layout{100, 64};
  const auto borders = equal_work_borders({5.0, 5.0}, layout, 4);
  EXPECT_EQ(borders.front(), 0u);
  EXPECT_EQ(borders.back(), 100u);
  for (std::size_t p = 0; p + 1 < borders.size(); ++p) EXPECT_LE(borders[p], borders[p + 1]);
}

TEST(StoredRanges, ExtendIntoNeighboursWithinTheBudget) {
  const SectionLayout layout{1024, 64};
  const std::vector<double> work(16, 10.0);
  const auto borders = equal_work_borders(work, layout, 4);  // 256 vertices each
  EXPECT_EQ(ranges_of(borders), stored_ranges(work, layout, borders, 0.0));
  // Budget 0.25 x 40 = 10: one section on each side.
  const auto stored = stored_ranges(work, layout, borders, 0.25);
  EXPECT_EQ(stored[0], (VertexRange{0, 320}));
  EXPECT_EQ(stored[1], (VertexRange{192, 576}));
  EXPECT_EQ(stored[3], (VertexRange{704, 1024}));
  for (std::size_t p = 0; p < stored.size(); ++p) {
    EXPECT_LE(stored[p].begin, borders[p]);
    EXPECT_GE(stored[p].end, borders[p + 1]);
  }
}

TEST(LocalIds, StoredFirstThenGhostsInOrder) {
  // Stored [64, 128); in-edges read 70 and 127 (stored), 3, 300 and 5 (ghosts, 3 twice).
  std::vector<VertexId> sources{70, 300, 3, 127, 5, 3};
  const LocalIds ids = LocalIds::localise({64, 128}, 400, sources.data(), sources.size());
  EXPECT_EQ(ids.ghosts(), (std::vector<VertexId>{3, 5, 300}));
  EXPECT_EQ(ids.size(), 67u);
  EXPECT_EQ(sources, (std::vector<VertexId>{6, 66, 64, 63, 65, 64}));
  for (VertexId local = 0; local < ids.size(); ++local)
    EXPECT_EQ(ids.local(ids.global(local)), local) << local;
  EXPECT_EQ(ids.global(0), 64u);
  EXPECT_EQ(ids.global(66), 300u);
  EXPECT_EQ(ids.local(4), LocalIds::kAbsent);
  EXPECT_EQ(ids.local(128), LocalIds::kAbsent);
  EXPECT_EQ(ids.local(VertexRange{64, 128}), (VertexRange{0, 64}));
}

TEST(MirrorLists, ReadersPerVertexSortedByPartition) {
  const MirrorLists lists(4, {{2, {3, 10}}, {0, {1, 7}}, {2, {1, 8}}});
  EXPECT_EQ(lists.stored_size(), 4u);
  EXPECT_EQ(lists.mirrors(), 3u);
  EXPECT_TRUE(lists.shared(0));
  EXPECT_FALSE(lists.shared(1));
  EXPECT_FALSE(lists.shared(3));
  ASSERT_EQ(lists.end(2) - lists.begin(2), 2);
  EXPECT_EQ(lists.begin(2)[0].partition, 1u);
  EXPECT_EQ(lists.begin(2)[0].local, 8u);
  EXPECT_EQ(lists.begin(2)[1].partition, 3u);
  EXPECT_EQ(lists.begin(0)->local, 7u);
}

TEST(SlidingBalancer, MovesBordersTowardEqualActiveWorkInsideStoredRanges) {
  const SectionLayout layout{4096, 64};              // 64 sections
  const std::vector<double> in_edges(64, 64.0 * 8);  // average in-degree 8 everywhere
  const auto borders = equal_work_borders(in_edges, layout, 4);
  const auto stored = stored_ranges(in_edges, layout, borders, 0.5);
  SlidingBalancer balancer(in_edges, layout, stored);

  // A frontier skewed into the first quarter: everything active there, little elsewhere.
  std::vector<double> active(64, 1.0);
  for (int s = 0; s < 16; ++s) active[s] = 64.0;
  auto load = [&](const std::vector<VertexId>& b) {
    std::vector<double> parts;
    for (std::size_t p = 0; p + 1 < b.size(); ++p)
      parts.push_back(work_between(active, layout, b[p], b[p + 1]));
    return parts;
  };
  const auto before = load(borders);
  const auto moved = balancer.rebalance(active, borders);
  const auto after = load(moved);
  const double spread_before = *std::max_element(before.begin(), before.end()) -
                               *std::min_element(before.begin(), before.end());
  const double spread_after =
      *std::max_element(after.begin(), after.end()) - *std::min_element(after.begin(), after.end());
  EXPECT_LT(spread_after, spread_before);
  EXPECT_LT(moved[1], borders[1]);  // part 0 gives up vertices of the hot quarter
  for (std::size_t p = 0; p < stored.size(); ++p) {
    EXPECT_GE(moved[p], stored[p].begin) << p;
    EXPECT_LE(moved[p + 1], stored[p].end) << p;
    EXPECT_LE(moved[p], moved[p + 1]);
  }
  // The clamp is what stops part 0 from moving further: without overlap nothing moves.
  SlidingBalancer fixed(in_edges, layout, ranges_of(borders));
  EXPECT_EQ(fixed.rebalance(active, borders), borders);
  // No active vertex: borders stay.
  EXPECT_EQ(balancer.rebalance(std::vector<double>(64, 0.0), moved), moved);
}

TEST(SlidingBalancer, SameInputSameBorders) {
  const SectionLayout layout{2048, 64};
  std::vector<double> in_edges(32);
  for (std::size_t s = 0; s < in_edges.size(); ++s) in_edges[s] = static_cast<double>(s * s + 1);
  const auto borders = equal_work_borders(in_edges, layout, 3);
  const auto stored = stored_ranges(in_edges, layout, borders, 0.3);
  SlidingBalancer a(in_edges, layout, stored), b(in_edges, layout, stored);
  std::vector<double> active(32);
  for (std::size_t s = 0; s < active.size(); ++s) active[s] = static_cast<double>((s * 7) % 5);
  EXPECT_EQ(a.rebalance(active, borders), b.rebalance(active, borders));
}

}  // namespace
}  // namespace wg::partition
