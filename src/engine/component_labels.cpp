#include "src/engine/component_labels.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "src/common/mpi_check.hpp"

namespace wg::engine {

std::vector<VertexId> smallest_id_labels(const std::vector<VertexId>& labels, VertexRange mine,
                                         const graph::VertexIds& ids, MPI_Comm comm) {
  if (ids.ascending()) return labels;
  // rank_of[v]: the place of v's original id in ascending order.
  const std::vector<VertexId>& by_id = ids.vertices_by_id();
  std::vector<VertexId> rank_of(by_id.size());
  for (std::size_t r = 0; r < by_id.size(); ++r) rank_of[by_id[r]] = static_cast<VertexId>(r);
  // best[label]: the least id rank over the component's vertices, from every rank.
  std::vector<VertexId> best(by_id.size(), std::numeric_limits<VertexId>::max());
  for (VertexId v = mine.begin; v < mine.end; ++v) {
    VertexId& b = best[labels[v - mine.begin]];
    b = std::min(b, rank_of[v]);
  }
  constexpr std::size_t kPiece = std::size_t{1} << 28;  // MPI counts are ints
  for (std::size_t at = 0; at < best.size(); at += kPiece)
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, best.data() + at,
                            static_cast<int>(std::min(kPiece, best.size() - at)), MPI_UINT32_T,
                            MPI_MIN, comm));
  std::vector<VertexId> out(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) out[i] = by_id[best[labels[i]]];
  return out;
}

}  // namespace wg::engine
