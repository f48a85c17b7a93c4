// The Gotoh recurrence and its traceback, written once for the host backend and the
// CUDA kernels so that every backend gives the same scores and the same CIGAR strings,
// in every mode (global, semi-global, local).
//
//   E[i][j] = max(E[i][j-1] - extend, H[i][j-1] - open)        gap in the query  (D)
//   F[i][j] = max(F[i-1][j] - extend, H[i-1][j] - open)        gap in the target (I)
//   H[i][j] = max(H[i-1][j-1] + s(q_i, t_j), E[i][j], F[i][j])  (local: and 0)
//
// Row 0 and column 0 hold leading gaps: H[0][j] costs a gap of j unless leading target
// residues are free (then 0), H[i][0] likewise for the query. Local alignment has every
// end free and floors H at 0.
//
// Tie-break, the same on every backend: H prefers the diagonal, then E, then F, and in
// local mode 0 over all of them (an alignment never starts with a part scoring 0); a gap
// prefers extending over opening. The end cell: see choose_end_cell and better_local_end.
#pragma once

#include <cstdint>

#include "kernels/align/nw_types.hpp"
#include "src/common/host_device.hpp"

namespace wg::kernels::align {

// Far below any reachable score, far enough above INT32_MIN that subtracting a few
// penalties cannot wrap.
inline constexpr std::int32_t kMinusInfinity = -(1 << 29);

// Direction bits of one cell: where H came from, and whether E / F extended.
enum DirectionBits : std::uint8_t {
  kFromDiagonal = 0,
  kFromE = 1,
  kFromF = 2,
  kFromZero = 3,  // local alignment starts after this cell
  kSourceMask = 3,
  kExtendE = 4,
  kExtendF = 8,
};

// H of a leading gap of `length` residues: free, or open + (length - 1) x extend.
WG_HD std::int32_t boundary_score(std::int32_t length, std::int32_t open, std::int32_t extend,
                                  bool free) {
  if (length == 0 || free) return 0;
  return -(open + (length - 1) * extend);
}
// H[i][0]: query residues 1..i against a leading gap.
WG_HD std::int32_t column0_score(std::int32_t i, std::int32_t open, std::int32_t extend,
                                 std::uint8_t free_ends) {
  return boundary_score(i, open, extend, (free_ends & kFreeQueryBegin) != 0);
}
// H[0][j]: target residues 1..j against a leading gap.
WG_HD std::int32_t row0_score(std::int32_t j, std::int32_t open, std::int32_t extend,
                              std::uint8_t free_ends) {
  return boundary_score(j, open, extend, (free_ends & kFreeTargetBegin) != 0);
}
// Free trailing gaps let the alignment end before the corner (m, n).
WG_HD bool ends_free(std::uint8_t free_ends) {
  return (free_ends & (kFreeQueryEnd | kFreeTargetEnd)) != 0;
}

// Best score among the alignments made of end gaps only, whose end cell lies on row 0 or
// column 0: (m, 0) when trailing target residues are free, (0, n) when trailing query
// residues are free; kMinusInfinity when neither. The score kernels start their running
// best of the last row and column from it.
WG_HD std::int32_t gap_only_end_score(std::int32_t m, std::int32_t n, std::int32_t open,
                                      std::int32_t extend, std::uint8_t free_ends) {
  std::int32_t best = kMinusInfinity;
  if (free_ends & kFreeTargetEnd) best = column0_score(m, open, extend, free_ends);
  if (free_ends & kFreeQueryEnd) {
    const std::int32_t h = row0_score(n, open, extend, free_ends);
    best = h > best ? h : best;
  }
  return best;
}

WG_HD std::int32_t max2(std::int32_t a, std::int32_t b) { return a > b ? a : b; }

// One cell: updates e (from the left) and f (from above) in place, returns H and sets
// the direction bits.
template <bool kLocal>
WG_HD std::int32_t gotoh_cell(std::int32_t diagonal, std::int32_t substitution, std::int32_t h_left,
                              std::int32_t h_up, std::int32_t& e, std::int32_t& f,
                              std::int32_t open, std::int32_t extend, std::uint8_t& direction) {
  const std::int32_t e_extend = e - extend;
  const std::int32_t e_open = h_left - open;
  const bool extend_e = e_extend >= e_open;
  e = extend_e ? e_extend : e_open;
  const std::int32_t f_extend = f - extend;
  const std::int32_t f_open = h_up - open;
  const bool extend_f = f_extend >= f_open;
  f = extend_f ? f_extend : f_open;
  // Selects rather than branches: the winner is data-dependent and unpredictable.
  const std::int32_t d = diagonal + substitution;
  const bool e_wins = e > d;
  const std::int32_t h_de = e_wins ? e : d;
  const bool f_wins = f > h_de;
  std::int32_t h = f_wins ? f : h_de;
  int source = (static_cast<int>(f_wins) << 1) |  // kFromF, else kFromE or diagonal
               (static_cast<int>(e_wins) & static_cast<int>(!f_wins));
  if (kLocal && h <= 0) {
    h = 0;
    source = kFromZero;
  }
  direction =
      static_cast<std::uint8_t>(source | (extend_e ? kExtendE : 0) | (extend_f ? kExtendF : 0));
  return h;
}

// Where the alignment ends.
struct EndCell {
  std::int32_t score;
  std::int32_t i;
  std::int32_t j;
};

// Global and semi-global: the corner, or with free trailing gaps the best cell of the
// last row (trailing target residues free) or the last column (trailing query residues
// free), row 0 and column 0 included (an alignment of end gaps only). Ties prefer the
// corner, then the last row (larger j first), then the last column (larger i first).
// last_row(j) = H[m][j] for j in 0..n, last_column(i) = H[i][n] for i in 0..m.
template <typename LastRow, typename LastColumn>
WG_HD EndCell choose_end_cell(std::int32_t m, std::int32_t n, std::uint8_t free_ends,
                              const LastRow& last_row, const LastColumn& last_column) {
  EndCell end{last_row(n), m, n};
  if (free_ends & kFreeTargetEnd)
    for (std::int32_t j = n - 1; j >= 0; --j) {
      const std::int32_t h = last_row(j);
      if (h > end.score) end = EndCell{h, m, j};
    }
  if (free_ends & kFreeQueryEnd)
    for (std::int32_t i = m - 1; i >= 0; --i) {
      const std::int32_t h = last_column(i);
      if (h > end.score) end = EndCell{h, i, n};
    }
  return end;
}

// Local: the best cell of the whole matrix; ties prefer the smaller i, then the smaller j
// (the first best cell in row-major order). Start from EndCell{0, 0, 0}: a pair with no
// positive cell has the empty alignment, score 0. Backends that visit cells in another
// order fold them in with this comparison, so they pick the same cell.
WG_HD bool better_local_end(std::int32_t score, std::int32_t i, std::int32_t j,
                            const EndCell& best) {
  if (score != best.score) return score > best.score;
  return i < best.i || (i == best.i && j < best.j);
}

// CIGAR operations, emitted back to front by the traceback.
inline constexpr char kOpMatch = '=';
inline constexpr char kOpMismatch = 'X';
inline constexpr char kOpInsertion = 'I';  // query residue against a gap in the target
inline constexpr char kOpDeletion = 'D';   // target residue against a gap in the query

// Aligned region, 0-based half-open: query [query_begin, query_end), target likewise.
struct AlignedRegion {
  std::int32_t query_begin;
  std::int32_t query_end;
  std::int32_t target_begin;
  std::int32_t target_end;
};

// Where a walk back from the end cell stands: cell (i, j) and the matrix (H, E or F) it is
// in; kTraceStarted once a local alignment reached its start cell.
enum TraceState : std::uint8_t { kInH, kInE, kInF, kTraceStarted };
struct TraceWalk {
  std::int32_t i;
  std::int32_t j;
  TraceState state;
};

// One step of a walk back from cell (walk.i, walk.j), i > 0 and j > 0, not yet started:
// calls emit(op) for the alignment column it passes, or marks a local alignment's start.
// direction(i, j) gives the bits of cell (i, j) and same(i, j) whether query residue i
// equals target residue j.
template <typename Same, typename Direction, typename Emit>
WG_HD void trace_step(TraceWalk& walk, const Same& same, const Direction& direction, Emit&& emit) {
  // Asked before the bits are known, so that on a GPU both reads are in flight at once.
  const bool match = same(walk.i, walk.j);
  const std::uint8_t bits = direction(walk.i, walk.j);
  if (walk.state == kInH) {
    const std::uint8_t source = bits & kSourceMask;
    if (source == kFromZero) {
      walk.state = kTraceStarted;
      return;
    }
    if (source == kFromDiagonal) {
      emit(match ? kOpMatch : kOpMismatch);
      --walk.i;
      --walk.j;
      return;
    }
    walk.state = source == kFromE ? kInE : kInF;
  }
  if (walk.state == kInE) {
    emit(kOpDeletion);
    walk.state = (bits & kExtendE) ? kInE : kInH;
    --walk.j;
  } else {
    emit(kOpInsertion);
    walk.state = (bits & kExtendF) ? kInF : kInH;
    --walk.i;
  }
}

// Walks back while the cell lies below row `first_row` (i > first_row) and right of column
// 0, calling emit(op) for every alignment column from last to first (trace_step). Walking
// a band of rows at a time (rows recomputed from a checkpoint, host_nw.cpp) takes the same
// steps as one walk over the whole matrix.
template <typename Same, typename Direction, typename Emit>
WG_HD void trace_rows(TraceWalk& walk, std::int32_t first_row, const Same& same,
                      const Direction& direction, Emit&& emit) {
  while (walk.state != kTraceStarted && walk.i > first_row && walk.j > 0)
    trace_step(walk, same, direction, emit);
}

// Ends a walk that reached row 0 or column 0 (or a local alignment's start): emits the
// charged leading gaps and returns the aligned region. The region excludes free end gaps
// (trailing ones past the end cell, leading ones along row 0 or column 0 when that end is
// free) and, in local mode, everything before the start cell; charged end gaps are part
// of it.
template <typename Emit>
WG_HD AlignedRegion finish_trace(TraceWalk walk, EndCell end, std::uint8_t free_ends, bool local,
                                 Emit&& emit) {
  std::int32_t i = walk.i;
  std::int32_t j = walk.j;
  if (!local && !(free_ends & kFreeQueryBegin))
    for (; i > 0; --i) emit(kOpInsertion);
  if (!local && !(free_ends & kFreeTargetBegin))
    for (; j > 0; --j) emit(kOpDeletion);
  return AlignedRegion{i, end.i, j, end.j};
}

}  // namespace wg::kernels::align
