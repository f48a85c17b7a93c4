// Per-vertex input weights of a run (PPR's personalization vector), full length on every
// rank, normalised to sum 1 as networkx.pagerank normalises its personalization dict.
#pragma once

#include <string>
#include <vector>

#include "src/common/types.hpp"
#include "src/graph/vertex_ids.hpp"

namespace wg::engine {

// Reads FILE: one `vertex weight` pair per line (whitespace-separated; blank lines and
// lines starting with '#' skipped), the vertex as the graph's input file named it, the
// weight a finite number >= 0; vertices not listed weigh 0. A malformed line, an unknown
// vertex, a vertex listed twice or weights summing to 0 are errors naming FILE:LINE (or
// the file). Every rank reads the file itself.
std::vector<double> read_vertex_weights(const std::string& path, const graph::VertexIds& ids,
                                        VertexId num_vertices);

// All the weight on one vertex (PPR from --source).
std::vector<double> single_vertex_weights(VertexId vertex, VertexId num_vertices);

}  // namespace wg::engine
