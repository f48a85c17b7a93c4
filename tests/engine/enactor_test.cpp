// The engine in-process under mpirun, on a graph held in memory (no files): small cases
// worked by hand, for every combination of partitions per rank, balancer, exchange
// (targeted, vr, all) and direction (push, pull, auto).
//
// Graph: 256 vertices; a chain 0 -> 1 -> ... -> 199 with weight 1 per edge, a shortcut
// 0 -> 100 of weight 50, a path 200 -> 201 -> 202 -> 203 of weights 2^24, 1, 1, and
// vertices 204..255 without edges. From source 0:
//   BFS:  v for v < 100, v - 99 for 100 <= v < 200 (through the shortcut), unreached after;
//   SSSP: v for v < 100, v - 50 for 100 <= v < 200, inf after; from 200: 0, 2^24,
//         2^24 + 1, 2^24 + 2 (exact only in 64-bit distances);
//   CC:   0 for the chain, 200 for the path, v for the isolated vertices.
#include "src/engine/enactor.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <tuple>
#include <type_traits>

#include "kernels/graph/bfs.hpp"
#include "kernels/graph/cc.hpp"
#include "kernels/graph/sssp.hpp"
#include "src/engine/engine_graph.hpp"

namespace wg::engine {
namespace {

constexpr VertexId kVertices = 256;

struct Edge {
  VertexId from, to;
  float weight;
};

std::vector<Edge> hand_graph() {
  std::vector<Edge> edges;
  for (VertexId v = 0; v + 1 < 200; ++v) edges.push_back({v, v + 1, 1.0f});
  edges.push_back({0, 100, 50.0f});
  // 200 -> 201 -> 202 -> 203: 2^24, then 1 and 1; 32-bit floats would sum to 2^24 thrice.
  edges.push_back({200, 201, 16777216.0f});
  edges.push_back({201, 202, 1.0f});
  edges.push_back({202, 203, 1.0f});
  return edges;
}

// Serves CSR slices of an edge list every rank holds.
class MemoryGraph final : public GraphInput {
 public:
  explicit MemoryGraph(std::vector<Edge> edges) : edges_(std::move(edges)) {
    info_.index_path = "(memory)";
    info_.num_vertices = kVertices;
    info_.num_edges = edges_.size();
    info_.weighted = true;
  }
  const graph::GraphInfo& info() const override { return info_; }
  graph::CsrSlice read_csr(graph::EdgeDirection direction, VertexRange range,
                           MPI_Comm) const override {
    graph::CsrSlice slice;
    slice.range = range;
    slice.indptr.push_back(0);
    for (VertexId v = range.begin; v < range.end; ++v) {
      for (const Edge& e : edges_) {
        const bool in = direction == graph::EdgeDirection::in;
        if ((in ? e.to : e.from) != v) continue;
        slice.indices.push_back(in ? e.from : e.to);
        slice.weights.push_back(e.weight);
      }
      slice.indptr.push_back(slice.indices.size());
    }
    return slice;
  }
  std::vector<EdgeIndex> read_indptr(graph::EdgeDirection direction, VertexRange range,
                                     MPI_Comm comm) const override {
    return read_csr(direction, range, comm).indptr;
  }

 private:
  std::vector<Edge> edges_;
  graph::GraphInfo info_;
};

using Layout = std::tuple<int /*devices per rank*/, bool /*balance*/, ExchangeMode, Direction>;

// With `group` > 1 the partitions group their activation (vertex_groups.hpp); the
// iteration records go to `records` when given.
template <typename P>
std::vector<double> run_everywhere(const Layout& layout, VertexId source = 0, unsigned group = 1,
                                   std::vector<IterationRecord>* records = nullptr) {
  comm::graph::GraphTopology topology(MPI_COMM_WORLD, 1);  // every rank its own node
  MemoryGraph input(hand_graph());
  LoadOptions load;
  load.devices_per_rank = std::get<0>(layout);
  load.section_size = 64;
  load.undirected_view = P::kUndirected;
  load.use_weights = P::kUsesWeights;
  const EngineGraph g = load_engine_graph(input, topology, load);
  auto exchanger = comm::graph::make_mpi_exchanger(topology);
  EnactOptions options;
  options.params.source = source;
  options.params.num_vertices = kVertices;
  options.balance = std::get<1>(layout);
  options.exchange = std::get<2>(layout);
  options.direction = std::get<3>(layout);
  options.walk.group = group;
  RunReport report(false);
  Enactor<P> enactor(g, *exchanger, MPI_COMM_WORLD, options, report);
  const auto result = enactor.run();
  EXPECT_EQ(result.reason, StopReason::converged);
  if (records) *records = report.iterations();

  // Gather every rank's range to compare the whole vector.
  std::vector<double> mine;
  for (auto v : result.values) mine.push_back(to_stored(v));
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  const int count = static_cast<int>(mine.size());
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 1; r < ranks; ++r) displs[r] = displs[r - 1] + counts[r - 1];
  std::vector<double> all(kVertices);
  MPI_Allgatherv(mine.data(), count, MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                 MPI_DOUBLE, MPI_COMM_WORLD);
  return all;
}

class EnactorTest : public ::testing::TestWithParam<Layout> {};

TEST_P(EnactorTest, BfsHops) {
  const auto values = run_everywhere<kernels::graph::Bfs>(GetParam());
  for (VertexId v = 0; v < kVertices; ++v) {
    const double want = v < 100 ? v : v < 200 ? v - 99.0 : std::numeric_limits<double>::infinity();
    EXPECT_EQ(values[v], want) << "vertex " << v;
  }
}

TEST_P(EnactorTest, SsspDistances) {
  const auto values = run_everywhere<kernels::graph::Sssp>(GetParam());
  for (VertexId v = 0; v < kVertices; ++v) {
    const double want = v < 100 ? v : v < 200 ? v - 50.0 : std::numeric_limits<double>::infinity();
    EXPECT_EQ(values[v], want) << "vertex " << v;
  }
}

TEST_P(EnactorTest, SsspDistancesPast2To24AreExact) {
  const auto values = run_everywhere<kernels::graph::Sssp>(GetParam(), 200);
  EXPECT_EQ(values[200], 0.0);
  EXPECT_EQ(values[201], 16777216.0);
  EXPECT_EQ(values[202], 16777217.0);
  EXPECT_EQ(values[203], 16777218.0);
}

TEST_P(EnactorTest, ComponentLabels) {
  const auto values = run_everywhere<kernels::graph::ConnectedComponents>(GetParam());
  for (VertexId v = 0; v < kVertices; ++v)
    EXPECT_EQ(values[v], v < 200 ? 0.0 : v <= 203 ? 200.0 : v) << "vertex " << v;
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, EnactorTest,
    ::testing::Combine(::testing::Values(1, 2), ::testing::Bool(),
                       ::testing::Values(ExchangeMode::targeted, ExchangeMode::vertex_refinement,
                                         ExchangeMode::all_updates),
                       ::testing::Values(Direction::automatic, Direction::push, Direction::pull)));

// Vertex grouping (--group r): the same values for every ratio, partitions per rank and
// exchange, every iteration pulled (auto direction), and the redundant vertices counted.
using GroupLayout = std::tuple<unsigned /*ratio*/, int /*devices per rank*/, ExchangeMode>;

class GroupedEnactorTest : public ::testing::TestWithParam<GroupLayout> {
 protected:
  // BFS and SSSP pull vertices whose group the frontier reaches before they do (CC's first
  // iteration, every vertex in the frontier, may leave none).
  template <typename P>
  std::vector<double> run(VertexId source = 0) {
    const auto& [ratio, devices, exchange] = GetParam();
    std::vector<IterationRecord> records;
    const Layout layout{devices, true, exchange, Direction::automatic};
    const auto values = run_everywhere<P>(layout, source, ratio, &records);
    std::uint64_t redundant = 0;
    for (const IterationRecord& r : records) {
      EXPECT_GT(r.pull_partitions, 0u) << P::kName << ": grouped iterations pull";
      redundant += r.redundant;
    }
    if (!std::is_same_v<P, kernels::graph::ConnectedComponents>) {
      EXPECT_GT(redundant, 0u) << P::kName << " ratio " << ratio;
    }
    return values;
  }
};

TEST_P(GroupedEnactorTest, BfsHops) {
  const auto values = run<kernels::graph::Bfs>();
  for (VertexId v = 0; v < kVertices; ++v) {
    const double want = v < 100 ? v : v < 200 ? v - 99.0 : std::numeric_limits<double>::infinity();
    EXPECT_EQ(values[v], want) << "vertex " << v;
  }
}

TEST_P(GroupedEnactorTest, SsspDistances) {
  const auto values = run<kernels::graph::Sssp>();
  for (VertexId v = 0; v < kVertices; ++v) {
    const double want = v < 100 ? v : v < 200 ? v - 50.0 : std::numeric_limits<double>::infinity();
    EXPECT_EQ(values[v], want) << "vertex " << v;
  }
  const auto far = run<kernels::graph::Sssp>(200);
  EXPECT_EQ(far[203], 16777218.0);
}

TEST_P(GroupedEnactorTest, ComponentLabels) {
  const auto values = run<kernels::graph::ConnectedComponents>();
  for (VertexId v = 0; v < kVertices; ++v)
    EXPECT_EQ(values[v], v < 200 ? 0.0 : v <= 203 ? 200.0 : v) << "vertex " << v;
}

INSTANTIATE_TEST_SUITE_P(Ratios, GroupedEnactorTest,
                         ::testing::Combine(::testing::Values(2u, 4u, 32u, 64u),
                                            ::testing::Values(1, 2),
                                            ::testing::Values(ExchangeMode::targeted,
                                                              ExchangeMode::vertex_refinement,
                                                              ExchangeMode::all_updates)));

}  // namespace
}  // namespace wg::engine
