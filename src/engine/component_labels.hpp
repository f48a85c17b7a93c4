// Component labels named by the user's ids. The CC program labels every component with
// its smallest vertex; in a reordered graph (`--reorder`) that is not the vertex with the
// smallest original id, which is what the results promise (README: `cc`).
#pragma once

#include <mpi.h>

#include <vector>

#include "src/common/types.hpp"
#include "src/graph/vertex_ids.hpp"

namespace wg::engine {

// Collective over comm. `labels` are this rank's values for the vertices `mine` (each the
// smallest vertex of its component); returns, for each, the component's vertex with the
// smallest original id. Labels are unchanged when the ids ascend with the vertices.
// Costs 8 bytes per vertex of the graph on every rank.
std::vector<VertexId> smallest_id_labels(const std::vector<VertexId>& labels, VertexRange mine,
                                         const graph::VertexIds& ids, MPI_Comm comm);

}  // namespace wg::engine
