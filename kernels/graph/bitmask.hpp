// Activation bitmasks: one bit per vertex in 64-bit words (bit v is bit v % 64 of word
// v / 64), full length on every partition. Sections of the balancer are whole words.
#pragma once

#include <cstddef>
#include <cstdint>

#include "src/common/host_device.hpp"
#include "src/common/types.hpp"

namespace wg::kernels::graph {

using BitWord = std::uint64_t;
inline constexpr unsigned kBitsPerWord = 64;

WG_HD std::size_t bit_words(std::size_t bits) { return (bits + kBitsPerWord - 1) / kBitsPerWord; }

WG_HD bool test_bit(const BitWord* words, VertexId v) {
  return (words[v / kBitsPerWord] >> (v % kBitsPerWord)) & 1u;
}

WG_HD BitWord bit_of(VertexId v) { return BitWord{1} << (v % kBitsPerWord); }

// The bits of word `index` that lie in [range.begin, range.end).
WG_HD BitWord range_bits(std::size_t index, VertexRange range) {
  const std::size_t first = index * kBitsPerWord;
  BitWord w = ~BitWord{0};
  if (range.begin > first) w &= ~BitWord{0} << (range.begin - first);
  if (range.end < first + kBitsPerWord) {
    const std::size_t keep = range.end > first ? range.end - first : 0;
    w &= keep == 0 ? BitWord{0} : (~BitWord{0} >> (kBitsPerWord - keep));
  }
  return w;
}

// Word `index` restricted to the bits of [range.begin, range.end).
WG_HD BitWord word_in_range(const BitWord* words, std::size_t index, VertexRange range) {
  return words[index] & range_bits(index, range);
}

}  // namespace wg::kernels::graph
