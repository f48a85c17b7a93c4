// Small pieces of the graph-file code, checked by hand: field splitting and number
// parsing, the shard layout, format guessing, and the RMAT generator's building blocks.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "src/common/error.hpp"
#include "src/graph/edge_file.hpp"
#include "src/graph/format.hpp"
#include "src/graph/line_fields.hpp"
#include "src/graph/rmat.hpp"
#include "src/graph/shard_layout.hpp"

namespace wg::graph {
namespace {

TEST(GraphLineFields, SplitsOnSpacesTabsAndCarriageReturns) {
  const LineFields fields(" 12\t 7  3.5\r");
  ASSERT_EQ(fields.count(), 3u);
  EXPECT_EQ(fields[0], "12");
  EXPECT_EQ(fields[1], "7");
  EXPECT_EQ(fields[2], "3.5");
  EXPECT_TRUE(LineFields(" \t\r").empty());
  EXPECT_EQ(LineFields("1 2 3 4 5 6 7 8 9 10").count(), 10u);
}

TEST(GraphLineFields, NumbersAreStrict) {
  std::uint64_t id = 0;
  EXPECT_TRUE(parse_unsigned("4294967294", id));
  EXPECT_EQ(id, 4294967294u);
  EXPECT_FALSE(parse_unsigned("-1", id));
  EXPECT_FALSE(parse_unsigned("12a", id));
  EXPECT_FALSE(parse_unsigned("", id));
  EXPECT_FALSE(parse_unsigned("1.0", id));
  float w = 0;
  EXPECT_TRUE(parse_weight("-2.5e1", w));
  EXPECT_EQ(w, -25.0f);
  EXPECT_TRUE(parse_weight("+3", w));
  EXPECT_EQ(w, 3.0f);
  EXPECT_FALSE(parse_weight("nan", w));
  EXPECT_FALSE(parse_weight("inf", w));
  EXPECT_FALSE(parse_weight("1e99", w));
  EXPECT_FALSE(parse_weight("3,5", w));
}

TEST(GraphShardLayout, RangesTileTheVerticesAndShardOfAgrees) {
  for (VertexId n : {1u, 2u, 7u, 100u, 1000u, 4099u}) {
    for (std::uint32_t shards : {1u, 2u, 3u, 7u}) {
      if (shards > n) continue;
      const ShardLayout layout(n, shards);
      VertexId expected_begin = 0;
      for (std::uint32_t s = 0; s < shards; ++s) {
        const VertexRange r = layout.range(s);
        EXPECT_EQ(r.begin, expected_begin);
        EXPECT_FALSE(r.empty());
        for (VertexId v = r.begin; v < r.end; ++v)
          ASSERT_EQ(layout.shard_of(v), s) << n << " " << v;
        expected_begin = r.end;
      }
      EXPECT_EQ(expected_begin, n);
    }
  }
  EXPECT_EQ(ShardLayout(10, 4).range(1), (VertexRange{2, 5}));
}

TEST(GraphShardLayout, OwnersAreContiguousBlocks) {
  EXPECT_EQ(ShardLayout::owner(0, 8, 2), 0);
  EXPECT_EQ(ShardLayout::owner(3, 8, 2), 0);
  EXPECT_EQ(ShardLayout::owner(4, 8, 2), 1);
  EXPECT_EQ(ShardLayout::owner(0, 1, 4), 0);
  EXPECT_EQ(ShardLayout::owner(2, 3, 4), 2);
  EXPECT_EQ(default_shard_count(0, 0), 1u);
  EXPECT_EQ(default_shard_count(std::uint64_t{1} << 22, 100), 1u);
  EXPECT_EQ(default_shard_count((std::uint64_t{1} << 22) + 1, 100), 2u);
  EXPECT_EQ(default_shard_count(std::uint64_t{1} << 40, 3), 3u);
}

TEST(GraphFormat, ShardNamesAndFolders) {
  EXPECT_EQ(format::shard_file_name("out/graph.h5", 3), "graph.shard-00003.h5");
  EXPECT_EQ(format::shard_file_name("graph", 12), "graph.shard-00012.h5");
  EXPECT_EQ(format::parent_folder("a/b/c.h5"), "a/b");
  EXPECT_EQ(format::parent_folder("c.h5"), ".");
  EXPECT_EQ(format::parent_folder("/c.h5"), "/");
}

TEST(GraphInputFormat, GuessedFromTheName) {
  EXPECT_EQ(guess_input_format("a/karate.mtx"), InputFormat::mtx);
  EXPECT_EQ(guess_input_format("x.mtx.gz"), InputFormat::mtx);
  EXPECT_EQ(guess_input_format("rome99.gr"), InputFormat::dimacs);
  EXPECT_EQ(guess_input_format("CA-GrQc.txt"), InputFormat::snap);
  EXPECT_EQ(guess_input_format("p2p.txt.gz"), InputFormat::snap);
  EXPECT_EQ(guess_input_format("g.el"), InputFormat::snap);
  EXPECT_THROW(guess_input_format("graph.bin"), Error);
  EXPECT_EQ(parse_input_format("dimacs"), InputFormat::dimacs);
  EXPECT_THROW(parse_input_format("csv"), Error);
}

TEST(GraphRmat, PermutationIsABijection) {
  for (unsigned scale : {1u, 2u, 5u, 12u}) {
    for (std::uint64_t seed : {1u, 99u}) {
      std::set<VertexId> images;
      const VertexId n = VertexId{1} << scale;
      for (VertexId v = 0; v < n; ++v) {
        const VertexId image = rmat_permute(v, scale, seed);
        ASSERT_LT(image, n);
        images.insert(image);
      }
      EXPECT_EQ(images.size(), n) << "scale " << scale;
    }
  }
  EXPECT_NE(rmat_permute(5, 12, 1), rmat_permute(5, 12, 2));
}

TEST(GraphRmat, AnyBlockOfEdgesIsTheSameSequence) {
  RmatParameters p;
  p.scale = 9;
  p.seed = 11;
  p.max_weight = 7;
  const auto whole = rmat_edges(p, 0, 500);
  auto pieces = rmat_edges(p, 0, 137);
  const auto rest = rmat_edges(p, 137, 500);
  pieces.insert(pieces.end(), rest.begin(), rest.end());
  ASSERT_EQ(whole.size(), pieces.size());
  for (size_t i = 0; i < whole.size(); ++i) {
    EXPECT_EQ(whole[i].source, pieces[i].source);
    EXPECT_EQ(whole[i].target, pieces[i].target);
    EXPECT_EQ(whole[i].weight, pieces[i].weight);
    EXPECT_LT(whole[i].source, 512u);
    EXPECT_GE(whole[i].weight, 1.0f);
    EXPECT_LE(whole[i].weight, 7.0f);
  }
}

TEST(GraphRmat, QuadrantProbabilitiesFollowGraph500) {
  // With scale 1 there is one level: the edge is (0,0), (0,1), (1,0), (1,1) with
  // probabilities a, b, c, d before the id permutation; count the permuted images.
  RmatParameters p;
  p.scale = 1;
  p.seed = 3;
  const auto edges = rmat_edges(p, 0, 200000);
  const VertexId zero = rmat_permute(0, 1, p.seed);
  std::array<double, 4> count{};
  for (const Edge& e : edges)
    count[(e.source == zero ? 0 : 2) + (e.target == zero ? 0 : 1)] += 1.0 / edges.size();
  EXPECT_NEAR(count[0], 0.57, 0.005);
  EXPECT_NEAR(count[1], 0.19, 0.005);
  EXPECT_NEAR(count[2], 0.19, 0.005);
  EXPECT_NEAR(count[3], 0.05, 0.005);
}

}  // namespace
}  // namespace wg::graph
