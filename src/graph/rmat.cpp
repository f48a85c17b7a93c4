#include "src/graph/rmat.hpp"

#include <array>

namespace wg::graph {

namespace {

// SplitMix64's finaliser: a strong 64-bit mixing bijection.
std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

constexpr double kScale32 = 4294967296.0;  // 2^32

// Quadrant thresholds on 32-bit draws: a, a + b, a + b + c.
struct Quadrants {
  std::uint32_t a, ab, abc;
  explicit Quadrants(const RmatParameters& p)
      : a(static_cast<std::uint32_t>(p.a * kScale32)),
        ab(static_cast<std::uint32_t>((p.a + p.b) * kScale32)),
        abc(static_cast<std::uint32_t>((p.a + p.b + p.c) * kScale32)) {}
};

struct Permutation {
  std::array<std::uint64_t, 4> multiplier{};
  std::array<std::uint64_t, 4> offset{};
  std::uint64_t mask = 0;
  unsigned shift = 1;

  Permutation(unsigned scale, std::uint64_t seed) {
    mask = (std::uint64_t{1} << scale) - 1;
    shift = scale / 2 + 1;
    for (size_t round = 0; round < multiplier.size(); ++round) {
      multiplier[round] = mix64(seed ^ (0x5bd1e995ULL + round)) | 1;  // odd: invertible
      offset[round] = mix64(seed + kGolden * (round + 11));
    }
  }
  // Each step (multiply by odd, add, xor with own high bits) is a bijection mod 2^scale.
  VertexId operator()(VertexId v) const {
    std::uint64_t x = v;
    for (size_t round = 0; round < multiplier.size(); ++round) {
      x = (x * multiplier[round] + offset[round]) & mask;
      x ^= x >> shift;
    }
    return static_cast<VertexId>(x);
  }
};

}  // namespace

VertexId rmat_permute(VertexId v, unsigned scale, std::uint64_t seed) {
  return Permutation(scale, seed)(v);
}

std::vector<Edge> rmat_edges(const RmatParameters& parameters, std::uint64_t first,
                             std::uint64_t end) {
  const Permutation permute(parameters.scale, parameters.seed);
  const Quadrants q(parameters);
  const std::uint64_t stream = mix64(parameters.seed ^ 0x243f6a8885a308d3ULL);
  std::vector<Edge> edges;
  edges.reserve(end > first ? end - first : 0);
  for (std::uint64_t i = first; i < end; ++i) {
    std::uint64_t state = mix64(stream + mix64(i));
    std::uint64_t source = 0;
    std::uint64_t target = 0;
    std::uint64_t draw = 0;
    for (unsigned level = 0; level < parameters.scale; ++level) {
      if (level % 2 == 0) draw = mix64(state += kGolden);
      const auto r = static_cast<std::uint32_t>(level % 2 == 0 ? draw : draw >> 32);
      const std::uint64_t row_bit = r >= q.ab ? 1 : 0;                                // c, d
      const std::uint64_t column_bit = (r >= q.a && r < q.ab) || r >= q.abc ? 1 : 0;  // b, d
      source = (source << 1) | row_bit;
      target = (target << 1) | column_bit;
    }
    Edge edge{permute(static_cast<VertexId>(source)), permute(static_cast<VertexId>(target)), 1.0f};
    if (parameters.max_weight > 0) {
      const std::uint64_t w = mix64(state += kGolden) >> 32;
      edge.weight = static_cast<Weight>(1 + ((w * parameters.max_weight) >> 32));
    }
    edges.push_back(edge);
  }
  return edges;
}

}  // namespace wg::graph
