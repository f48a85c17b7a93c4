// Fingerprint of an edge multiset: the sum (mod 2^64) of a hash of every edge u -> v with
// its weight, whatever the order. The in-CSR and out-CSR of a graph give equal sums exactly
// when they are transposes of each other (up to a negligible collision chance), so the two
// can be compared by reading each once, with no transpose.
#pragma once

#include <cstdint>
#include <cstring>

#include "src/common/types.hpp"

namespace wg::graph {

inline std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Hash of one edge u -> v with weight w (1 on unweighted graphs).
inline std::uint64_t edge_hash(VertexId u, VertexId v, Weight w) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &w, sizeof bits);
  return mix64(mix64((std::uint64_t{u} << 32) | v) ^ bits);
}

}  // namespace wg::graph
