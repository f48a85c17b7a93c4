#include "src/engine/engine_graph.hpp"

#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <limits>

#include "comm/graph/mirror_discovery.hpp"
#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#include "src/common/stop_signal.hpp"
#include "src/engine/edge_checksum.hpp"

namespace wg::engine {

namespace {

using graph::EdgeDirection;

// The vertex slice [sections of rank r) every rank reads to build global per-section
// data without any rank reading everything.
VertexRange slice_of_rank(const partition::SectionLayout& sections, int rank, int ranks) {
  const std::size_t n = sections.count();
  const std::size_t first = n * static_cast<std::size_t>(rank) / static_cast<std::size_t>(ranks);
  const std::size_t last = n * static_cast<std::size_t>(rank + 1) / static_cast<std::size_t>(ranks);
  return {sections.start(first), sections.start(last)};
}

// Gathers equal-length-per-rank pieces of a global array (piece r covers slice r).
template <typename T>
std::vector<T> allgather_slices(const std::vector<T>& mine, MPI_Datatype type, MPI_Comm comm,
                                int ranks) {
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  MPI_CHECK(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm));
  int total = 0;
  for (int r = 0; r < ranks; ++r) {
    displs[static_cast<std::size_t>(r)] = total;
    total += counts[static_cast<std::size_t>(r)];
  }
  std::vector<T> all(static_cast<std::size_t>(total));
  MPI_CHECK(MPI_Allgatherv(mine.data(), count, type, all.data(), counts.data(), displs.data(), type,
                           comm));
  return all;
}

// Adds the edges of one direction's row offsets, section by section, into work.
void add_section_work(const std::vector<EdgeIndex>& indptr, VertexRange slice,
                      const partition::SectionLayout& sections, std::vector<double>& work) {
  for (std::size_t s = slice.begin / sections.section_size; sections.start(s) < slice.end; ++s) {
    const VertexId begin = sections.start(s) - slice.begin;
    const VertexId end = std::min(sections.start(s + 1), slice.end) - slice.begin;
    work[s - slice.begin / sections.section_size] +=
        static_cast<double>(indptr[end] - indptr[begin]);
  }
}

// Row-wise union of in- and out-edges: the undirected view of a directed graph.
graph::CsrSlice merge_rows(const graph::CsrSlice& a, const graph::CsrSlice& b) {
  graph::CsrSlice merged;
  merged.range = a.range;
  merged.indptr.assign(a.indptr.size(), 0);
  merged.indices.reserve(a.indices.size() + b.indices.size());
  const bool weighted = !a.weights.empty();
  for (std::size_t row = 0; row + 1 < a.indptr.size(); ++row) {
    for (int part = 0; part < 2; ++part) {
      const graph::CsrSlice& from = part == 0 ? a : b;
      for (EdgeIndex e = from.indptr[row]; e < from.indptr[row + 1]; ++e) {
        merged.indices.push_back(from.indices[e]);
        if (weighted) merged.weights.push_back(from.weights[e]);
      }
    }
    merged.indptr[row + 1] = merged.indices.size();
  }
  return merged;
}

// Activation lists: the transpose of the stored in-edges, indexed by source (local id).
// Sources are scattered over the whole graph, so a direct counting sort misses the cache on
// every edge; instead the edges are first split by blocks of sources (few output streams),
// then each block is transposed within a cache-sized range, blocks in parallel.
void build_targets(PartitionGraph& p) {
  const VertexId num_vertices = p.ids.size();
  constexpr unsigned kBlockBits = 12;
  const std::size_t blocks = (std::size_t{num_vertices} >> kBlockBits) + 1;
  const auto& in = p.in;
  std::vector<EdgeIndex> block_start(blocks + 1, 0);
  for (VertexId u : in.indices) ++block_start[(u >> kBlockBits) + 1];
  for (std::size_t b = 0; b < blocks; ++b) block_start[b + 1] += block_start[b];

  struct Edge {
    VertexId source, target;
    Weight weight;
  };
  const bool weighted = !in.weights.empty();
  std::vector<Edge> by_block(in.indices.size());
  {
    std::vector<EdgeIndex> cursor(block_start.begin(), block_start.end() - 1);
    for (std::size_t row = 0; row + 1 < in.indptr.size(); ++row) {
      const auto v = static_cast<VertexId>(row);
      for (EdgeIndex e = in.indptr[row]; e < in.indptr[row + 1]; ++e)
        by_block[cursor[in.indices[e] >> kBlockBits]++] = {in.indices[e], v,
                                                           weighted ? in.weights[e] : Weight(1)};
    }
  }

  p.targets_indptr.assign(std::size_t{num_vertices} + 1, 0);
  p.targets.resize(in.indices.size());
  if (weighted) p.target_weights.resize(in.indices.size());
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t b = 0; b < static_cast<std::int64_t>(blocks); ++b) {
    const std::size_t first = static_cast<std::size_t>(b) << kBlockBits;
    const std::size_t last =
        std::min<std::size_t>(first + (std::size_t{1} << kBlockBits), num_vertices);
    if (first >= last) continue;
    const auto begin = static_cast<std::size_t>(block_start[static_cast<std::size_t>(b)]);
    const auto end = static_cast<std::size_t>(block_start[static_cast<std::size_t>(b) + 1]);
    std::vector<EdgeIndex> count(last - first + 1, 0);
    for (std::size_t e = begin; e < end; ++e) ++count[by_block[e].source - first + 1];
    for (std::size_t i = 0; i + 1 < count.size(); ++i) count[i + 1] += count[i];
    for (std::size_t i = 1; i < count.size(); ++i) p.targets_indptr[first + i] = begin + count[i];
    for (std::size_t e = begin; e < end; ++e) {
      const std::size_t slot = begin + count[by_block[e].source - first]++;
      p.targets[slot] = by_block[e].target;
      if (weighted) p.target_weights[slot] = by_block[e].weight;
    }
  }
}

}  // namespace

kernels::graph::PartitionView partition_view(const EngineGraph& g, const PartitionGraph& p) {
  kernels::graph::PartitionView view;
  view.num_vertices = p.ids.size();
  view.stored = {0, p.stored.size()};
  view.in = {view.stored, p.in.indptr.data(), p.in.indices.data(),
             p.in.weights.empty() ? nullptr : p.in.weights.data()};
  view.targets = {p.targets_indptr.data(), p.targets.data(),
                  p.target_weights.empty() ? nullptr : p.target_weights.data()};
  view.num_targets = p.targets.size();
  view.statics = p.statics.empty() ? nullptr : p.statics.data();
  view.boundary = p.boundary.data();
  // Stored ranges start on a section edge, so local sections are global ones shifted.
  view.sections = {view.num_vertices, g.plan.sections.section_size};
  // The input weights are read by the stored vertices only: local id v is global v + begin.
  view.vertex_weights =
      g.vertex_weights.empty() ? nullptr : g.vertex_weights.data() + p.stored.begin;
  return view;
}

std::vector<double> in_weight_sums(const EngineGraph& g, VertexId held) {
  std::vector<double> sums(g.info.num_vertices, 0.0);
  for (const PartitionGraph& p : g.local) {
    const auto rows = static_cast<std::int64_t>(p.stored.size());
#pragma omp parallel for schedule(static)
    for (std::int64_t row = 0; row < rows; ++row) {
      const auto r = static_cast<std::size_t>(row);
      double sum = 0.0;
      for (EdgeIndex e = p.in.indptr[r]; e < p.in.indptr[r + 1]; ++e)
        sum += p.in.weights.empty() ? 1.0 : static_cast<double>(p.in.weights[e]);
      sums[p.stored.begin + r] = sum;
    }
  }
  if (held < sums.size()) sums[held] = kernels::graph::kHeldVertex;
  return sums;
}

namespace {

// The edges a vertex pulls over: its in-edges, or its out-edges on the transposed graph.
EdgeDirection pulled(const LoadOptions& options) {
  return options.reversed ? EdgeDirection::out : EdgeDirection::in;
}
EdgeDirection other(EdgeDirection d) {
  return d == EdgeDirection::in ? EdgeDirection::out : EdgeDirection::in;
}

PartitionPlan plan_partitions(const GraphInput& input, const comm::graph::GraphTopology& topology,
                              const LoadOptions& options) {
  const graph::GraphInfo& info = input.info();
  PartitionPlan plan;
  plan.sections = {info.num_vertices, options.section_size};
  plan.num_partitions = topology.size() * options.devices_per_rank;
  plan.first_local = topology.rank() * options.devices_per_rank;

  const VertexRange slice = slice_of_rank(plan.sections, topology.rank(), topology.size());
  const std::size_t first_section = slice.begin / plan.sections.section_size;
  const std::size_t slice_sections =
      slice.empty() ? 0 : (slice.end - 1) / plan.sections.section_size + 1 - first_section;
  std::vector<double> work(slice_sections, 0.0);
  add_section_work(input.read_indptr(pulled(options), slice, topology.world()), slice,
                   plan.sections, work);
  if (options.undirected_view && info.directed)
    add_section_work(input.read_indptr(other(pulled(options)), slice, topology.world()), slice,
                     plan.sections, work);
  plan.section_in_edges = allgather_slices(work, MPI_DOUBLE, topology.world(), topology.size());

  plan.static_borders =
      partition::equal_work_borders(plan.section_in_edges, plan.sections, plan.num_partitions);
  plan.stored = partition::stored_ranges(plan.section_in_edges, plan.sections, plan.static_borders,
                                         options.overlap);
  return plan;
}

std::vector<kernels::graph::VertexStatic> gather_out_degrees(
    const GraphInput& input, const comm::graph::GraphTopology& topology,
    const partition::SectionLayout& sections) {
  const VertexRange slice = slice_of_rank(sections, topology.rank(), topology.size());
  const auto indptr = input.read_indptr(EdgeDirection::out, slice, topology.world());
  std::vector<kernels::graph::VertexStatic> mine(slice.size());
  for (std::size_t i = 0; i < mine.size(); ++i)
    mine[i].out_degree = static_cast<std::uint32_t>(indptr[i + 1] - indptr[i]);
  static_assert(sizeof(kernels::graph::VertexStatic) == sizeof(std::uint32_t));
  return allgather_slices(mine, MPI_UINT32_T, topology.world(), topology.size());
}

}  // namespace

namespace {

// The per-vertex static data of a partition's held vertices, from the whole graph's.
std::vector<kernels::graph::VertexStatic> held_statics(
    const partition::LocalIds& ids, const std::vector<kernels::graph::VertexStatic>& all) {
  std::vector<kernels::graph::VertexStatic> held(ids.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(held.size()); ++i)
    held[static_cast<std::size_t>(i)] = all[ids.global(static_cast<VertexId>(i))];
  return held;
}

// Boundary bits of a partition: the stored vertices another partition holds.
std::vector<kernels::graph::BitWord> boundary_bits(const PartitionGraph& p) {
  std::vector<kernels::graph::BitWord> bits(kernels::graph::bit_words(p.ids.size()), 0);
  for (VertexId v = 0; v < p.stored.size(); ++v)
    if (p.mirrors.shared(v)) bits[v / kernels::graph::kBitsPerWord] |= kernels::graph::bit_of(v);
  return bits;
}

}  // namespace

EngineGraph load_engine_graph(const GraphInput& input, const comm::graph::GraphTopology& topology,
                              const LoadOptions& options) {
  WG_REQUIRE(options.devices_per_rank >= 1, "--devices-per-rank must be at least 1 (got {})",
             options.devices_per_rank);
  WG_REQUIRE(options.section_size % 64 == 0 && options.section_size > 0,
             "section size must be a positive multiple of 64 (got {})", options.section_size);
  const double started = MPI_Wtime();
  auto elapsed = [started] { return MPI_Wtime() - started; };
  EngineGraph g;
  g.info = input.info();
  g.plan = plan_partitions(input, topology, options);
  const std::vector<kernels::graph::VertexStatic> statics =
      options.needs_out_degree ? gather_out_degrees(input, topology, g.plan.sections)
                               : std::vector<kernels::graph::VertexStatic>{};
  spdlog::info("partition plan ready ({:.2f} s): static borders {}", elapsed(),
               fmt::join(g.plan.static_borders, " "));

  const VertexId n = g.info.num_vertices;
  float smallest_weight = std::numeric_limits<float>::infinity();
  EdgeChecksum checksum;
  for (int d = 0; d < options.devices_per_rank; ++d) {
    stop_if_signalled(topology.world(), "loading the graph");
    PartitionGraph p;
    p.index = g.plan.first_local + d;
    p.stored = g.plan.stored[static_cast<std::size_t>(p.index)];
    const auto index = static_cast<std::size_t>(p.index);
    const VertexRange owned{g.plan.static_borders[index], g.plan.static_borders[index + 1]};
    const EdgeDirection along = pulled(options);
    // Both directions of the rows this partition owns go into the transpose check; the
    // other direction is read for it alone unless the undirected view needs it anyway.
    p.in = input.read_csr(along, p.stored, topology.world());
    checksum.add(p.in, along, owned);
    if (options.undirected_view && g.info.directed) {
      const graph::CsrSlice back = input.read_csr(other(along), p.stored, topology.world());
      checksum.add(back, other(along), owned);
      p.in = merge_rows(p.in, back);
    } else {
      checksum.add(input.read_csr(other(along), owned, topology.world()), other(along), owned);
    }
    spdlog::debug("partition {}: stored range [{}, {}) with {} edges read ({:.2f} s)", p.index,
                  p.stored.begin, p.stored.end, p.in.indices.size(), elapsed());
    if (!options.use_weights) graph::CsrSlice{}.weights.swap(p.in.weights);
    for (float w : p.in.weights) smallest_weight = std::min(smallest_weight, w);
    p.ids = partition::LocalIds::localise(p.stored, n, p.in.indices.data(), p.in.indices.size());
    if (!statics.empty()) p.statics = held_statics(p.ids, statics);
    build_targets(p);
    spdlog::debug("partition {}: {} ghosts, activation lists built ({:.2f} s)", p.index,
                  p.ids.ghosts().size(), elapsed());
    g.local.push_back(std::move(p));
  }

  checksum.require_transposes(g.info.index_path, topology.world());
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &smallest_weight, 1, MPI_FLOAT, MPI_MIN, topology.world()));
  WG_REQUIRE(!(options.refuses_negative_weights && smallest_weight < 0.0f),
             "graph {} has a negative edge weight ({}); --algo {} needs weights >= 0",
             g.info.index_path, smallest_weight, options.refuses_negative_weights);

  stop_if_signalled(topology.world(), "loading the graph");
  std::vector<const partition::LocalIds*> held;
  for (const PartitionGraph& p : g.local) held.push_back(&p.ids);
  std::vector<partition::MirrorLists> mirrors = comm::graph::discover_mirrors(
      held, g.plan.first_local, g.plan.stored, options.devices_per_rank, topology.world());
  std::uint64_t counts[2] = {0, 0};  // boundary vertices (by static owner), mirrors
  for (std::size_t d = 0; d < g.local.size(); ++d) {
    PartitionGraph& p = g.local[d];
    p.mirrors = std::move(mirrors[d]);
    p.boundary = boundary_bits(p);
    const auto index = static_cast<std::size_t>(p.index);
    for (VertexId v = g.plan.static_borders[index]; v < g.plan.static_borders[index + 1]; ++v)
      counts[0] += p.mirrors.shared(v - p.stored.begin) ? 1 : 0;
    counts[1] += p.mirrors.mirrors();
  }
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, counts, 2, MPI_UINT64_T, MPI_SUM, topology.world()));
  g.boundary_vertices = counts[0];
  g.mirrors = counts[1];
  spdlog::info("{} partitions loaded ({:.2f} s), {} boundary vertices of {}, {} mirrors",
               g.plan.num_partitions, elapsed(), g.boundary_vertices, n, g.mirrors);
  return g;
}

}  // namespace wg::engine
