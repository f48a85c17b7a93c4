// Graph500-style traversal benchmarks inside `warpgraph run --sample-sources K`: K
// distinct random sources that have out-edges (a source that reaches nothing is never
// timed), drawn from a seed so every rank and every run draws the same ones, and the
// harmonic mean of the rates.
#pragma once

#include <cstdint>
#include <vector>

#include "src/common/types.hpp"

namespace wg::engine {

// `count` distinct vertices with out-degree > 0 (fewer when the graph has fewer).
std::vector<VertexId> sample_sources(const std::vector<EdgeIndex>& out_indptr, std::uint64_t count,
                                     std::uint64_t seed);

double harmonic_mean(const std::vector<double>& rates);

}  // namespace wg::engine
