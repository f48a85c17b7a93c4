// Vertex grouping's host pieces (kernels/graph/vertex_groups.hpp,
// kernels/graph/host/group_activation.hpp): the grouped structure of a small partition
// worked by hand, its edge count, the bytes --group auto weighs and the ratio it picks,
// and the groups one step activates.
#include "kernels/graph/vertex_groups.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>
#include <vector>

#include "kernels/graph/host/group_activation.hpp"

namespace wg::graph {
namespace {

// Out-edges of `held` vertices into the first `stored` of them, as a TargetsView holds.
struct Targets {
  std::vector<EdgeIndex> indptr{0};
  std::vector<VertexId> targets;

  Targets(VertexId held, const std::vector<std::pair<VertexId, VertexId>>& edges) {
    for (VertexId u = 0; u < held; ++u) {
      for (const auto& [from, to] : edges)
        if (from == u) targets.push_back(to);
      indptr.push_back(targets.size());
    }
  }
  kernels::graph::TargetsView view() const { return {indptr.data(), targets.data(), nullptr}; }
};

// 12 held vertices, the first 8 stored: with r = 2, groups {0,1} ... {10,11}.
const std::vector<std::pair<VertexId, VertexId>> kEdges = {
    {0, 2},  {0, 3},  {1, 3}, {1, 7},  // group 0 -> groups 1 (twice, merged), 3
    {4, 4},  {5, 0},                   // group 2 -> groups 2, 0
    {10, 6}, {11, 7}, {11, 1}};        // group 5 (ghosts) -> groups 3 (merged), 0

TEST(VertexGrouping, MergesTheEdgesBetweenTwoGroups) {
  const Targets t(12, kEdges);
  const kernels::graph::VertexGroups g = kernels::graph::group_targets(t.view(), 12, 8, 2);
  EXPECT_EQ(g.ratio, 2u);
  EXPECT_EQ(g.shift, 1u);
  EXPECT_EQ(g.source_groups, 6u);
  EXPECT_EQ(g.target_groups, 4u);
  EXPECT_EQ(g.indptr, (std::vector<EdgeIndex>{0, 2, 2, 4, 4, 4, 6}));
  EXPECT_EQ(g.targets, (std::vector<VertexId>{1, 3, 0, 2, 0, 3}));  // sorted per source group
  EXPECT_EQ(kernels::graph::count_group_edges(t.view(), 12, 8, 2), 6u);
}

TEST(VertexGrouping, LargeRatiosMakeOneGroupOfAFewVertices) {
  const Targets t(12, kEdges);
  for (unsigned r : {4u, 32u, 64u}) {
    const kernels::graph::VertexGroups g = kernels::graph::group_targets(t.view(), 12, 8, r);
    const VertexId sources = r == 4 ? 3 : 1;
    EXPECT_EQ(g.source_groups, sources) << r;
    EXPECT_EQ(g.indptr.size(), sources + 1u) << r;
    EXPECT_EQ(g.edges(), kernels::graph::count_group_edges(t.view(), 12, 8, r)) << r;
  }
  // r = 4: groups {0..3} -> {0, 1}; {4..7} -> {0, 1}; {8..11} -> {0, 1}.
  EXPECT_EQ(kernels::graph::group_targets(t.view(), 12, 8, 4).targets,
            (std::vector<VertexId>{0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(kernels::graph::group_targets(t.view(), 12, 8, 64).targets, (std::vector<VertexId>{0}));
}

// A random partition: the grouped edges never outnumber the exact ones, shrink with r,
// and hold exactly the group pairs of the exact edges.
TEST(VertexGrouping, HoldsExactlyTheGroupPairsOfTheEdges) {
  std::mt19937 random(5);
  constexpr VertexId kHeld = 700, kStored = 500;
  std::vector<std::pair<VertexId, VertexId>> edges;
  for (int i = 0; i < 4000; ++i)
    edges.push_back(
        {static_cast<VertexId>(random() % kHeld), static_cast<VertexId>(random() % kStored)});
  const Targets t(kHeld, edges);
  EdgeIndex previous = t.targets.size();
  for (unsigned r : kernels::graph::kGroupRatios) {
    const kernels::graph::VertexGroups g =
        kernels::graph::group_targets(t.view(), kHeld, kStored, r);
    std::set<std::pair<VertexId, VertexId>> want, got;
    for (const auto& [u, v] : edges) want.insert({u / r, v / r});
    for (VertexId s = 0; s < g.source_groups; ++s)
      for (EdgeIndex e = g.indptr[s]; e < g.indptr[s + 1]; ++e) got.insert({s, g.targets[e]});
    EXPECT_EQ(got, want) << "r = " << r;
    EXPECT_EQ(g.edges(), want.size()) << "r = " << r << ": no pair twice";
    EXPECT_LE(g.edges(), previous) << "r = " << r;
    previous = g.edges();
  }
}

TEST(VertexGrouping, BytesCountTheStructureAndBothMasks) {
  // 1,000 held vertices, 600 stored, r = 4: 250 source groups (251 offsets), 150 target
  // groups; 4 source words and 3 target words of bits.
  EXPECT_EQ(kernels::graph::group_bytes(1000, 600, 4, 90), 251 * 8 + 90 * 4 + (4 + 3) * 8u);
  EXPECT_EQ(kernels::graph::group_bytes(64, 64, 64, 1), 2 * 8 + 4 + 2 * 8u);
}

TEST(VertexGrouping, AutoPicksTheSmallestRatioThatFits) {
  // Bytes per ratio: exact 1000, then 700, 500, 300, 250.
  auto needed = [](unsigned r) -> std::size_t {
    switch (r) {
      case 1:
        return 1000;
      case 2:
        return 700;
      case 4:
        return 500;
      case 32:
        return 300;
      default:
        return 250;
    }
  };
  EXPECT_EQ(kernels::graph::choose_group_ratio(needed, 5000), 1u);
  EXPECT_EQ(kernels::graph::choose_group_ratio(needed, 1000), 1u);
  EXPECT_EQ(kernels::graph::choose_group_ratio(needed, 999), 2u);
  EXPECT_EQ(kernels::graph::choose_group_ratio(needed, 500), 4u);
  EXPECT_EQ(kernels::graph::choose_group_ratio(needed, 499), 32u);
  EXPECT_EQ(kernels::graph::choose_group_ratio(needed, 260), 64u);
  EXPECT_EQ(kernels::graph::choose_group_ratio(needed, 10), 64u)
      << "none fits: the largest, refused later";
  // Only the ratios it needs are weighed: the exact layout alone when it fits.
  std::vector<unsigned> asked;
  kernels::graph::choose_group_ratio(
      [&](unsigned r) {
        asked.push_back(r);
        return std::size_t{r == 1 ? 10u : 1u};
      },
      100);
  EXPECT_EQ(asked, std::vector<unsigned>{1});
}

struct FrontierProgram : kernels::graph::ProgramDefaults {};
struct AllActiveProgram : kernels::graph::ProgramDefaults {
  static constexpr bool kAllActive = true;
};
struct PullOnlyProgram : kernels::graph::ProgramDefaults {
  static constexpr bool kPullOnly = true;
};

TEST(VertexGrouping, OnlyMonotoneFrontierProgramsGroup) {
  EXPECT_TRUE(kernels::graph::can_group<FrontierProgram>());
  EXPECT_FALSE(kernels::graph::can_group<AllActiveProgram>());
  EXPECT_FALSE(kernels::graph::can_group<PullOnlyProgram>());
}

// One step's active groups: the out-groups of the groups holding a frontier vertex, a
// superset of the exact out-neighbours.
TEST(GroupActivation, ActivatesTheOutGroupsOfChangedGroups) {
  const Targets t(12, kEdges);
  kernels::graph::PartitionView view;
  view.num_vertices = 12;
  view.stored = {0, 8};
  view.targets = t.view();
  view.num_targets = t.targets.size();
  kernels::graph::host::GroupActivation groups(view, 2);
  ASSERT_TRUE(groups.on());
  EXPECT_EQ(groups.edges(), 6u);
  kernels::graph::BitWord frontier =
      kernels::graph::bit_of(1) | kernels::graph::bit_of(11);  // groups 0 and 5
  kernels::graph::ActiveGroups active = groups.activate(&frontier);
  EXPECT_EQ(active.shift, 1u);
  ASSERT_NE(active.bits, nullptr);
  EXPECT_EQ(active.bits[0], kernels::graph::BitWord{0b1011});  // groups 0, 1, 3
  for (VertexId v : {3u, 7u, 1u}) EXPECT_TRUE(kernels::graph::in_active_group(active, v)) << v;
  EXPECT_FALSE(kernels::graph::in_active_group(active, 4));
  frontier = kernels::graph::bit_of(5);  // group 2 only: the next step starts afresh
  active = groups.activate(&frontier);
  EXPECT_EQ(active.bits[0], kernels::graph::BitWord{0b0101});  // groups 0, 2
  frontier = 0;
  EXPECT_EQ(groups.activate(&frontier).bits[0], kernels::graph::BitWord{0});
  EXPECT_EQ(kernels::graph::host::GroupActivation(view, 1).activate(&frontier).bits, nullptr)
      << "ratio 1: every vertex is pulled";
  EXPECT_TRUE(kernels::graph::in_active_group(kernels::graph::ActiveGroups{}, 5));
}

}  // namespace
}  // namespace wg::graph
