// How the row-block pull (cuda/row_block_pull.cuh) cuts a partition's rows: consecutive
// short rows, greedily, into blocks of at most kRowBlockEdges in-edges and kRowBlockRows
// rows (one row per thread of a 256-thread block); a long row (more than kLongRow edges)
// forms a block of its own, which the whole thread block reduces. Bounding the short
// rows bounds the serial part of a block's reduction. Host code, computed once when a
// partition is built.
#pragma once

#include <vector>

#include "src/common/types.hpp"

namespace wg::kernels::graph {

inline constexpr EdgeIndex kRowBlockEdges = 2048;  // staged per block: 16 KB of doubles
inline constexpr VertexId kRowBlockRows = 256;
inline constexpr EdgeIndex kLongRow = 256;

// The block boundaries of `rows` rows with offsets indptr[0 .. rows]: block b holds rows
// first[b] .. first[b + 1]; returns count + 1 entries, starting at 0 and ending at rows.
inline std::vector<VertexId> cut_row_blocks(const EdgeIndex* indptr, VertexId rows) {
  std::vector<VertexId> first{0};
  for (VertexId begin = 0; begin < rows;) {
    auto is_long = [&](VertexId r) { return indptr[r + 1] - indptr[r] > kLongRow; };
    VertexId end = begin + 1;
    if (!is_long(begin))
      while (end < rows && end - begin < kRowBlockRows && !is_long(end) &&
             indptr[end + 1] - indptr[begin] <= kRowBlockEdges)
        ++end;
    first.push_back(end);
    begin = end;
  }
  return first;
}

}  // namespace wg::kernels::graph
