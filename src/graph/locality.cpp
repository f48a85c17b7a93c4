#include "src/graph/locality.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <bitset>

#include "partition/borders.hpp"
#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"

namespace wg::graph {

namespace {

// Rows read per collective round, so memory stays bounded on large graphs.
constexpr VertexId kRowsPerRound = VertexId{1} << 20;

// In-edges per section of the whole graph; each rank reads the offsets of its slice.
std::vector<double> section_in_edges(const GraphInfo& graph,
                                     const partition::SectionLayout& sections, VertexRange slice,
                                     MPI_Comm comm) {
  std::vector<double> work(sections.count(), 0.0);
  const std::vector<EdgeIndex> indptr = read_indptr(graph, EdgeDirection::in, slice, comm);
  for (std::size_t s = sections.first(slice); s < sections.last(slice); ++s) {
    const VertexRange r = sections.clip(s, slice);
    work[s] = static_cast<double>(indptr[r.end - slice.begin] - indptr[r.begin - slice.begin]);
  }
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, work.data(), static_cast<int>(work.size()), MPI_DOUBLE,
                          MPI_SUM, comm));
  return work;
}

// Marks the sources that lie outside the part reading them: the ghosts of that part
// (partition/local_ids.hpp), the vertices another part must send it.
void mark_read_outside(VertexRange part, const VertexId* sources, std::size_t count,
                       std::vector<std::uint64_t>& words) {
  for (std::size_t i = 0; i < count; ++i)
    if (!part.contains(sources[i])) words[sources[i] / 64] |= std::uint64_t{1} << (sources[i] % 64);
}
}  // namespace

std::vector<BoundaryShare> boundary_shares(const GraphInfo& graph, const std::vector<int>& counts,
                                           MPI_Comm comm) {
  for (int k : counts) WG_REQUIRE(k >= 1, "--partitions {}: a partition count is at least 1", k);
  int rank = 0;
  int ranks = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  const partition::SectionLayout sections{graph.num_vertices, kLocalitySectionSize};
  const auto slice_edge = [&](int r) {
    return sections.start(sections.count() * static_cast<std::size_t>(r) /
                          static_cast<std::size_t>(ranks));
  };
  const VertexRange slice{slice_edge(rank), slice_edge(rank + 1)};
  const std::vector<double> work = section_in_edges(graph, sections, slice, comm);

  std::vector<std::vector<VertexId>> borders;
  std::vector<std::vector<std::uint64_t>> read_outside;
  for (int k : counts) {
    borders.push_back(partition::equal_work_borders(work, sections, k));
    read_outside.emplace_back((std::size_t{graph.num_vertices} + 63) / 64, 0);
  }

  // Every rank takes part in the same number of collective reads.
  VertexId rounds = (slice.size() + kRowsPerRound - 1) / kRowsPerRound;
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &rounds, 1, MPI_UINT32_T, MPI_MAX, comm));
  for (VertexId round = 0; round < rounds; ++round) {
    const VertexId begin = std::min<VertexId>(slice.end, slice.begin + round * kRowsPerRound);
    const VertexRange range{begin, std::min<VertexId>(slice.end, begin + kRowsPerRound)};
    const CsrSlice in = read_csr(graph, EdgeDirection::in, range, comm);
    for (std::size_t i = 0; i < counts.size(); ++i)
      for (const VertexRange part : partition::ranges_of(borders[i])) {
        // The rows of this round that the part owns read their in-neighbours.
        const VertexId first = std::clamp(part.begin, range.begin, range.end);
        const VertexId last = std::clamp(part.end, range.begin, range.end);
        if (first >= last) continue;
        const EdgeIndex from = in.indptr[first - range.begin];
        const EdgeIndex to = in.indptr[last - range.begin];
        mark_read_outside(part, in.indices.data() + from, to - from, read_outside[i]);
      }
  }

  std::vector<BoundaryShare> shares;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    std::vector<std::uint64_t>& words = read_outside[i];
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, words.data(), static_cast<int>(words.size()),
                            MPI_UINT64_T, MPI_BOR, comm));
    BoundaryShare share;
    share.partitions = counts[i];
    for (std::uint64_t w : words) share.vertices += std::bitset<64>(w).count();
    share.fraction =
        graph.num_vertices == 0 ? 0.0 : static_cast<double>(share.vertices) / graph.num_vertices;
    shares.push_back(share);
  }
  return shares;
}

std::optional<std::vector<BoundaryShare>> measure_written_graph(const GraphInfo& written,
                                                                MPI_Comm comm) {
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  try {
    GraphInfo now;
    run_collectively(comm, [&] { now = open_graph(written.index_path); });
    WG_REQUIRE(now.num_vertices == written.num_vertices && now.num_edges == written.num_edges &&
                   now.shards.size() == written.shards.size(),
               "{} no longer holds the graph written (another writer replaced it)",
               written.index_path);
    std::vector<BoundaryShare> shares = boundary_shares(now, kDefaultLocalityPartitions, comm);
    std::string text;
    for (const BoundaryShare& share : shares)
      text += fmt::format("{}{} parts {:.4f}", text.empty() ? "" : ", ", share.partitions,
                          share.fraction);
    if (rank == 0) spdlog::info("boundary fraction: {}", text);
    return shares;
  } catch (const Error& e) {
    if (rank == 0) spdlog::warn("boundary fraction not measured: {}", e.what());
    return std::nullopt;
  }
}

nlohmann::json boundary_shares_json(const std::optional<std::vector<BoundaryShare>>& shares) {
  if (!shares) return nullptr;
  nlohmann::json out = nlohmann::json::object();
  for (const BoundaryShare& s : *shares)
    out[std::to_string(s.partitions)] = {{"boundary_vertices", s.vertices},
                                         {"boundary_fraction", s.fraction}};
  return out;
}

}  // namespace wg::graph
