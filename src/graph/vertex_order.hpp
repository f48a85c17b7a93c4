// Vertex orders for locality (`convert/generate --reorder`). The engine cuts the vertex
// range into contiguous parts, so an order that keeps neighbours close together reads
// fewer vertices across the borders. An order is a permutation: order[v] is the vertex
// (of the graph as given) that becomes vertex v. Pure functions, no MPI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "src/common/types.hpp"

namespace wg::graph {

enum class VertexOrder {
  none,    // the input's own order
  degree,  // descending degree, ties by id: hubs together, sections of even weight
  rcm,     // reverse Cuthill-McKee on the undirected view: neighbours close together
};

// "none", "degree" or "rcm"; throws naming --reorder for anything else.
VertexOrder parse_vertex_order(const std::string& name);
const char* order_name(VertexOrder order);

// Vertices by descending degree, ties by ascending id.
std::vector<VertexId> degree_order(const std::vector<std::uint64_t>& degree);

// Reverse Cuthill-McKee of a symmetric adjacency (CSR over all n vertices, rows sorted,
// no repeats, no self loops). Each component, taken in the order of its smallest vertex,
// starts from a pseudo-peripheral vertex (George and Liu: from the component's vertex of
// least degree, repeatedly the least-degree vertex of the last breadth-first level while
// that deepens the levels) and lists vertices breadth-first, each vertex's new
// neighbours by ascending degree; the whole list is then reversed. Ties go to the
// smaller id, so the order is a function of the graph alone.
std::vector<VertexId> rcm_order(const std::vector<EdgeIndex>& indptr,
                                const std::vector<VertexId>& indices);

// position[order[v]] = v: where each vertex goes.
std::vector<VertexId> inverse_order(const std::vector<VertexId>& order);

}  // namespace wg::graph
