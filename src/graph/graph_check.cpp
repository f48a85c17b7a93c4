#include "src/graph/graph_check.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <limits>

#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/edge_hash.hpp"

namespace wg::graph {

namespace {

constexpr VertexId kRowsPerRound = VertexId{1} << 20;

struct Tally {
  std::uint64_t hash = 0;
  EdgeIndex min_degree = std::numeric_limits<EdgeIndex>::max();
  EdgeIndex max_degree = 0;
  EdgeIndex edges = 0;
};

// Folds one slice into the tally; records unsorted rows as a problem.
void tally(const CsrSlice& slice, EdgeDirection direction, bool weighted, Tally& t,
           FirstError& problem, const std::string& path) {
  for (VertexId row = slice.range.begin; row < slice.range.end; ++row) {
    const EdgeIndex begin = slice.indptr[row - slice.range.begin];
    const EdgeIndex end = slice.indptr[row - slice.range.begin + 1];
    t.min_degree = std::min(t.min_degree, end - begin);
    t.max_degree = std::max(t.max_degree, end - begin);
    for (EdgeIndex k = begin; k < end; ++k) {
      const VertexId other = slice.indices[k];
      if (k > begin && slice.indices[k - 1] > other)
        problem.record(row, fmt::format("{}: row {} of the {}-edges is not sorted by vertex id",
                                        path, row, direction == EdgeDirection::in ? "in" : "out"));
      const Weight w = weighted ? slice.weights[k] : 1.0f;
      t.hash +=
          direction == EdgeDirection::in ? edge_hash(other, row, w) : edge_hash(row, other, w);
    }
  }
  t.edges += slice.indices.size();
}

DegreeStats finish(Tally t, VertexId n, MPI_Comm comm) {
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &t.min_degree, 1, MPI_UINT64_T, MPI_MIN, comm));
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &t.max_degree, 1, MPI_UINT64_T, MPI_MAX, comm));
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &t.edges, 1, MPI_UINT64_T, MPI_SUM, comm));
  DegreeStats stats;
  stats.min = n == 0 ? 0 : t.min_degree;
  stats.max = t.max_degree;
  stats.mean = n == 0 ? 0.0 : static_cast<double>(t.edges) / n;
  return stats;
}

}  // namespace

GraphSummary check_graph(const GraphInfo& graph, MPI_Comm comm) {
  int rank = 0;
  int ranks = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  const auto share_edge = [&](int r) {
    return static_cast<VertexId>(std::uint64_t{graph.num_vertices} * static_cast<unsigned>(r) /
                                 static_cast<unsigned>(ranks));
  };
  const VertexRange share{share_edge(rank), share_edge(rank + 1)};
  // Every rank takes part in the same number of collective reads.
  VertexId rounds = (share.size() + kRowsPerRound - 1) / kRowsPerRound;
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &rounds, 1, MPI_UINT32_T, MPI_MAX, comm));

  Tally in_tally;
  Tally out_tally;
  FirstError problem;
  double read_seconds = 0.0;
  std::uint64_t read_bytes = 0;
  for (VertexId round = 0; round < rounds; ++round) {
    const VertexId begin = std::min<VertexId>(share.end, share.begin + round * kRowsPerRound);
    const VertexRange range{begin, std::min<VertexId>(share.end, begin + kRowsPerRound)};
    const double read_start = MPI_Wtime();
    const CsrSlice in = read_csr(graph, EdgeDirection::in, range, comm);
    const CsrSlice out = read_csr(graph, EdgeDirection::out, range, comm);
    read_seconds += MPI_Wtime() - read_start;
    for (const CsrSlice* slice : {&in, &out})
      read_bytes += slice->indptr.size() * sizeof(EdgeIndex) +
                    slice->indices.size() * sizeof(VertexId) +
                    slice->weights.size() * sizeof(Weight);
    tally(in, EdgeDirection::in, graph.weighted, in_tally, problem, graph.index_path);
    tally(out, EdgeDirection::out, graph.weighted, out_tally, problem, graph.index_path);
    if (!graph.directed &&
        (in.indptr != out.indptr || in.indices != out.indices || in.weights != out.weights))
      problem.record(range.begin,
                     fmt::format("{}: the graph is marked undirected but the in-edges of "
                                 "vertices [{}, {}) differ from their out-edges",
                                 graph.index_path, range.begin, range.end));
    if (rank == 0 && rounds > 4) spdlog::info("checked {} of {} rounds", round + 1, rounds);
  }
  raise_first_error(problem, comm);

  std::uint64_t hashes[2] = {in_tally.hash, out_tally.hash};
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, hashes, 2, MPI_UINT64_T, MPI_SUM, comm));
  GraphSummary summary;
  summary.graph = graph;
  MPI_CHECK(MPI_Allreduce(&read_seconds, &summary.read_seconds, 1, MPI_DOUBLE, MPI_MAX, comm));
  MPI_CHECK(MPI_Allreduce(&read_bytes, &summary.read_bytes, 1, MPI_UINT64_T, MPI_SUM, comm));
  summary.in_degree = finish(in_tally, graph.num_vertices, comm);
  summary.out_degree = finish(out_tally, graph.num_vertices, comm);
  if (hashes[0] != hashes[1])
    fail("{}: the in-edges and out-edges are not transposes of each other", graph.index_path);
  return summary;
}

std::string format_summary(const GraphSummary& summary) {
  const GraphInfo& g = summary.graph;
  std::string text;
  text += fmt::format("graph: {}\n", g.index_path);
  text += fmt::format("vertices: {}\n", g.num_vertices);
  text += fmt::format("edges: {}\n", g.num_edges);
  text += fmt::format("directed: {}\n", g.directed ? "yes" : "no");
  text += fmt::format("weighted: {}\n", g.weighted ? "yes" : "no");
  const auto degrees = [](const char* name, const DegreeStats& d) {
    return fmt::format("{}: min {}, max {}, mean {:.3f}\n", name, d.min, d.max, d.mean);
  };
  text += degrees("in-degree", summary.in_degree);
  text += degrees("out-degree", summary.out_degree);
  text += fmt::format("shards: {}\n", g.shards.size());
  text += fmt::format("  {:>5}  {:>10}  {:>10}  {:>12}  {:>12}  {}\n", "shard", "begin", "end",
                      "in-edges", "out-edges", "file");
  for (size_t s = 0; s < g.shards.size(); ++s) {
    const ShardInfo& shard = g.shards[s];
    text += fmt::format("  {:>5}  {:>10}  {:>10}  {:>12}  {:>12}  {}\n", s, shard.range.begin,
                        shard.range.end, shard.in_edges, shard.out_edges, shard.file);
  }
  text +=
      "self-check: ok (offsets monotone, ids in range, rows sorted, in- and out-edges "
      "transposes, shards contiguous and agreeing with the index)\n";
  return text;
}

nlohmann::json summary_json(const GraphSummary& summary) {
  const GraphInfo& g = summary.graph;
  const auto degrees = [](const DegreeStats& d) {
    return nlohmann::json{{"min", d.min}, {"max", d.max}, {"mean", d.mean}};
  };
  nlohmann::json shards = nlohmann::json::array();
  for (const ShardInfo& shard : g.shards)
    shards.push_back({{"file", shard.file},
                      {"vertex_begin", shard.range.begin},
                      {"vertex_end", shard.range.end},
                      {"in_edges", shard.in_edges},
                      {"out_edges", shard.out_edges}});
  return {{"command", "info"},
          {"graph", g.index_path},
          {"vertices", g.num_vertices},
          {"edges", g.num_edges},
          {"directed", g.directed},
          {"weighted", g.weighted},
          {"in_degree", degrees(summary.in_degree)},
          {"out_degree", degrees(summary.out_degree)},
          {"shards", shards},
          {"self_check", "ok"},
          {"read_seconds", summary.read_seconds},
          {"read_bytes", summary.read_bytes},
          {"read_mb_per_s", summary.read_seconds > 0 ? static_cast<double>(summary.read_bytes) /
                                                           1e6 / summary.read_seconds
                                                     : 0.0}};
}

}  // namespace wg::graph
