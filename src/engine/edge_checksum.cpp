#include "src/engine/edge_checksum.hpp"

#include <fmt/format.h>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/edge_hash.hpp"

namespace wg::engine {

void EdgeChecksum::add(const graph::CsrSlice& slice, graph::EdgeDirection direction,
                       VertexRange rows) {
  WG_REQUIRE(rows.empty() || (slice.range.begin <= rows.begin && rows.end <= slice.range.end),
             "internal error: rows [{}, {}) outside the slice [{}, {})", rows.begin, rows.end,
             slice.range.begin, slice.range.end);
  const bool in = direction == graph::EdgeDirection::in;
  const bool weighted = !slice.weights.empty();
  std::uint64_t sum = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : sum)
  for (std::int64_t r = rows.begin; r < static_cast<std::int64_t>(rows.end); ++r) {
    const auto row = static_cast<VertexId>(r);
    const std::size_t local = row - slice.range.begin;
    for (EdgeIndex e = slice.indptr[local]; e < slice.indptr[local + 1]; ++e) {
      const VertexId other = slice.indices[e];
      const Weight w = weighted ? slice.weights[e] : Weight(1);
      sum += in ? graph::edge_hash(other, row, w) : graph::edge_hash(row, other, w);
    }
  }
  const std::size_t side = in ? 0 : 1;
  sums_[side] += sum;
  if (!rows.empty())
    edges_[side] +=
        slice.indptr[rows.end - slice.range.begin] - slice.indptr[rows.begin - slice.range.begin];
}

void EdgeChecksum::require_transposes(const std::string& index_path, MPI_Comm comm) const {
  std::uint64_t totals[4] = {sums_[0], sums_[1], edges_[0], edges_[1]};
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, totals, 4, MPI_UINT64_T, MPI_SUM, comm));
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  graph::FirstError error;  // every rank sees the same totals: rank 0 says it
  if (rank == 0 && (totals[0] != totals[1] || totals[2] != totals[3]))
    error.record(0, fmt::format("{}: the in-edges and out-edges are not transposes of each other "
                                "(the graph file is damaged; convert it again)",
                                index_path));
  graph::raise_first_error(error, comm);
}

}  // namespace wg::engine
