// Tigr's virtual split (Nodehi Sabet et al., ASPLOS'18, Tigr-V+): a row of d edges above a
// degree bound K is walked as a family of f = ceil(d / K) virtual nodes, one thread each,
// without rewriting the graph: the family shares the row's one value slot, so no hop and
// no iteration is added. With edge-array coalescing, virtual node j of the family takes
// edges j, j + f, j + 2f, ... of the row, so the neighbouring threads of one family read
// neighbouring edges. Rows of at most K edges are families of one.
//
// A pull over a family reduces each member's edges apart, then the members' results in
// member order (reduce is associative and commutative), then applies once; a push needs
// no table: member j of a frontier vertex is found from the vertex's degree alone.
// Host code builds the pull's table once, when a partition is built.
#pragma once

#include <algorithm>
#include <vector>

#include "src/common/host_device.hpp"
#include "src/common/types.hpp"

namespace wg::kernels::graph {

// Members of the family of a row of `degree` edges: at least one, so that a row without
// edges is still applied by a pull.
WG_HD EdgeIndex family_size(EdgeIndex degree, unsigned k) {
  return degree <= k ? 1 : (degree + k - 1) / k;
}

// The virtual nodes of a partition's rows, as the pull kernels read them: row r's family
// is first[r] .. first[r + 1]; row_of[v] is the row of virtual node v; split_rows lists the
// rows of more than one member (their members' results are combined after the walk).
struct VirtualSplitView {
  unsigned k = 0;
  const EdgeIndex* first = nullptr;      // rows + 1
  const VertexId* row_of = nullptr;      // one per virtual node
  const VertexId* split_rows = nullptr;  // ascending
  std::size_t split_row_count = 0;
};

struct VirtualSplit {
  unsigned k = 0;
  std::vector<EdgeIndex> first;
  std::vector<VertexId> row_of;
  std::vector<VertexId> split_rows;

  std::uint64_t virtual_nodes() const { return first.empty() ? 0 : first.back(); }
  VirtualSplitView view() const {
    return {k, first.data(), row_of.data(), split_rows.data(), split_rows.size()};
  }
  // The split rows among rows [begin, end): indices [lo, hi) of split_rows.
  std::pair<std::size_t, std::size_t> split_rows_in(VertexId begin, VertexId end) const {
    const auto lo = std::lower_bound(split_rows.begin(), split_rows.end(), begin);
    const auto hi = std::lower_bound(lo, split_rows.end(), end);
    return {static_cast<std::size_t>(lo - split_rows.begin()),
            static_cast<std::size_t>(hi - split_rows.begin())};
  }
};

inline VirtualSplit build_virtual_split(const EdgeIndex* indptr, VertexId rows, unsigned k) {
  VirtualSplit s;
  s.k = k;
  s.first.resize(std::size_t{rows} + 1);
  s.first[0] = 0;
  for (VertexId r = 0; r < rows; ++r) {
    const EdgeIndex f = family_size(indptr[r + 1] - indptr[r], k);
    s.first[r + 1] = s.first[r] + f;
    if (f > 1) s.split_rows.push_back(r);
  }
  s.row_of.resize(s.virtual_nodes());
  for (VertexId r = 0; r < rows; ++r)
    std::fill(s.row_of.begin() + static_cast<std::ptrdiff_t>(s.first[r]),
              s.row_of.begin() + static_cast<std::ptrdiff_t>(s.first[r + 1]), r);
  return s;
}

// K for --split auto: the largest power of two within the mean degree of the rows that
// have edges, kept within 4 .. 256. A bound near the mean leaves the many short rows whole
// and cuts the tail of a skewed distribution, so the threads of a warp walk at most about
// K edges each, for about one extra virtual node per row. (Measured on one H200, RMAT-20
// with a = 0.57 and 0.7, mean 48 and 55: K = 32 beat 64 and 8 on PageRank and SSSP;
// Slashdot, mean 12: 8 and 16 within 10%.)
inline unsigned auto_split_degree(const EdgeIndex* indptr, VertexId rows) {
  std::uint64_t with_edges = 0;
  for (VertexId r = 0; r < rows; ++r) with_edges += indptr[r + 1] > indptr[r] ? 1 : 0;
  const double mean =
      with_edges ? static_cast<double>(indptr[rows]) / static_cast<double>(with_edges) : 0.0;
  unsigned k = 4;
  while (k < 256 && static_cast<double>(2 * k) <= mean) k *= 2;
  return k;
}

// The table of --split `option` over `rows` rows (0: none, an empty table; kAutoSplit: K from
// auto_split_degree), as both partition backends build it.
inline constexpr unsigned kAutoSplit = 0xffffffffu;
inline VirtualSplit plan_virtual_split(const EdgeIndex* indptr, VertexId rows, unsigned option) {
  if (option == 0) return {};
  return build_virtual_split(indptr, rows,
                             option == kAutoSplit ? auto_split_degree(indptr, rows) : option);
}

}  // namespace wg::kernels::graph
