// Renumbering a graph's vertices before it is written (`convert/generate --reorder`),
// with its edges spread over the ranks. The orders themselves are in vertex_order.hpp;
// this file computes them from the distributed edges and applies them. The written
// graph keeps the original id of every vertex in /vertex_ids, so results stay keyed by
// the user's ids.
#pragma once

#include <mpi.h>

#include <vector>

#include "src/graph/graph_writer.hpp"
#include "src/graph/vertex_ids.hpp"
#include "src/graph/vertex_order.hpp"

namespace wg::graph {

// Collective over comm. Renumbers this rank's `edges` (ids in [0, num_vertices)) in the
// chosen order and returns the id map of the renumbered graph: `ids` (the input's map,
// the identity for a file's own ids) permuted alike. The order depends only on the
// multiset of edges, never on how they are spread over the ranks.
//   degree: the degree of a vertex is the number of edge ends it has, as the edges are
//           listed (in plus out; a self loop counts only when kept); every rank sums
//           them for all vertices (8 bytes per vertex).
//   rcm:    rank 0 gathers every distinct edge of the undirected view (8 bytes each) and
//           builds its adjacency (8 more bytes per edge, 16 per vertex) to compute the
//           order; at most 2^31 - 1 distinct edges.
// Every rank keeps the order and its inverse (8 bytes per vertex) and the new id map.
VertexIds reorder_edges(VertexOrder order, VertexId num_vertices, std::vector<Edge>& edges,
                        const VertexIds& ids, bool keep_self_loops, MPI_Comm comm);

}  // namespace wg::graph
