#include "src/graph/generate.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "src/common/error.hpp"
#include "src/graph/locality.hpp"
#include "src/graph/reorder.hpp"
#include "src/log.hpp"

namespace wg::graph {

nlohmann::json generate_graph(const GenerateOptions& options, MPI_Comm comm) {
  const RmatParameters& rmat = options.rmat;
  WG_REQUIRE(rmat.scale >= 1 && rmat.scale <= kMaxRmatScale,
             "--scale {} is outside [1, {}] (vertex ids are 32-bit)", rmat.scale, kMaxRmatScale);
  WG_REQUIRE(rmat.edge_factor >= 1 && rmat.edge_factor <= (std::uint64_t{1} << 20),
             "--edge-factor {} is outside [1, 1048576]", rmat.edge_factor);
  WG_REQUIRE(rmat.a >= 0 && rmat.b >= 0 && rmat.c >= 0 && rmat.a + rmat.b + rmat.c <= 1.0,
             "--rmat {},{},{}: the probabilities must be >= 0 and sum to at most 1", rmat.a, rmat.b,
             rmat.c);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const double start = MPI_Wtime();
  const std::uint64_t total = rmat.edge_factor << rmat.scale;
  // Contiguous blocks of edge indices, the first `total % ranks` one edge longer.
  const auto block_edge = [&](int r) {
    const auto parts = static_cast<std::uint64_t>(ranks);
    const auto index = static_cast<std::uint64_t>(r);
    return index * (total / parts) + std::min(index, total % parts);
  };
  spdlog::info(
      "generating RMAT scale {} edge factor {} (a={} b={} c={}, seed {}): {} edges on {} rank(s)",
      rmat.scale, rmat.edge_factor, rmat.a, rmat.b, rmat.c, rmat.seed, total, ranks);
  // In pieces, so that a long generation says how far it is every few seconds.
  const std::uint64_t first = block_edge(rank);
  const std::uint64_t last = block_edge(rank + 1);
  constexpr std::uint64_t kPiece = std::uint64_t{1} << 22;
  std::vector<Edge> edges;
  edges.reserve(last - first);
  ProgressClock progress;
  for (std::uint64_t begin = first; begin < last; begin += kPiece) {
    const std::vector<Edge> piece = rmat_edges(rmat, begin, std::min(last, begin + kPiece));
    edges.insert(edges.end(), piece.begin(), piece.end());
    if (progress.due())
      spdlog::info("generated {} of this rank's {} edges ({:.0f}%)", edges.size(), last - first,
                   100.0 * static_cast<double>(edges.size()) / static_cast<double>(last - first));
  }
  const double generated = MPI_Wtime();
  spdlog::info("generated {} edges in {:.2f} s; building the graph", total, generated - start);

  const auto num_vertices = static_cast<VertexId>(std::uint64_t{1} << rmat.scale);
  WriteOptions write = options.write;
  write.weighted = rmat.max_weight > 0;
  if (options.reorder != VertexOrder::none)
    write.vertex_ids = reorder_edges(options.reorder, num_vertices, edges, VertexIds{},
                                     write.keep_self_loops, comm);
  const GraphInfo graph = write_graph(options.output, num_vertices, std::move(edges), write, comm);
  const double done = MPI_Wtime();
  const auto shares = measure_written_graph(graph, comm);
  return {
      {"command", "generate"},
      {"output", options.output},
      {"scale", rmat.scale},
      {"edge_factor", rmat.edge_factor},
      {"seed", rmat.seed},
      {"rmat", {rmat.a, rmat.b, rmat.c}},
      {"max_weight", rmat.max_weight},
      {"ranks", ranks},
      {"generated_edges", total},
      {"vertices", graph.num_vertices},
      {"edges", graph.num_edges},
      {"directed", graph.directed},
      {"weighted", graph.weighted},
      {"shards", graph.shards.size()},
      {"reorder", order_name(options.reorder)},
      {"locality", boundary_shares_json(shares)},
      {"generate_seconds", generated - start},
      {"write_seconds", done - generated},
      {"seconds", done - start},
  };
}

}  // namespace wg::graph
