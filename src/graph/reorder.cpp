#include "src/graph/reorder.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <climits>
#include <cstdint>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::graph {

namespace {

// MPI counts are ints: arrays over all vertices travel in pieces.
constexpr std::size_t kPiece = std::size_t{1} << 28;

void sum_over_ranks(std::vector<std::uint64_t>& values, MPI_Comm comm) {
  for (std::size_t at = 0; at < values.size(); at += kPiece)
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, values.data() + at,
                            static_cast<int>(std::min(kPiece, values.size() - at)), MPI_UINT64_T,
                            MPI_SUM, comm));
}

void broadcast_from_root(std::vector<VertexId>& values, MPI_Comm comm) {
  for (std::size_t at = 0; at < values.size(); at += kPiece)
    MPI_CHECK(MPI_Bcast(values.data() + at, static_cast<int>(std::min(kPiece, values.size() - at)),
                        MPI_UINT32_T, 0, comm));
}

std::vector<VertexId> by_degree(VertexId n, const std::vector<Edge>& edges, bool keep_self_loops,
                                MPI_Comm comm) {
  std::vector<std::uint64_t> degree(n, 0);
  for (const Edge& e : edges)
    if (keep_self_loops || e.source != e.target) {
      ++degree[e.source];
      ++degree[e.target];
    }
  sum_over_ranks(degree, comm);
  return degree_order(degree);
}

struct Pair {
  VertexId low;
  VertexId high;
  friend bool operator<(Pair a, Pair b) { return a.low != b.low ? a.low < b.low : a.high < b.high; }
  friend bool operator==(Pair a, Pair b) { return a.low == b.low && a.high == b.high; }
};

// This rank's distinct undirected edges {u, v}, u < v.
std::vector<Pair> undirected_pairs(const std::vector<Edge>& edges) {
  std::vector<Pair> pairs;
  pairs.reserve(edges.size());
  for (const Edge& e : edges)
    if (e.source != e.target)
      pairs.push_back({std::min(e.source, e.target), std::max(e.source, e.target)});
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

// Collective: every rank's pairs on rank 0 (empty elsewhere).
std::vector<Pair> gather_pairs(const std::vector<Pair>& mine, MPI_Comm comm) {
  int rank = 0;
  int ranks = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  std::uint64_t total = mine.size();
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_UINT64_T, MPI_SUM, comm));
  WG_REQUIRE(total <= INT_MAX,
             "--reorder rcm gathers the graph's edges on rank 0, and {} edges are more than one "
             "exchange carries ({}); use --reorder degree",
             total, INT_MAX);
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks), 0);
  MPI_CHECK(MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm));
  std::vector<int> offsets(counts.size(), 0);
  for (std::size_t r = 1; r < counts.size(); ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<Pair> all(rank == 0 ? total : 0);
  MPI_Datatype pair_type = MPI_DATATYPE_NULL;
  MPI_CHECK(MPI_Type_contiguous(sizeof(Pair), MPI_BYTE, &pair_type));
  MPI_CHECK(MPI_Type_commit(&pair_type));
  const int status = MPI_Gatherv(mine.data(), count, pair_type, all.data(), counts.data(),
                                 offsets.data(), pair_type, 0, comm);
  MPI_Type_free(&pair_type);
  MPI_CHECK(status);
  return all;
}

// The symmetric adjacency of the distinct pairs, rows sorted (pairs from different
// ranks may repeat: they are merged here).
std::vector<VertexId> rcm_of_pairs(VertexId n, std::vector<Pair> pairs) {
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  std::vector<EdgeIndex> indptr(std::size_t{n} + 1, 0);
  for (const Pair& p : pairs) {
    ++indptr[p.low + 1];
    ++indptr[p.high + 1];
  }
  for (std::size_t v = 0; v < n; ++v) indptr[v + 1] += indptr[v];
  std::vector<VertexId> indices(indptr.back());
  std::vector<EdgeIndex> cursor(indptr.begin(), indptr.end() - 1);
  // Pairs ascend by (low, high): every row receives first its smaller neighbours, then
  // its larger ones, each in ascending order, so rows come out sorted.
  for (const Pair& p : pairs) indices[cursor[p.high]++] = p.low;
  for (const Pair& p : pairs) indices[cursor[p.low]++] = p.high;
  pairs = {};
  return rcm_order(indptr, indices);
}

std::vector<VertexId> by_rcm(VertexId n, const std::vector<Edge>& edges, MPI_Comm comm) {
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  std::vector<Pair> pairs = gather_pairs(undirected_pairs(edges), comm);
  std::vector<VertexId> order(n);
  if (rank == 0) order = rcm_of_pairs(n, std::move(pairs));
  broadcast_from_root(order, comm);
  return order;
}

}  // namespace

VertexIds reorder_edges(VertexOrder order, VertexId num_vertices, std::vector<Edge>& edges,
                        const VertexIds& ids, bool keep_self_loops, MPI_Comm comm) {
  WG_REQUIRE(order != VertexOrder::none, "reorder_edges: no order asked for");
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  const double start = MPI_Wtime();
  const std::vector<VertexId> old_of_new =
      order == VertexOrder::degree ? by_degree(num_vertices, edges, keep_self_loops, comm)
                                   : by_rcm(num_vertices, edges, comm);
  const std::vector<VertexId> new_of_old = inverse_order(old_of_new);
  for (Edge& e : edges) {
    e.source = new_of_old[e.source];
    e.target = new_of_old[e.target];
  }
  VertexIds map = ids.permuted(old_of_new);
  if (rank == 0)
    spdlog::info("reordered {} vertices by {} in {:.2f} s", num_vertices, order_name(order),
                 MPI_Wtime() - start);
  return map;
}

}  // namespace wg::graph
