// The row-block pull's cut of a partition's rows (kernels/graph/row_blocks.hpp): blocks
// cover every row once, in order; a block of several rows holds only short rows and fits
// the shared-memory stage and the block's threads; the cut is greedy (a block ends only
// where the next row is long or would not fit); a long row stands alone.
#include "kernels/graph/row_blocks.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace wg::graph {
namespace {

std::vector<EdgeIndex> offsets_of(const std::vector<EdgeIndex>& degrees) {
  std::vector<EdgeIndex> indptr{0};
  for (EdgeIndex d : degrees) indptr.push_back(indptr.back() + d);
  return indptr;
}

void expect_valid_cut(const std::vector<EdgeIndex>& degrees) {
  const std::vector<EdgeIndex> indptr = offsets_of(degrees);
  const auto rows = static_cast<VertexId>(degrees.size());
  const std::vector<VertexId> first = kernels::graph::cut_row_blocks(indptr.data(), rows);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first.front(), 0u);
  EXPECT_EQ(first.back(), rows);
  for (std::size_t b = 0; b + 1 < first.size(); ++b) {
    const VertexId begin = first[b], end = first[b + 1];
    ASSERT_LT(begin, end) << "block " << b << " is empty";
    const EdgeIndex edges = indptr[end] - indptr[begin];
    EXPECT_LE(end - begin, kernels::graph::kRowBlockRows) << "block " << b;
    auto is_long = [&](VertexId r) { return degrees[r] > kernels::graph::kLongRow; };
    if (end - begin > 1) {
      EXPECT_LE(edges, kernels::graph::kRowBlockEdges) << "block " << b;
      for (VertexId r = begin; r < end; ++r) EXPECT_FALSE(is_long(r)) << "row " << r;
    }
    if (end < rows && end - begin < kernels::graph::kRowBlockRows && !is_long(begin) &&
        !is_long(end)) {
      EXPECT_GT(indptr[end + 1] - indptr[begin], kernels::graph::kRowBlockEdges)
          << "block " << b << " ends although row " << end << " fits";
    }
  }
}

TEST(RowBlocks, NoRowsGiveNoBlocks) {
  const std::vector<EdgeIndex> indptr{0};
  EXPECT_EQ(kernels::graph::cut_row_blocks(indptr.data(), 0), std::vector<VertexId>{0});
}

TEST(RowBlocks, ByHand) {
  // 300 rows of degree 1: 256 rows fill a block, 44 form the next.
  const std::vector<EdgeIndex> ones(300, 1);
  EXPECT_EQ(kernels::graph::cut_row_blocks(offsets_of(ones).data(), 300),
            (std::vector<VertexId>{0, 256, 300}));
  // Long rows stand alone; short ones join up to 2,048 edges; empty rows join.
  const std::vector<EdgeIndex> mixed{1000, 100, 100, 300, 5000, 0, 0, 48};
  EXPECT_EQ(kernels::graph::cut_row_blocks(offsets_of(mixed).data(), 8),
            (std::vector<VertexId>{0, 1, 3, 4, 5, 8}));
  const std::vector<EdgeIndex> full(12, 200);  // 10 x 200 fit in 2,048, the 11th does not
  EXPECT_EQ(kernels::graph::cut_row_blocks(offsets_of(full).data(), 12),
            (std::vector<VertexId>{0, 10, 12}));
}

TEST(RowBlocks, SkewedDegreesAreCutValidly) {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<EdgeIndex> degrees(1 + random() % 5000);
    for (EdgeIndex& d : degrees) {
      const unsigned kind = random() % 100;
      d = kind < 70 ? random() % 8 : kind < 97 ? random() % 300 : random() % 20000;
    }
    expect_valid_cut(degrees);
  }
}

}  // namespace
}  // namespace wg::graph
