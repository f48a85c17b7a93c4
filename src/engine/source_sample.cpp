#include "src/engine/source_sample.hpp"

#include <random>
#include <unordered_set>

namespace wg::engine {

std::vector<VertexId> sample_sources(const std::vector<EdgeIndex>& out_indptr, std::uint64_t count,
                                     std::uint64_t seed) {
  const std::size_t n = out_indptr.empty() ? 0 : out_indptr.size() - 1;
  std::vector<VertexId> with_edges;
  for (std::size_t v = 0; v < n; ++v)
    if (out_indptr[v + 1] > out_indptr[v]) with_edges.push_back(static_cast<VertexId>(v));
  std::mt19937_64 random(seed);
  std::vector<VertexId> picked;
  std::unordered_set<VertexId> seen;
  while (picked.size() < count && seen.size() < with_edges.size()) {
    const VertexId v =
        with_edges[std::uniform_int_distribution<std::size_t>(0, with_edges.size() - 1)(random)];
    if (seen.insert(v).second) picked.push_back(v);
  }
  return picked;
}

double harmonic_mean(const std::vector<double>& rates) {
  double inverse = 0.0;
  for (double r : rates) inverse += 1.0 / r;
  return rates.empty() ? 0.0 : static_cast<double>(rates.size()) / inverse;
}

}  // namespace wg::engine
