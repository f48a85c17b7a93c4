// write_graph + read_csr/read_indptr across ranks: a graph built from a known edge list,
// split over the ranks in an arbitrary way, read back in arbitrary vertex ranges that
// cross shard boundaries, compared with a CSR built here directly from the edge list.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <tuple>

#include "src/common/error.hpp"
#include "src/graph/graph_file.hpp"
#include "src/graph/graph_writer.hpp"

namespace wg::graph {
namespace {

int rank_of(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}
int size_of(MPI_Comm comm) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  return size;
}

// A folder all ranks agree on: rank 0 makes it, and removes it once every rank is done.
class SharedFolder {
 public:
  SharedFolder() {
    char path[256] = {0};
    if (rank_of(MPI_COMM_WORLD) == 0) {
      std::snprintf(path, sizeof(path), "%s", "/tmp/wg-graph-test-XXXXXX");
      if (mkdtemp(path) == nullptr) std::abort();
    }
    MPI_Bcast(path, sizeof(path), MPI_CHAR, 0, MPI_COMM_WORLD);
    path_ = path;
  }
  ~SharedFolder() {
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank_of(MPI_COMM_WORLD) == 0) std::filesystem::remove_all(path_);
  }
  SharedFolder(const SharedFolder&) = delete;
  SharedFolder& operator=(const SharedFolder&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

std::vector<Edge> random_edges(VertexId n, size_t count, unsigned seed, bool with_loops) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<VertexId> vertex(0, n - 1);
  std::uniform_int_distribution<int> weight(1, 5);
  std::vector<Edge> edges;
  for (size_t i = 0; i < count; ++i) {
    Edge e{vertex(rng), vertex(rng), static_cast<Weight>(weight(rng))};
    if (!with_loops && e.source == e.target) continue;
    edges.push_back(e);
  }
  return edges;
}

// Expected adjacency: row -> sorted (column, weight) list after the writer's rules.
using Adjacency = std::map<VertexId, std::vector<std::pair<VertexId, Weight>>>;
Adjacency expected(const std::vector<Edge>& edges, const WriteOptions& options, bool in) {
  std::map<std::pair<VertexId, VertexId>, std::vector<Weight>> seen;
  auto add = [&](VertexId u, VertexId v, Weight w) {
    if (u == v && !options.keep_self_loops) return;
    seen[in ? std::make_pair(v, u) : std::make_pair(u, v)].push_back(options.weighted ? w : 1.0f);
  };
  for (const Edge& e : edges) {
    add(e.source, e.target, e.weight);
    if (!options.directed && e.source != e.target) add(e.target, e.source, e.weight);
  }
  Adjacency rows;
  for (auto& [key, weights] : seen) {
    std::sort(weights.begin(), weights.end());
    if (!options.keep_duplicates) weights.resize(1);
    for (Weight w : weights) rows[key.first].emplace_back(key.second, w);
  }
  return rows;
}

void expect_slice(const CsrSlice& slice, const Adjacency& rows, VertexRange range, bool weighted) {
  ASSERT_EQ(slice.range, range);
  ASSERT_EQ(slice.indptr.size(), static_cast<size_t>(range.size()) + 1);
  EXPECT_EQ(slice.indptr.front(), 0u);
  for (VertexId v = range.begin; v < range.end; ++v) {
    const auto it = rows.find(v);
    const size_t degree = it == rows.end() ? 0 : it->second.size();
    const size_t at = slice.indptr[v - range.begin];
    ASSERT_EQ(slice.indptr[v - range.begin + 1] - at, degree) << "row " << v;
    for (size_t k = 0; k < degree; ++k) {
      EXPECT_EQ(slice.indices[at + k], it->second[k].first) << "row " << v;
      if (weighted) {
        EXPECT_EQ(slice.weights[at + k], it->second[k].second) << "row " << v;
      }
    }
  }
  EXPECT_EQ(slice.indices.size(), slice.indptr.back());
  EXPECT_EQ(slice.weights.size(), weighted ? slice.indptr.back() : 0u);
}

class ReadCsr : public ::testing::TestWithParam<std::tuple<bool, bool, bool>> {};

TEST_P(ReadCsr, ArbitraryRangesMatchTheEdgeList) {
  const auto [directed, weighted, keep_duplicates] = GetParam();
  const MPI_Comm comm = MPI_COMM_WORLD;
  const int rank = rank_of(comm);
  const int ranks = size_of(comm);
  constexpr VertexId n = 97;
  const std::vector<Edge> all = random_edges(n, 600, 7, true);
  // Each rank contributes an uneven, interleaved part of the edges.
  std::vector<Edge> mine;
  for (size_t i = 0; i < all.size(); ++i)
    if (static_cast<int>((i * i + 3) % static_cast<size_t>(ranks)) == rank) mine.push_back(all[i]);

  WriteOptions options;
  options.directed = directed;
  options.weighted = weighted;
  options.keep_duplicates = keep_duplicates;
  options.num_shards = 5;
  const SharedFolder folder;
  const std::string path = folder.file("random.h5");
  const GraphInfo written = write_graph(path, n, mine, options, comm);
  const GraphInfo graph = open_graph(path);
  ASSERT_EQ(graph.num_vertices, n);
  ASSERT_EQ(graph.num_edges, written.num_edges);
  ASSERT_EQ(graph.shards.size(), 5u);
  EXPECT_EQ(graph.directed, directed);
  EXPECT_EQ(graph.weighted, weighted);

  const Adjacency in_rows = expected(all, options, true);
  const Adjacency out_rows = expected(all, options, false);
  EdgeIndex total = 0;
  for (const auto& [row, list] : out_rows) total += list.size();
  EXPECT_EQ(graph.num_edges, total);

  // Ranges differ per rank and per round: empty, inside one shard, across several.
  const std::vector<VertexRange> rounds = {{0, n}, {3, 41}, {19, 20}, {50, 50}, {20, 97}, {0, 1}};
  // Both read paths: MPI-IO (default) and the POSIX driver (WARPGRAPH_HDF5_DRIVER=posix).
  for (size_t round = 0; round < 2 * rounds.size(); ++round) {
    if (round % rounds.size() == 0)
      setenv("WARPGRAPH_HDF5_DRIVER", round < rounds.size() ? "mpio" : "posix", 1);
    const VertexRange range = rounds[(round + static_cast<size_t>(rank)) % rounds.size()];
    const CsrSlice in = read_csr(graph, EdgeDirection::in, range, comm);
    expect_slice(in, in_rows, range, weighted);
    const CsrSlice out = read_csr(graph, EdgeDirection::out, range, comm);
    expect_slice(out, out_rows, range, weighted);
    EXPECT_EQ(read_indptr(graph, EdgeDirection::out, range, comm), out.indptr);
    if (!directed) {
      EXPECT_EQ(in.indices, out.indices);
    }
  }
  unsetenv("WARPGRAPH_HDF5_DRIVER");
}

INSTANTIATE_TEST_SUITE_P(Options, ReadCsr,
                         ::testing::Combine(::testing::Bool(), ::testing::Bool(),
                                            ::testing::Bool()));

TEST(ReadCsrErrors, RangeOutsideTheGraphIsAnError) {
  const SharedFolder folder;
  const std::string path = folder.file("small.h5");
  write_graph(path, 10,
              rank_of(MPI_COMM_WORLD) == 0 ? random_edges(10, 30, 1, false) : std::vector<Edge>{},
              WriteOptions{}, MPI_COMM_WORLD);
  const GraphInfo graph = open_graph(path);
  EXPECT_THROW(read_csr(graph, EdgeDirection::in, {5, 11}, MPI_COMM_WORLD), Error);
}

}  // namespace
}  // namespace wg::graph
