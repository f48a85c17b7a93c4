// Vertex orders (`--reorder`) on graphs small enough to order by hand, and the id map of
// a reordered graph (lookups by original id through an unsorted map).
#include "src/graph/vertex_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>

#include "src/common/error.hpp"
#include "src/graph/vertex_ids.hpp"

namespace wg::graph {
namespace {

// A symmetric adjacency (rows sorted, no repeats) from undirected edges.
struct Adjacency {
  std::vector<EdgeIndex> indptr;
  std::vector<VertexId> indices;
};

Adjacency adjacency(VertexId n, const std::vector<std::pair<VertexId, VertexId>>& edges) {
  std::vector<std::vector<VertexId>> rows(n);
  for (auto [u, v] : edges) {
    rows[u].push_back(v);
    rows[v].push_back(u);
  }
  Adjacency a;
  a.indptr.push_back(0);
  for (auto& row : rows) {
    std::sort(row.begin(), row.end());
    a.indices.insert(a.indices.end(), row.begin(), row.end());
    a.indptr.push_back(a.indices.size());
  }
  return a;
}

bool is_permutation_of_n(const std::vector<VertexId>& order) {
  std::vector<VertexId> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t v = 0; v < sorted.size(); ++v)
    if (sorted[v] != v) return false;
  return true;
}

TEST(VertexOrder, DegreeDescendingTiesById) {
  EXPECT_EQ(degree_order({1, 3, 3, 0, 5}), (std::vector<VertexId>{4, 1, 2, 0, 3}));
  EXPECT_TRUE(degree_order({}).empty());
}

TEST(VertexOrder, RcmOfAStarStartsAtTheLastLeaf) {
  // Root: leaf 1 (least degree, smallest id; leaf 2 gives no deeper levels). Cuthill-McKee
  // lists 1, 0, 2, 3, 4; reversed.
  const Adjacency a = adjacency(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}});
  EXPECT_EQ(rcm_order(a.indptr, a.indices), (std::vector<VertexId>{4, 3, 2, 0, 1}));
}

TEST(VertexOrder, RcmTakesComponentsByTheirSmallestVertex) {
  const Adjacency a = adjacency(5, {{0, 2}, {3, 4}});  // vertex 1 is isolated
  EXPECT_EQ(rcm_order(a.indptr, a.indices), (std::vector<VertexId>{4, 3, 1, 2, 0}));
}

TEST(VertexOrder, RcmUnscramblesAPath) {
  // A path whose vertices are numbered at random comes out as a path again: every edge
  // joins consecutive new ids (bandwidth 1), starting from one of its ends.
  constexpr VertexId n = 200;
  std::vector<VertexId> label(n);
  std::iota(label.begin(), label.end(), VertexId{0});
  std::shuffle(label.begin(), label.end(), std::mt19937(11));
  std::vector<std::pair<VertexId, VertexId>> edges;
  for (VertexId i = 0; i + 1 < n; ++i) edges.push_back({label[i], label[i + 1]});
  const Adjacency a = adjacency(n, edges);
  const std::vector<VertexId> order = rcm_order(a.indptr, a.indices);
  ASSERT_TRUE(is_permutation_of_n(order));
  const std::vector<VertexId> position = inverse_order(order);
  for (auto [u, v] : edges)
    EXPECT_EQ(std::abs(static_cast<int>(position[u]) - static_cast<int>(position[v])), 1);
  EXPECT_TRUE(order.front() == label.front() || order.front() == label.back());
}

TEST(VertexOrder, InverseUndoesTheOrder) {
  const std::vector<VertexId> order{2, 0, 3, 1};
  const std::vector<VertexId> position = inverse_order(order);
  for (VertexId v = 0; v < order.size(); ++v) EXPECT_EQ(position[order[v]], v);
}

TEST(VertexOrder, NamesParseAndUnknownOnesAreRefused) {
  for (VertexOrder o : {VertexOrder::none, VertexOrder::degree, VertexOrder::rcm})
    EXPECT_EQ(parse_vertex_order(order_name(o)), o);
  EXPECT_THROW(parse_vertex_order("bfs"), Error);
}

TEST(ReorderedVertexIds, FindsOriginalIdsInAnyOrder) {
  // The identity map reordered: vertex v is the original vertex order[v].
  const VertexIds ids = VertexIds{}.permuted({2, 0, 3, 1});
  EXPECT_FALSE(ids.ascending());
  EXPECT_EQ(ids.name(0), "2");
  EXPECT_EQ(ids.find("2"), VertexId{0});
  EXPECT_EQ(ids.find("1"), VertexId{3});
  EXPECT_FALSE(ids.find("4").has_value());
  EXPECT_EQ(ids.vertices_by_id(), (std::vector<VertexId>{1, 3, 0, 2}));

  // A relabelled map (sorted names) reordered in turn.
  const VertexIds names = VertexIds::strings({"ann", "bob", "cy"}).permuted({1, 2, 0});
  EXPECT_EQ(names.name(0), "bob");
  EXPECT_EQ(names.find("ann"), VertexId{2});
  EXPECT_FALSE(names.find("dan").has_value());

  const VertexIds sorted = VertexIds::integers({5, 9, 70});
  EXPECT_TRUE(sorted.ascending());
  EXPECT_EQ(sorted.find("70"), VertexId{2});
}

}  // namespace
}  // namespace wg::graph
