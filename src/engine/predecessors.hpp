// Shortest-path predecessors of a finished BFS or SSSP run (`--predecessors`), found in
// one pass over the stored in-edges after convergence, so the programs stay as they are:
// the predecessor of v is its smallest-id in-neighbour u with dist[u] + w(u, v) ==
// dist[v], computed in the program's own arithmetic (hops + 1; float64 distance plus the
// float32 weight), so it always lies on a shortest path. The source is its own
// predecessor; unreached vertices have none (-1). A run stopped before convergence may
// leave reached vertices without one (-1) too.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "src/engine/engine_graph.hpp"

namespace wg::engine {

// Collective. `mine` is this rank's vertex range (within its partitions' stored ranges)
// and `distances` its values there (+inf for unreached); returns the predecessor of each
// vertex of `mine`.
std::vector<std::int64_t> find_predecessors(const EngineGraph& g, VertexRange mine,
                                            const std::vector<double>& distances, VertexId source,
                                            MPI_Comm comm);

}  // namespace wg::engine
