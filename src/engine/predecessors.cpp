#include "src/engine/predecessors.hpp"

#include <algorithm>
#include <cmath>

#include "src/common/mpi_check.hpp"

namespace wg::engine {

namespace {

// Every rank's distances, in vertex order (ranks hold consecutive ranges in rank order).
std::vector<double> gather_distances(const std::vector<double>& mine, VertexId num_vertices,
                                     MPI_Comm comm) {
  int ranks = 1;
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  MPI_CHECK(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm));
  for (std::size_t r = 1; r < counts.size(); ++r) displs[r] = displs[r - 1] + counts[r - 1];
  std::vector<double> all(num_vertices);
  MPI_CHECK(MPI_Allgatherv(mine.data(), count, MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                           MPI_DOUBLE, comm));
  return all;
}

}  // namespace

std::vector<std::int64_t> find_predecessors(const EngineGraph& g, VertexRange mine,
                                            const std::vector<double>& distances, VertexId source,
                                            MPI_Comm comm) {
  const std::vector<double> dist = gather_distances(distances, g.info.num_vertices, comm);
  std::vector<std::int64_t> predecessors(mine.size(), -1);
  for (const PartitionGraph& p : g.local) {
    // The vertices of `mine` this partition stores (every one is stored by at least one).
    const VertexId begin = std::max(mine.begin, p.stored.begin);
    const VertexId end = std::min(mine.end, p.stored.end);
#pragma omp parallel for schedule(dynamic, 1024)
    for (std::int64_t i = begin; i < static_cast<std::int64_t>(end); ++i) {
      const auto v = static_cast<VertexId>(i);
      std::int64_t& pred = predecessors[v - mine.begin];
      if (pred >= 0 || std::isinf(dist[v])) continue;
      if (v == source) {
        pred = v;
        continue;
      }
      const std::size_t row = v - p.in.range.begin;
      for (EdgeIndex e = p.in.indptr[row]; e < p.in.indptr[row + 1]; ++e) {
        const VertexId u = p.ids.global(p.in.indices[e]);  // sources are local ids
        const double w = p.in.weights.empty() ? 1.0 : static_cast<double>(p.in.weights[e]);
        if (dist[u] + w == dist[v] && (pred < 0 || u < pred)) pred = u;
      }
    }
  }
  return predecessors;
}

}  // namespace wg::engine
