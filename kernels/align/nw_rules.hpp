// The Gotoh recurrence and its traceback, written once for the host backend and the
// CUDA kernels so that every backend gives the same scores and the same CIGAR strings.
//
//   E[i][j] = max(E[i][j-1] - extend, H[i][j-1] - open)        gap in the query  (D)
//   F[i][j] = max(F[i-1][j] - extend, H[i-1][j] - open)        gap in the target (I)
//   H[i][j] = max(H[i-1][j-1] + s(q_i, t_j), E[i][j], F[i][j])
//
// Ties prefer the diagonal, then E, then F; a gap prefers extending over opening.
#pragma once

#include <cstdint>

#include "host_device.hpp"

namespace wg::align {

// Far below any reachable score, far enough above INT32_MIN that subtracting a few
// penalties cannot wrap.
inline constexpr std::int32_t kMinusInfinity = -(1 << 29);

// Direction bits of one cell: where H came from, and whether E / F extended.
enum DirectionBits : std::uint8_t {
  kFromDiagonal = 0,
  kFromE = 1,
  kFromF = 2,
  kSourceMask = 3,
  kExtendE = 4,
  kExtendF = 8,
};

// H on row 0 or column 0: a leading gap of `length` residues.
WG_HD std::int32_t boundary_score(std::int32_t length, std::int32_t open, std::int32_t extend,
                                  bool end_gaps_free) {
  if (length == 0 || end_gaps_free) return 0;
  return -(open + (length - 1) * extend);
}

WG_HD std::int32_t max2(std::int32_t a, std::int32_t b) { return a > b ? a : b; }

// One cell: updates e (from the left) and f (from above) in place, returns H and sets
// the direction bits.
WG_HD std::int32_t gotoh_cell(std::int32_t diagonal, std::int32_t substitution,
                              std::int32_t h_left, std::int32_t h_up, std::int32_t& e,
                              std::int32_t& f, std::int32_t open, std::int32_t extend,
                              std::uint8_t& direction) {
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
  const std::int32_t h = f_wins ? f : h_de;
  const int source = (static_cast<int>(f_wins) << 1) |  // kFromF, else kFromE or diagonal
                     (static_cast<int>(e_wins) & static_cast<int>(!f_wins));
  direction = static_cast<std::uint8_t>(source | (extend_e ? kExtendE : 0) |
                                        (extend_f ? kExtendF : 0));
  return h;
}

// Where the alignment ends. With end gaps charged: the corner. With end gaps free: the
// best cell of the last row or last column; ties prefer the corner, then the last row
// (larger j first), then the last column (larger i first).
struct EndCell {
  std::int32_t score;
  std::int32_t i;
  std::int32_t j;
};

// last_row(j) = H[m][j] for j in 0..n, last_column(i) = H[i][n] for i in 0..m.
template <typename LastRow, typename LastColumn>
WG_HD EndCell choose_end_cell(std::int32_t m, std::int32_t n, bool end_gaps_free,
                              const LastRow& last_row, const LastColumn& last_column) {
  EndCell end{last_row(n), m, n};
  if (!end_gaps_free) return end;
  for (std::int32_t j = n - 1; j >= 0; --j) {
    const std::int32_t h = last_row(j);
    if (h > end.score) end = EndCell{h, m, j};
  }
  for (std::int32_t i = m - 1; i >= 0; --i) {
    const std::int32_t h = last_column(i);
    if (h > end.score) end = EndCell{h, i, n};
  }
  return end;
}

// CIGAR operations, emitted back to front by the traceback.
inline constexpr char kOpMatch = '=';
inline constexpr char kOpMismatch = 'X';
inline constexpr char kOpInsertion = 'I';  // query residue against a gap in the target
inline constexpr char kOpDeletion = 'D';   // target residue against a gap in the query

// Walks from the end cell back to (0, 0), calling emit(op) for every alignment column
// from last to first. direction(i, j) gives the bits of cell (i, j), 1 <= i, j.
template <typename Direction, typename Emit>
WG_HD void trace_back(const std::uint8_t* query, const std::uint8_t* target, std::int32_t m,
                      std::int32_t n, EndCell end, const Direction& direction, Emit&& emit) {
  for (std::int32_t k = m; k > end.i; --k) emit(kOpInsertion);
  for (std::int32_t k = n; k > end.j; --k) emit(kOpDeletion);
  std::int32_t i = end.i;
  std::int32_t j = end.j;
  enum { kInH, kInE, kInF } state = kInH;
  while (i > 0 && j > 0) {
    const std::uint8_t bits = direction(i, j);
    if (state == kInH) {
      const std::uint8_t source = bits & kSourceMask;
      if (source == kFromDiagonal) {
        emit(query[i - 1] == target[j - 1] ? kOpMatch : kOpMismatch);
        --i;
        --j;
        continue;
      }
      state = source == kFromE ? kInE : kInF;
    }
    if (state == kInE) {
      emit(kOpDeletion);
      state = (bits & kExtendE) ? kInE : kInH;
      --j;
    } else {
      emit(kOpInsertion);
      state = (bits & kExtendF) ? kInF : kInH;
      --i;
    }
  }
  for (; i > 0; --i) emit(kOpInsertion);
  for (; j > 0; --j) emit(kOpDeletion);
}

}  // namespace wg::align
