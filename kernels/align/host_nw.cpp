#include "host_nw.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "aligner.hpp"
#include "error.hpp"
#include "nw_rules.hpp"

// The vector helpers below never cross this file, so the ABI note about passing AVX
// vectors without AVX enabled does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace wg::align {
namespace {

// One lane per pair. GCC lowers this to AVX2 where the CPU has it (see target_clones
// below) and to SSE pairs elsewhere.
typedef std::int32_t Lanes __attribute__((vector_size(kHostLanes * sizeof(std::int32_t))));

// A row of vectors, aligned for them (std::vector would drop the type's alignment).
class LaneRow {
 public:
  LaneRow(std::size_t count, const Lanes& fill)
      : raw_((count + 1) * kHostLanes), data_(reinterpret_cast<Lanes*>(align_up(raw_.data()))) {
    for (std::size_t k = 0; k < count; ++k) data_[k] = fill;
  }
  Lanes& operator[](std::size_t k) { return data_[k]; }

 private:
  static void* align_up(std::int32_t* p) {
    const auto address = reinterpret_cast<std::uintptr_t>(p);
    return reinterpret_cast<void*>((address + sizeof(Lanes) - 1) / sizeof(Lanes) * sizeof(Lanes));
  }
  std::vector<std::int32_t> raw_;
  Lanes* data_;
};

inline Lanes splat(std::int32_t v) {
  Lanes out;
  for (int k = 0; k < kHostLanes; ++k) out[k] = v;
  return out;
}

inline Lanes vmax(const Lanes& a, const Lanes& b) { return a > b ? a : b; }

struct LaneSet {
  const std::uint8_t* query[kHostLanes];
  const std::uint8_t* target[kHostLanes];
  std::int32_t m[kHostLanes];
  std::int32_t n[kHostLanes];
  int count;
};

// The row sweep: rows are query residues, columns target residues, all lanes in step.
// Lanes whose pair is shorter compute padding cells that nothing reads (local mode masks
// them out of its running best).
template <bool kLocal>
inline __attribute__((always_inline)) void sweep_lanes(const LaneSet& lanes,
                                                       const KernelScoring& scoring,
                                                       std::int32_t* scores) {
  const std::int32_t max_m = *std::max_element(lanes.m, lanes.m + lanes.count);
  const std::int32_t max_n = *std::max_element(lanes.n, lanes.n + lanes.count);
  const std::int32_t open = scoring.gap_open;
  const std::int32_t extend = scoring.gap_extend;
  const std::uint8_t free_ends = scoring.free_ends;

  LaneRow target_codes(static_cast<std::size_t>(max_n), splat(0));
  LaneRow column_mask(static_cast<std::size_t>(max_n), splat(0));  // -1 where j < n[k]
  for (std::int32_t j = 0; j < max_n; ++j)
    for (int k = 0; k < kHostLanes; ++k) {
      const bool inside = k < lanes.count && j < lanes.n[k];
      target_codes[j][k] = inside ? lanes.target[k][j] : 0;
      column_mask[j][k] = inside ? -1 : 0;
    }

  LaneRow h_row(static_cast<std::size_t>(max_n) + 1, splat(0));
  LaneRow f_row(static_cast<std::size_t>(max_n) + 1, splat(kMinusInfinity));
  for (std::int32_t j = 0; j <= max_n; ++j)
    h_row[j] = splat(row0_score(j, open, extend, free_ends));

  // Free trailing gaps: the best cell of the last row and column, seeded with the
  // alignments of end gaps only. Local: the best cell anywhere (H >= 0, so masked-out
  // padding cells read as 0).
  std::int32_t best[kHostLanes];
  for (int k = 0; k < lanes.count; ++k)
    best[k] = gap_only_end_score(lanes.m[k], lanes.n[k], open, extend, free_ends);
  Lanes local_best = splat(0);

  const Lanes zero = splat(0);
  const Lanes open_v = splat(open);
  const Lanes extend_v = splat(extend);
  const Lanes match_v = splat(scoring.match);
  const Lanes mismatch_v = splat(scoring.mismatch);
  for (std::int32_t i = 1; i <= max_m; ++i) {
    Lanes query_codes;
    Lanes row_mask;
    for (int k = 0; k < kHostLanes; ++k) {
      const bool inside = k < lanes.count && i <= lanes.m[k];
      query_codes[k] = inside ? lanes.query[k][i - 1] : 0;
      row_mask[k] = inside ? -1 : 0;
    }
    const Lanes table_row = query_codes * kAlphabetSlots;
    Lanes diagonal = h_row[0];
    Lanes h_left = splat(column0_score(i, open, extend, free_ends));
    h_row[0] = h_left;
    Lanes e = splat(kMinusInfinity);
    for (std::int32_t j = 1; j <= max_n; ++j) {
      const Lanes t = target_codes[j - 1];
      Lanes s;
      if (scoring.uniform) {
        s = query_codes == t ? match_v : mismatch_v;
      } else {
        const Lanes index = table_row + t;
        for (int k = 0; k < kHostLanes; ++k) s[k] = scoring.table[index[k]];
      }
      e = vmax(e - extend_v, h_left - open_v);
      const Lanes f = vmax(f_row[j] - extend_v, h_row[j] - open_v);
      f_row[j] = f;
      Lanes h = vmax(vmax(diagonal + s, e), f);
      if constexpr (kLocal) {
        h = vmax(h, zero);
        local_best = vmax(local_best, h & column_mask[j - 1] & row_mask);
      }
      diagonal = h_row[j];
      h_row[j] = h;
      h_left = h;
    }
    if constexpr (kLocal) continue;
    for (int k = 0; k < lanes.count; ++k) {
      if (i > lanes.m[k]) continue;
      const std::int32_t last_column = h_row[lanes.n[k]][k];  // H[i][n]
      if (!ends_free(free_ends)) {
        if (i == lanes.m[k]) scores[k] = last_column;
        continue;
      }
      if ((free_ends & kFreeQueryEnd) || i == lanes.m[k]) best[k] = std::max(best[k], last_column);
      if (i == lanes.m[k]) {
        if (free_ends & kFreeTargetEnd)
          for (std::int32_t j = 0; j <= lanes.n[k]; ++j) best[k] = std::max(best[k], h_row[j][k]);
        scores[k] = best[k];
      }
    }
  }
  if constexpr (kLocal)
    for (int k = 0; k < lanes.count; ++k) scores[k] = local_best[k];
}

__attribute__((target_clones("avx2", "default"))) void sweep_lanes_global(
    const LaneSet& lanes, const KernelScoring& scoring, std::int32_t* scores) {
  sweep_lanes<false>(lanes, scoring, scores);
}

__attribute__((target_clones("avx2", "default"))) void sweep_lanes_local(
    const LaneSet& lanes, const KernelScoring& scoring, std::int32_t* scores) {
  sweep_lanes<true>(lanes, scoring, scores);
}

// Score and alignment of one pair, with O(m n) bytes of direction bits.
template <bool kLocal>
PairResult align_traceback(const std::uint8_t* query, std::int32_t m, const std::uint8_t* target,
                           std::int32_t n, const KernelScoring& scoring) {
  const std::int32_t open = scoring.gap_open;
  const std::int32_t extend = scoring.gap_extend;
  const std::uint8_t free_ends = scoring.free_ends;
  const std::size_t width = static_cast<std::size_t>(n) + 1;
  const std::size_t cells = (static_cast<std::size_t>(m) + 1) * width;
  constexpr std::size_t kMaxTracebackCells = std::size_t{8} << 30;
  WG_REQUIRE(cells <= kMaxTracebackCells,
             "traceback of a {} x {} pair needs {} GiB of direction bits on the host; "
             "align it without --traceback or split the sequences",
             m, n, cells >> 30);
  std::vector<std::uint8_t> directions(cells);
  std::vector<std::int32_t> h_row(width);
  std::vector<std::int32_t> f_row(width, kMinusInfinity);
  std::vector<std::int32_t> last_column(static_cast<std::size_t>(m) + 1);
  for (std::int32_t j = 0; j <= n; ++j) h_row[j] = row0_score(j, open, extend, free_ends);
  last_column[0] = h_row[n];
  EndCell local_end{0, 0, 0};
  for (std::int32_t i = 1; i <= m; ++i) {
    const std::int32_t* table_row = scoring.table + query[i - 1] * kAlphabetSlots;
    std::int32_t diagonal = h_row[0];
    std::int32_t h_left = column0_score(i, open, extend, free_ends);
    h_row[0] = h_left;
    std::int32_t e = kMinusInfinity;
    std::uint8_t* row_directions = &directions[static_cast<std::size_t>(i) * width];
    for (std::int32_t j = 1; j <= n; ++j) {
      const std::int32_t h =
          gotoh_cell<kLocal>(diagonal, table_row[target[j - 1]], h_left, h_row[j], e, f_row[j],
                             open, extend, row_directions[j]);
      if (kLocal && better_local_end(h, i, j, local_end)) local_end = EndCell{h, i, j};
      diagonal = h_row[j];
      h_row[j] = h;
      h_left = h;
    }
    last_column[i] = h_row[n];
  }
  const EndCell end = kLocal ? local_end
                             : choose_end_cell(
                                   m, n, free_ends, [&](std::int32_t j) { return h_row[j]; },
                                   [&](std::int32_t i) { return last_column[i]; });
  std::string reversed;
  reversed.reserve(static_cast<std::size_t>(m + n));
  const AlignedRegion region = trace_back(
      query, target, end, free_ends, kLocal,
      [&](std::int32_t i, std::int32_t j) {
        return directions[static_cast<std::size_t>(i) * width + static_cast<std::size_t>(j)];
      },
      [&](char op) { reversed.push_back(op); });
  PairResult result;
  result.score = end.score;
  result.cigar = cigar_from_reversed_ops(reversed.data(), reversed.size());
  set_region(result, region);
  return result;
}

}  // namespace

void host_scores_simd(const PairBatch& batch, std::size_t first, std::size_t count,
                      const KernelScoring& scoring, std::int32_t* scores) {
  LaneSet lanes{};
  lanes.count = static_cast<int>(std::min<std::size_t>(count, kHostLanes));
  for (int k = 0; k < lanes.count; ++k) {
    const std::size_t p = first + static_cast<std::size_t>(k);
    lanes.query[k] = batch.query_residues(p);
    lanes.target[k] = batch.target_residues(p);
    lanes.m[k] = static_cast<std::int32_t>(batch.query_length(p));
    lanes.n[k] = static_cast<std::int32_t>(batch.target_length(p));
  }
  if (scoring.local)
    sweep_lanes_local(lanes, scoring, scores);
  else
    sweep_lanes_global(lanes, scoring, scores);
}

PairResult host_align_traceback(const std::uint8_t* query, std::int32_t m,
                                const std::uint8_t* target, std::int32_t n,
                                const KernelScoring& scoring) {
  return scoring.local ? align_traceback<true>(query, m, target, n, scoring)
                       : align_traceback<false>(query, m, target, n, scoring);
}

}  // namespace wg::align
