// The CUDA backend against the host backend: every program of the registry on an RMAT
// graph and on a weighted grid, for every pull kernel (auto, ws, dynamic, vwc, thread)
// and every direction (auto, forced push, forced pull), with one and two partitions per
// rank. BFS, SSSP, SSWP, CC, k-core and path counts must match exactly (their result does
// not depend on the order of updates); PageRank and PPR to 1e-9 per vertex (sums in
// another order); cs, hs and nn to kSimulationTolerance (below). Then every virtual-warp
// width K (and auto) against the others, the multi-phase algorithms (bc, scc) through
// their drivers, CUDA phases against host phases, and vertex grouping (--group r) for
// every ratio and frontier pull kernel.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <tuple>

#include "comm/device_binding.hpp"
#include "kernels/graph/programs.hpp"
#include "src/engine/enactor.hpp"
#include "src/engine/engine_graph.hpp"
#include "src/engine/phased_algorithms.hpp"
#include "src/graph/rmat.hpp"
#if WARPGRAPH_WITH_CUDA
#include <cuda_runtime.h>

#include "comm/graph/nccl_gather_stage.hpp"
#endif

namespace wg::engine {
namespace {

// Serves CSR slices of an edge list held by every rank.
class MemoryGraph final : public GraphInput {
 public:
  MemoryGraph(std::vector<graph::Edge> edges, VertexId vertices) : edges_(std::move(edges)) {
    info_.index_path = "(memory)";
    info_.num_vertices = vertices;
    info_.num_edges = edges_.size();
    info_.weighted = true;
    for (auto direction : {graph::EdgeDirection::in, graph::EdgeDirection::out}) {
      const bool in = direction == graph::EdgeDirection::in;
      Csr& c = in ? in_ : out_;
      c.indptr.assign(vertices + 1, 0);
      for (const graph::Edge& e : edges_) ++c.indptr[(in ? e.target : e.source) + 1];
      for (VertexId v = 0; v < vertices; ++v) c.indptr[v + 1] += c.indptr[v];
      c.other.resize(edges_.size());
      c.weights.resize(edges_.size());
      std::vector<EdgeIndex> at(c.indptr.begin(), c.indptr.end() - 1);
      for (const graph::Edge& e : edges_) {
        const EdgeIndex slot = at[in ? e.target : e.source]++;
        c.other[slot] = in ? e.source : e.target;
        c.weights[slot] = e.weight;
      }
    }
  }
  const graph::GraphInfo& info() const override { return info_; }
  VertexId busy_source() const { return edges_.front().source; }  // has out-edges
  graph::CsrSlice read_csr(graph::EdgeDirection direction, VertexRange range,
                           MPI_Comm) const override {
    const Csr& c = direction == graph::EdgeDirection::in ? in_ : out_;
    graph::CsrSlice slice;
    slice.range = range;
    const EdgeIndex first = c.indptr[range.begin];
    for (VertexId v = range.begin; v <= range.end; ++v) slice.indptr.push_back(c.indptr[v] - first);
    slice.indices.assign(c.other.begin() + first, c.other.begin() + c.indptr[range.end]);
    slice.weights.assign(c.weights.begin() + first, c.weights.begin() + c.indptr[range.end]);
    return slice;
  }
  std::vector<EdgeIndex> read_indptr(graph::EdgeDirection direction, VertexRange range,
                                     MPI_Comm comm) const override {
    return read_csr(direction, range, comm).indptr;
  }

 private:
  struct Csr {
    std::vector<EdgeIndex> indptr;
    std::vector<VertexId> other;
    std::vector<Weight> weights;
  };
  std::vector<graph::Edge> edges_;
  graph::GraphInfo info_;
  Csr in_, out_;
};

MemoryGraph rmat_graph() {
  graph::RmatParameters p;
  p.scale = 11;
  p.edge_factor = 8;
  p.seed = 7;
  p.max_weight = 20;
  return MemoryGraph(graph::rmat_edges(p, 0, p.edge_factor << p.scale), VertexId{1} << p.scale);
}

// A 48 x 40 grid, edges both ways between 4-neighbours, weights 1..9; the last 128
// vertices stay isolated (unreachable, their own components, dangling for PageRank).
MemoryGraph grid_graph() {
  constexpr VertexId kRows = 48, kCols = 40;
  std::vector<graph::Edge> edges;
  auto id = [](VertexId r, VertexId c) { return r * kCols + c; };
  for (VertexId r = 0; r < kRows; ++r)
    for (VertexId c = 0; c < kCols; ++c) {
      const auto w = static_cast<Weight>((r * 7 + c * 3) % 9 + 1);
      if (c + 1 < kCols) {
        edges.push_back({id(r, c), id(r, c + 1), w});
        edges.push_back({id(r, c + 1), id(r, c), w});
      }
      if (r + 1 < kRows) {
        edges.push_back({id(r, c), id(r + 1, c), w + 1});
        edges.push_back({id(r + 1, c), id(r, c), w + 1});
      }
    }
  return MemoryGraph(std::move(edges), kRows * kCols + 128);
}

// Rows of every length class the pulls treat apart: a hub of 6,000 neighbours (a heavy
// row, split into chunks), one of 3,000 (too long for a row block's stage, pulled by a
// whole block), 40 of 100, and a weighted ring through all 9,000 vertices.
MemoryGraph hubs_graph() {
  constexpr VertexId kVertices = 9000;
  std::vector<graph::Edge> edges;
  auto both = [&](VertexId u, VertexId v, Weight w) {
    edges.push_back({u, v, w});
    edges.push_back({v, u, w});
  };
  for (VertexId v = 0; v < kVertices; ++v) both(v, (v + 1) % kVertices, 1 + v % 7);
  for (VertexId v = 10; v < 6010; ++v) both(0, v, 2 + v % 5);
  for (VertexId v = 3000; v < 6000; ++v) both(1, v, 1 + v % 3);
  for (VertexId h = 2; h < 42; ++h)
    for (VertexId k = 0; k < 100; ++k) both(h, 6100 + (h * 37 + k * 11) % 2900, 3);
  return MemoryGraph(std::move(edges), kVertices);
}

struct Gpu {
  std::vector<int> devices;  // empty: host backend
  bool shared = false;
};

// NCCL between ranks on GPUs of their own, MPI otherwise.
std::unique_ptr<comm::graph::BundleExchanger> make_exchanger(
    const comm::graph::GraphTopology& topology, const Gpu& gpu) {
#if WARPGRAPH_WITH_CUDA
  if (!gpu.devices.empty() && !gpu.shared)
    return comm::graph::make_nccl_exchanger(topology, gpu.devices.front());
#endif
  (void)gpu;
  return comm::graph::make_mpi_exchanger(topology);
}

// The GPU of each of `partitions` partitions, round robin (none: the host backend).
std::vector<int> gpus_for(int partitions, const Gpu& gpu) {
  std::vector<int> gpus;
  for (int p = 0; p < partitions && !gpu.devices.empty(); ++p)
    gpus.push_back(gpu.devices[static_cast<std::size_t>(p) % gpu.devices.size()]);
  return gpus;
}

// A run's settings beyond the kernel and direction.
struct RunExtras {
  ExchangeMode exchange = ExchangeMode::targeted;
  std::uint64_t max_iterations = 0;  // 0: to convergence
  RunReport* report = nullptr;       // where the iteration records go, when given
  unsigned group = 1;                // vertex grouping's ratio (1: none)
  unsigned split = 0;                // --split K (kChosenByPartition: auto)
};

// The whole value vector of one run, gathered on every rank.
template <typename P>
std::vector<double> run(const MemoryGraph& input, int partitions, const Gpu& gpu,
                        KernelChoice kernel, Direction direction, std::uint64_t& iterations,
                        const RunExtras& extras = {}) {
  comm::graph::GraphTopology topology(MPI_COMM_WORLD, 0);
  LoadOptions load;
  load.devices_per_rank = partitions;
  load.section_size = 128;
  load.undirected_view = P::kUndirected;
  load.needs_out_degree = P::kNeedsOutDegree;
  load.use_weights = P::kUsesWeights;
  EngineGraph g = load_engine_graph(input, topology, load);
  if (P::kVertexWeights) {
    // Personalization: weight 1 + v % 5 on every third vertex, normalised.
    g.vertex_weights.assign(input.info().num_vertices, 0.0);
    double sum = 0.0;
    for (VertexId v = 0; v < input.info().num_vertices; v += 3) sum += 1.0 + v % 5;
    for (VertexId v = 0; v < input.info().num_vertices; v += 3)
      g.vertex_weights[v] = (1.0 + v % 5) / sum;
  }
  if (P::kInWeightSum) g.vertex_weights = in_weight_sums(g, input.busy_source());
  const std::unique_ptr<comm::graph::BundleExchanger> exchanger = make_exchanger(topology, gpu);
  EnactOptions options;
  options.params.source = input.busy_source();
  options.params.num_vertices = input.info().num_vertices;
  options.tolerance = 1e-10;
  options.walk.kernel = kernel;
  options.walk.split = extras.split;
  options.walk.group = extras.group;
  options.direction = direction;
  options.exchange = extras.exchange;
  options.max_iterations = extras.max_iterations;
  options.gpus = gpus_for(partitions, gpu);
  RunReport own_report(false);
  Enactor<P> enactor(g, *exchanger, MPI_COMM_WORLD, options,
                     extras.report ? *extras.report : own_report);
  const auto result = enactor.run();
  EXPECT_EQ(result.reason,
            extras.max_iterations == 0 ? StopReason::converged : StopReason::max_iterations);
  iterations = result.iterations;

  std::vector<double> mine;
  for (auto v : result.values) mine.push_back(to_stored(P::output(v)));
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  const int count = static_cast<int>(mine.size());
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for (std::size_t r = 1; r < counts.size(); ++r) displs[r] = displs[r - 1] + counts[r - 1];
  std::vector<double> all(input.info().num_vertices);
  MPI_Allgatherv(mine.data(), count, MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                 MPI_DOUBLE, MPI_COMM_WORLD);
  return all;
}

// This rank's GPU, or a reason to skip (the same on every rank of one machine).
std::string gpu_or_skip(Gpu& gpu) {
#if WARPGRAPH_WITH_CUDA
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return "no CUDA device";
  const comm::DeviceBinding binding = comm::bind_devices(MPI_COMM_WORLD, 1);
  if (binding.host_backend()) return binding.host_reason;
  gpu.devices = binding.devices;
  int shared = binding.gpu_shared ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &shared, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  gpu.shared = shared != 0;
  return "";
#else
  (void)gpu;
  return "built without CUDA";
#endif
}

// A parameterised test on the rank's GPU, skipped without one.
template <typename Param>
class GpuTest : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    const std::string why = gpu_or_skip(gpu_);
    if (!why.empty()) GTEST_SKIP() << why;
  }

  Gpu gpu_;
};

// The vertices whose CUDA value differs from the host's (exactly, or by more than
// `tolerance`); the first `shown` of them fail the test with `what`.
template <typename Values>
std::size_t count_differences(const Values& got, const Values& want, double tolerance,
                              std::size_t shown, const std::string& what) {
  std::size_t wrong = 0;
  for (std::size_t v = 0; v < want.size(); ++v) {
    const bool same =
        tolerance == 0.0 ? got[v] == want[v] : std::fabs(got[v] - want[v]) <= tolerance;
    if (!same && ++wrong <= shown)
      ADD_FAILURE() << what << " vertex " << v << ": cuda " << got[v] << ", host " << want[v];
  }
  return wrong;
}

using Case = std::tuple<std::string /*graph*/, KernelChoice, Direction, int /*partitions*/>;

class GpuEnactorTest : public GpuTest<Case> {
 protected:
  template <typename P>
  void compare(double tolerance) {
    const auto& [graph_name, kernel, direction, partitions] = GetParam();
    const MemoryGraph input = graph_name == "rmat" ? rmat_graph() : grid_graph();
    std::uint64_t host_iterations = 0, gpu_iterations = 0;
    const auto want = run<P>(input, partitions, Gpu{}, kernel, direction, host_iterations);
    const auto got = run<P>(input, partitions, gpu_, kernel, direction, gpu_iterations);
    ASSERT_EQ(got.size(), want.size());
    EXPECT_EQ(count_differences(got, want, tolerance, 5, P::kName), 0u) << P::kName;
    EXPECT_GT(host_iterations, 1u) << "the graph must give " << P::kName << " work to do";
  }
};

TEST_P(GpuEnactorTest, Bfs) { compare<kernels::graph::Bfs>(0.0); }
TEST_P(GpuEnactorTest, Sssp) { compare<kernels::graph::Sssp>(0.0); }
TEST_P(GpuEnactorTest, Sswp) { compare<kernels::graph::Sswp>(0.0); }
TEST_P(GpuEnactorTest, ConnectedComponents) { compare<kernels::graph::ConnectedComponents>(0.0); }
TEST_P(GpuEnactorTest, PageRank) { compare<kernels::graph::PageRank>(1e-9); }
TEST_P(GpuEnactorTest, PersonalizedPageRank) {
  compare<kernels::graph::PersonalizedPageRank>(1e-9);
}
TEST_P(GpuEnactorTest, KCore) { compare<kernels::graph::KCore>(0.0); }
TEST_P(GpuEnactorTest, ShortestPathCounts) { compare<kernels::graph::ShortestPathCounts>(0.0); }
// cs, hs and nn take a new value only when it moves by more than 1e-6, so a sum rounded
// otherwise on the GPU may, rarely, stop a vertex one iteration apart from the host, and
// values then differ by about that threshold; a wrong sum differs by far more.
constexpr double kSimulationTolerance = 1e-5;
TEST_P(GpuEnactorTest, CircuitSimulation) {
  compare<kernels::graph::CircuitSimulation>(kSimulationTolerance);
}
TEST_P(GpuEnactorTest, HeatSimulation) {
  compare<kernels::graph::HeatSimulation>(kSimulationTolerance);
}
TEST_P(GpuEnactorTest, NeuralNetwork) {
  compare<kernels::graph::NeuralNetwork>(kSimulationTolerance);
}

// Every exchange mode, two partitions per rank (on one GPU when the rank has one).
TEST(GpuExchange, EveryModeMatchesTheHost) {
  Gpu gpu;
  const std::string why = gpu_or_skip(gpu);
  if (!why.empty()) GTEST_SKIP() << why;
  const MemoryGraph input = rmat_graph();
  for (ExchangeMode mode :
       {ExchangeMode::targeted, ExchangeMode::vertex_refinement, ExchangeMode::all_updates}) {
    std::uint64_t iterations = 0;
    const auto want = run<kernels::graph::Sssp>(input, 2, Gpu{}, KernelChoice::automatic,
                                                Direction::automatic, iterations, {mode});
    EXPECT_EQ(run<kernels::graph::Sssp>(input, 2, gpu, KernelChoice::automatic,
                                        Direction::automatic, iterations, {mode}),
              want);
    const auto ranks = run<kernels::graph::PageRank>(input, 2, Gpu{}, KernelChoice::automatic,
                                                     Direction::automatic, iterations, {mode});
    const auto got = run<kernels::graph::PageRank>(input, 2, gpu, KernelChoice::automatic,
                                                   Direction::automatic, iterations, {mode});
    for (std::size_t v = 0; v < ranks.size(); ++v) EXPECT_NEAR(got[v], ranks[v], 1e-9) << v;
  }
}

// A partition larger than the GPU's free memory is refused before anything is allocated,
// with a message that says what to do.
TEST(GpuMemory, TooLargeAPartitionIsRefused) {
  Gpu gpu;
  const std::string why = gpu_or_skip(gpu);
  if (!why.empty()) GTEST_SKIP() << why;
#if WARPGRAPH_WITH_CUDA
  const EdgeIndex no_rows[1] = {0};
  kernels::graph::PartitionView view;
  view.num_vertices = ~VertexId{0};  // 4 billion held vertices: hundreds of GiB
  view.in.indptr = no_rows;
  view.sections = {view.num_vertices, 256};
  try {
    kernels::graph::make_cuda_partition<kernels::graph::Bfs>(gpu.devices.front(), view,
                                                             kernels::graph::WalkOptions{});
    ADD_FAILURE() << "a partition of 4 billion vertices was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("run on more GPUs"), std::string::npos) << e.what();
  }
#endif
}

INSTANTIATE_TEST_SUITE_P(
    Kernels, GpuEnactorTest,
    ::testing::Combine(::testing::Values("rmat", "grid"),
                       ::testing::Values(KernelChoice::automatic, KernelChoice::ws,
                                         KernelChoice::dynamic, KernelChoice::vwc8,
                                         KernelChoice::rowblock, KernelChoice::thread),
                       ::testing::Values(Direction::automatic, Direction::push, Direction::pull),
                       ::testing::Values(1, 2)),
    [](const ::testing::TestParamInfo<Case>& c) {
      return std::get<0>(c.param) + "_" + kernels::graph::to_string(std::get<1>(c.param)) + "_" +
             kernels::graph::to_string(std::get<2>(c.param)) + "_" +
             std::to_string(std::get<3>(c.param)) + "parts";
    });

// --kernel vwc --virtual-warp K: every K and auto give the same values, on the GPU, as the
// host backend (exactly; PageRank to 1e-9, its sums grouped by K lanes).
class VirtualWarpTest : public GpuTest<std::string> {
 protected:
  template <typename P>
  void compare(double tolerance) {
    const MemoryGraph input = GetParam() == "rmat" ? rmat_graph() : grid_graph();
    std::uint64_t iterations = 0;
    const auto want =
        run<P>(input, 1, Gpu{}, KernelChoice::automatic, Direction::automatic, iterations);
    for (KernelChoice k : {KernelChoice::vwc2, KernelChoice::vwc4, KernelChoice::vwc8,
                           KernelChoice::vwc16, KernelChoice::vwc32, KernelChoice::vwc_auto})
      for (int partitions : {1, 2}) {
        const auto got = run<P>(input, partitions, gpu_, k, Direction::pull, iterations);
        const std::string what = std::string(P::kName) + " " + kernels::graph::to_string(k);
        EXPECT_EQ(count_differences(got, want, tolerance, 3, what), 0u)
            << what << ", " << partitions << " partitions";
      }
  }
};

TEST_P(VirtualWarpTest, EveryWidthAgrees) {
  compare<kernels::graph::Bfs>(0.0);
  compare<kernels::graph::Sssp>(0.0);
  compare<kernels::graph::ConnectedComponents>(0.0);
  compare<kernels::graph::KCore>(0.0);
  compare<kernels::graph::ShortestPathCounts>(0.0);
  compare<kernels::graph::PageRank>(1e-9);
  compare<kernels::graph::CircuitSimulation>(kSimulationTolerance);
}

INSTANTIATE_TEST_SUITE_P(Widths, VirtualWarpTest, ::testing::Values("rmat", "grid"));

// --split K: Tigr's virtual nodes, pulled and pushed on the GPU, give the host backend's
// values without the split, for K from 1 (one edge per virtual node) up, and auto, on the
// hubs' rows of every length class, RMAT and the grid.
class VirtualSplitTest : public GpuTest<std::string> {
 protected:
  template <typename P>
  void compare(double tolerance) {
    const MemoryGraph input = GetParam() == "rmat"   ? rmat_graph()
                              : GetParam() == "grid" ? grid_graph()
                                                     : hubs_graph();
    std::uint64_t iterations = 0;
    const auto want =
        run<P>(input, 1, Gpu{}, KernelChoice::automatic, Direction::automatic, iterations);
    for (unsigned k : {1u, 3u, 16u, kernels::graph::kChosenByPartition})
      for (Direction d : {Direction::automatic, Direction::push, Direction::pull})
        for (int partitions : {1, 2}) {
          RunExtras extras;
          extras.split = k;
          const auto got =
              run<P>(input, partitions, gpu_, KernelChoice::automatic, d, iterations, extras);
          const std::string what = std::string(P::kName) + " split " + std::to_string(k) + " " +
                                   kernels::graph::to_string(d) + " " + std::to_string(partitions) +
                                   " partitions";
          EXPECT_EQ(count_differences(got, want, tolerance, 3, what), 0u) << what;
        }
  }
};

TEST_P(VirtualSplitTest, EveryBoundAgrees) {
  compare<kernels::graph::Bfs>(0.0);
  compare<kernels::graph::Sssp>(0.0);
  compare<kernels::graph::Sswp>(0.0);
  compare<kernels::graph::ConnectedComponents>(0.0);
  compare<kernels::graph::KCore>(0.0);
  compare<kernels::graph::ShortestPathCounts>(0.0);
  compare<kernels::graph::PageRank>(1e-9);
  compare<kernels::graph::HeatSimulation>(kSimulationTolerance);
}

INSTANTIATE_TEST_SUITE_P(Graphs, VirtualSplitTest, ::testing::Values("rmat", "grid", "hubs"));

// A strip 6 vertices wide and 1,400 long (weights 1..9): a lone GPU partition walks most of
// its 1,400 levels on the device (Partition::push_levels, 512 per launch at most), pushed
// or by auto, as the host backend walks them one by one: the same values, the same
// iterations and, level by level, the same frontiers.
MemoryGraph strip_graph() {
  constexpr VertexId kWidth = 6, kLength = 1400;
  std::vector<graph::Edge> edges;
  auto both = [&](VertexId u, VertexId v, Weight w) {
    edges.push_back({u, v, w});
    edges.push_back({v, u, w});
  };
  for (VertexId i = 0; i < kLength; ++i)
    for (VertexId j = 0; j < kWidth; ++j) {
      const VertexId v = i * kWidth + j;
      const auto w = static_cast<Weight>((i * 5 + j * 3) % 9 + 1);
      if (j + 1 < kWidth) both(v, v + 1, w);
      if (i + 1 < kLength) both(v, v + kWidth, w);
    }
  return MemoryGraph(std::move(edges), kWidth * kLength);
}

class DeviceLevelsTest : public GpuTest<Direction> {
 protected:
  // Values to convergence; for a level-synchronous program also the iterations and the
  // per-iteration frontier sizes, and all of it when the iteration limit (and so the
  // level budget) stops the run part-way.
  template <typename P>
  void compare(bool level_synchronous) {
    const MemoryGraph input = strip_graph();
    for (std::uint64_t limit : {std::uint64_t{0}, std::uint64_t{700}}) {
      if (limit != 0 && !level_synchronous) continue;
      RunReport host_report(false), gpu_report(false);
      std::uint64_t host_iterations = 0, gpu_iterations = 0;
      const auto want = run<P>(input, 1, Gpu{}, KernelChoice::automatic, GetParam(),
                               host_iterations, {ExchangeMode::targeted, limit, &host_report});
      const auto got = run<P>(input, 1, gpu_, KernelChoice::automatic, GetParam(), gpu_iterations,
                              {ExchangeMode::targeted, limit, &gpu_report});
      const std::string what = std::string(P::kName) + " limit " + std::to_string(limit);
      EXPECT_EQ(count_differences(got, want, 0.0, 3, what), 0u) << what;
      if (!level_synchronous) continue;
      EXPECT_GE(host_iterations, limit == 0 ? 1400u : 700u) << what;
      ASSERT_EQ(gpu_iterations, host_iterations) << what;
      ASSERT_EQ(gpu_report.iterations().size(), host_report.iterations().size()) << what;
      for (std::size_t i = 0; i < host_report.iterations().size(); ++i) {
        const IterationRecord &h = host_report.iterations()[i], &d = gpu_report.iterations()[i];
        ASSERT_EQ(d.iteration, h.iteration) << what;
        ASSERT_EQ(d.active, h.active) << what << ", iteration " << i;
        ASSERT_EQ(d.updates, h.updates) << what << ", iteration " << i;
      }
    }
  }
};

TEST_P(DeviceLevelsTest, Bfs) { compare<kernels::graph::Bfs>(true); }
TEST_P(DeviceLevelsTest, Sssp) { compare<kernels::graph::Sssp>(false); }
TEST_P(DeviceLevelsTest, Sswp) { compare<kernels::graph::Sswp>(false); }
TEST_P(DeviceLevelsTest, ConnectedComponents) {
  compare<kernels::graph::ConnectedComponents>(false);
}

INSTANTIATE_TEST_SUITE_P(Directions, DeviceLevelsTest,
                         ::testing::Values(Direction::automatic, Direction::push),
                         [](const ::testing::TestParamInfo<Direction>& c) {
                           return std::string(kernels::graph::to_string(c.param));
                         });

// Every pull kernel on rows of every length class (hubs_graph), against the host backend.
class HubRowsTest : public GpuTest<KernelChoice> {
 protected:
  template <typename P>
  void compare(double tolerance) {
    const MemoryGraph input = hubs_graph();
    std::uint64_t iterations = 0;
    const auto want =
        run<P>(input, 1, Gpu{}, KernelChoice::automatic, Direction::automatic, iterations);
    for (int partitions : {1, 2}) {
      const auto got = run<P>(input, partitions, gpu_, GetParam(), Direction::pull, iterations);
      EXPECT_EQ(count_differences(got, want, tolerance, 3, P::kName), 0u)
          << P::kName << ", " << partitions << " partitions";
    }
  }
};

TEST_P(HubRowsTest, EveryRowLengthAgrees) {
  compare<kernels::graph::Bfs>(0.0);
  compare<kernels::graph::Sssp>(0.0);
  compare<kernels::graph::ConnectedComponents>(0.0);
  compare<kernels::graph::KCore>(0.0);
  compare<kernels::graph::PageRank>(1e-9);
  compare<kernels::graph::HeatSimulation>(kSimulationTolerance);
}

INSTANTIATE_TEST_SUITE_P(Kernels, HubRowsTest,
                         ::testing::Values(KernelChoice::ws, KernelChoice::dynamic,
                                           KernelChoice::vwc32, KernelChoice::rowblock,
                                           KernelChoice::thread),
                         [](const ::testing::TestParamInfo<KernelChoice>& c) {
                           return std::string(kernels::graph::to_string(c.param));
                         });

// The values of multi-phase algorithm A (its driver and phases, as `warpgraph run` runs
// them), gathered on every rank.
template <typename A>
std::vector<double> run_phased(const MemoryGraph& input, int partitions, const Gpu& gpu,
                               const RunOptions& request, unsigned group = 1) {
  comm::graph::GraphTopology topology(MPI_COMM_WORLD, 0);
  LoadOptions load;
  load.devices_per_rank = partitions;
  load.section_size = 128;
  const EngineGraph forward = load_engine_graph(input, topology, load);
  load.reversed = true;
  const EngineGraph reversed = load_engine_graph(input, topology, load);
  const std::unique_ptr<comm::graph::BundleExchanger> exchanger = make_exchanger(topology, gpu);
  EnactOptions options;
  options.params.num_vertices = input.info().num_vertices;
  options.gpus = gpus_for(partitions, gpu);
  options.walk.group = group;
  PhaseRunner phases(forward, reversed, *exchanger, MPI_COMM_WORLD, options);
  const graph::VertexIds ids;
  nlohmann::json header;
  const auto first = static_cast<std::size_t>(forward.plan.first_local);
  const VertexRange mine = {forward.plan.static_borders[first],
                            forward.plan.static_borders[first + forward.local.size()]};
  const auto values =
      A::run({phases, request, input, ids, std::nullopt, MPI_COMM_WORLD, mine, header});
  std::vector<double> stored(values.begin(), values.end());
  return gather_ranges(stored, input.info().num_vertices, MPI_COMM_WORLD);
}

TEST(GpuPhases, BetweennessMatchesTheHost) {
  Gpu gpu;
  const std::string why = gpu_or_skip(gpu);
  if (!why.empty()) GTEST_SKIP() << why;
  RunOptions request;
  request.bc_sources = "24";  // sampled, seed 1
  for (const std::string graph_name : {"rmat", "grid"})
    for (int partitions : {1, 2}) {
      const MemoryGraph input = graph_name == "rmat" ? rmat_graph() : grid_graph();
      const auto want = run_phased<Betweenness>(input, partitions, Gpu{}, request);
      const auto got = run_phased<Betweenness>(input, partitions, gpu, request);
      double largest = 0.0;
      std::size_t wrong = 0;
      for (std::size_t v = 0; v < want.size(); ++v) {
        largest = std::max(largest, want[v]);
        // Dependencies are float64 sums, added in another order on the GPU.
        if (!(std::fabs(got[v] - want[v]) <= 1e-9 * std::max(1.0, want[v])) && ++wrong <= 5)
          ADD_FAILURE() << "bc vertex " << v << ": cuda " << got[v] << ", host " << want[v];
      }
      EXPECT_EQ(wrong, 0u) << graph_name << ", " << partitions << " partitions";
      EXPECT_GT(largest, 1.0) << "the graph must give bc work to do";
    }
}

TEST(GpuPhases, StrongComponentsMatchTheHost) {
  Gpu gpu;
  const std::string why = gpu_or_skip(gpu);
  if (!why.empty()) GTEST_SKIP() << why;
  const MemoryGraph input = rmat_graph();
  for (int partitions : {1, 2}) {
    const auto want = run_phased<StronglyConnected>(input, partitions, Gpu{}, RunOptions{});
    EXPECT_EQ(run_phased<StronglyConnected>(input, partitions, gpu, RunOptions{}), want)
        << partitions << " partitions";
    std::set<double> components(want.begin(), want.end());
    EXPECT_GT(components.size(), 2u) << "the graph must have several components";
    EXPECT_LT(components.size(), want.size()) << "and some larger than one vertex";
  }
}

// Vertex grouping: with every ratio and every frontier pull kernel, the GPU gives the
// values of the host backend's grouped run, which equal exact activation's. With one
// partition BFS and path counts (level-synchronous: the same frontier every iteration on
// both backends) must also pull the same redundant vertices, iteration by iteration.
using GroupCase = std::tuple<unsigned /*ratio*/, KernelChoice>;

class GroupTest : public GpuTest<GroupCase> {
 protected:
  template <typename P>
  void compare(bool same_frontiers) {
    const auto& [ratio, kernel] = GetParam();
    for (const std::string graph_name : {"rmat", "grid"})
      for (int partitions : {1, 2}) {
        const MemoryGraph input = graph_name == "rmat" ? rmat_graph() : grid_graph();
        const std::string what = std::string(P::kName) + " " + graph_name + " group " +
                                 std::to_string(ratio) + " " + kernels::graph::to_string(kernel) +
                                 ", " + std::to_string(partitions) + " partitions";
        std::uint64_t iterations = 0;
        RunReport host_report(false), gpu_report(false);
        const auto exact = run<P>(input, partitions, Gpu{}, KernelChoice::automatic,
                                  Direction::automatic, iterations);
        const auto want = run<P>(input, partitions, Gpu{}, kernel, Direction::automatic, iterations,
                                 {ExchangeMode::targeted, 0, &host_report, ratio});
        const auto got = run<P>(input, partitions, gpu_, kernel, Direction::automatic, iterations,
                                {ExchangeMode::targeted, 0, &gpu_report, ratio});
        EXPECT_EQ(count_differences(want, exact, 0.0, 3, what + " (host)"), 0u) << what;
        EXPECT_EQ(count_differences(got, want, 0.0, 3, what), 0u) << what;
        if (!same_frontiers) continue;
        std::uint64_t redundant = 0;
        for (const IterationRecord& r : gpu_report.iterations()) redundant += r.redundant;
        EXPECT_GT(redundant, 0u) << what << ": redundant vertices counted";
        if (partitions != 1) continue;
        ASSERT_EQ(gpu_report.iterations().size(), host_report.iterations().size()) << what;
        for (std::size_t i = 0; i < host_report.iterations().size(); ++i) {
          const IterationRecord &h = host_report.iterations()[i], &d = gpu_report.iterations()[i];
          EXPECT_EQ(d.updates, h.updates) << what << ", iteration " << i;
          EXPECT_EQ(d.redundant, h.redundant) << what << ", iteration " << i;
        }
      }
  }
};

TEST_P(GroupTest, Bfs) { compare<kernels::graph::Bfs>(true); }
TEST_P(GroupTest, Sssp) { compare<kernels::graph::Sssp>(false); }
TEST_P(GroupTest, Sswp) { compare<kernels::graph::Sswp>(false); }
TEST_P(GroupTest, ConnectedComponents) { compare<kernels::graph::ConnectedComponents>(false); }
TEST_P(GroupTest, ShortestPathCounts) { compare<kernels::graph::ShortestPathCounts>(true); }

INSTANTIATE_TEST_SUITE_P(
    Ratios, GroupTest,
    ::testing::Combine(::testing::Values(2u, 4u, 32u, 64u),
                       ::testing::Values(KernelChoice::automatic, KernelChoice::ws,
                                         KernelChoice::dynamic, KernelChoice::vwc8,
                                         KernelChoice::rowblock, KernelChoice::thread)),
    [](const ::testing::TestParamInfo<GroupCase>& c) {
      return "r" + std::to_string(std::get<0>(c.param)) + "_" +
             kernels::graph::to_string(std::get<1>(c.param));
    });

// The multi-phase algorithms with grouping (their forward and colour phases grouped).
TEST(GpuGroup, PhasesMatchTheHost) {
  Gpu gpu;
  const std::string why = gpu_or_skip(gpu);
  if (!why.empty()) GTEST_SKIP() << why;
  RunOptions request;
  request.bc_sources = "8";
  const MemoryGraph input = rmat_graph();
  for (unsigned ratio : {2u, 64u})
    for (int partitions : {1, 2}) {
      const auto exact = run_phased<StronglyConnected>(input, partitions, Gpu{}, RunOptions{});
      EXPECT_EQ(run_phased<StronglyConnected>(input, partitions, gpu, RunOptions{}, ratio), exact)
          << "scc, group " << ratio << ", " << partitions << " partitions";
      const auto want = run_phased<Betweenness>(input, partitions, Gpu{}, request, ratio);
      const auto got = run_phased<Betweenness>(input, partitions, gpu, request, ratio);
      std::size_t wrong = 0;
      for (std::size_t v = 0; v < want.size(); ++v)
        if (!(std::fabs(got[v] - want[v]) <= 1e-9 * std::max(1.0, want[v])) && ++wrong <= 5)
          ADD_FAILURE() << "bc vertex " << v << ": cuda " << got[v] << ", host " << want[v];
      EXPECT_EQ(wrong, 0u) << "bc, group " << ratio << ", " << partitions << " partitions";
    }
}

// --group auto on a GPU with room for the exact out-edges: no grouping.
TEST(GpuGroup, AutoKeepsExactActivationWhenItFits) {
  Gpu gpu;
  const std::string why = gpu_or_skip(gpu);
  if (!why.empty()) GTEST_SKIP() << why;
  const MemoryGraph input = rmat_graph();
  RunReport report(false);
  std::uint64_t iterations = 0;
  RunExtras extras;
  extras.report = &report;
  extras.group = kernels::graph::kChosenByPartition;
  run<kernels::graph::Bfs>(input, 1, gpu, KernelChoice::automatic, Direction::automatic, iterations,
                           extras);
  ASSERT_TRUE(report.header().contains("partition_walk"));
  EXPECT_EQ(report.header()["partition_walk"][0]["group"], 1u);
}

}  // namespace
}  // namespace wg::engine
