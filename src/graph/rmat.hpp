// RMAT / Kronecker edge generator, by default with the Graph500 parameters (a = 0.57,
// b = 0.19, c = 0.19, d = 0.05; a larger a skews the degrees further). Edge i of the sequence
// depends only on the seed and i (a counter-based random stream), so any rank can generate any
// block of edges and the graph is the same whatever the rank count. Vertex ids are scrambled by a
// seeded bijection of [0, 2^scale), so high-degree vertices are not clustered at small ids.
#pragma once

#include <cstdint>
#include <vector>

#include "src/graph/graph_writer.hpp"

namespace wg::graph {

struct RmatParameters {
  unsigned scale = 10;             // 2^scale vertices
  std::uint64_t edge_factor = 16;  // edge_factor * 2^scale generated edges
  std::uint64_t seed = 1;
  std::uint32_t max_weight = 0;         // > 0: integer weights uniform in [1, max_weight]
  double a = 0.57, b = 0.19, c = 0.19;  // quadrant probabilities; d = 1 - a - b - c
};

inline constexpr unsigned kMaxRmatScale = 31;  // vertex ids are 32-bit

// Edges [first, end) of the generated sequence.
std::vector<Edge> rmat_edges(const RmatParameters& parameters, std::uint64_t first,
                             std::uint64_t end);

// The seeded vertex-id bijection of [0, 2^scale) applied to generated ids.
VertexId rmat_permute(VertexId v, unsigned scale, std::uint64_t seed);

}  // namespace wg::graph
