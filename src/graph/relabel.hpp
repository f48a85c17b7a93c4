// Relabelling an edge list's ids (`convert --relabel`): every distinct id becomes a vertex
// 0..n-1 in sorted order (numeric order when every id is an integer, which may use all 64
// bits; byte order for names). Every rank learns every id, so the map costs each rank
// memory for all of them.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "src/graph/graph_writer.hpp"
#include "src/graph/vertex_ids.hpp"

namespace wg::graph {

// Collective over comm. `local_ids` are this rank's distinct ids, and `edges` number
// their ends by position in it; on return the edges carry the global vertex ids.
VertexIds relabel_edges(const std::string& path, const std::vector<std::string>& local_ids,
                        std::vector<Edge>& edges, MPI_Comm comm);

}  // namespace wg::graph
