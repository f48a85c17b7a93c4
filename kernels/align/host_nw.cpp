#include "kernels/align/host_nw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels/align/aligner.hpp"
#include "kernels/align/nw_rules.hpp"

// The vector helpers below never cross this file, so the ABI note about passing AVX
// vectors without AVX enabled does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace wg::kernels::align {
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

// The rows of the Gotoh matrices one at a time: H and F of the row above, E along the row.
template <bool kLocal>
class RowSweep {
 public:
  RowSweep(const std::uint8_t* query, const std::uint8_t* target, std::int32_t n,
           const KernelScoring& scoring)
      : query_(query),
        target_(target),
        n_(n),
        scoring_(scoring),
        h_(static_cast<std::size_t>(n) + 1),
        f_(static_cast<std::size_t>(n) + 1) {}

  // Row 0: leading gaps of the target.
  void start() {
    for (std::int32_t j = 0; j <= n_; ++j)
      h_[j] = row0_score(j, scoring_.gap_open, scoring_.gap_extend, scoring_.free_ends);
    std::fill(f_.begin(), f_.end(), kMinusInfinity);
  }
  // Continues below a row saved with save().
  void restore(const std::int32_t* h, const std::int32_t* f) {
    std::copy(h, h + h_.size(), h_.begin());
    std::copy(f, f + f_.size(), f_.begin());
  }
  void save(std::int32_t* h, std::int32_t* f) const {
    std::copy(h_.begin(), h_.end(), h);
    std::copy(f_.begin(), f_.end(), f);
  }
  // Computes row i (1-based), its direction bits into directions[1..n], and in local mode
  // folds its cells into the best cell.
  void row(std::int32_t i, std::uint8_t* directions, EndCell& local_end) {
    const std::int32_t open = scoring_.gap_open;
    const std::int32_t extend = scoring_.gap_extend;
    const std::int32_t* table_row = scoring_.table + query_[i - 1] * kAlphabetSlots;
    std::int32_t diagonal = h_[0];
    std::int32_t h_left = column0_score(i, open, extend, scoring_.free_ends);
    h_[0] = h_left;
    std::int32_t e = kMinusInfinity;
    for (std::int32_t j = 1; j <= n_; ++j) {
      const std::int32_t h = gotoh_cell<kLocal>(diagonal, table_row[target_[j - 1]], h_left, h_[j],
                                                e, f_[j], open, extend, directions[j]);
      if (kLocal && better_local_end(h, i, j, local_end)) local_end = EndCell{h, i, j};
      diagonal = h_[j];
      h_[j] = h;
      h_left = h;
    }
  }
  std::int32_t h(std::int32_t j) const { return h_[j]; }

 private:
  const std::uint8_t* query_;
  const std::uint8_t* target_;
  std::int32_t n_;
  const KernelScoring& scoring_;
  std::vector<std::int32_t> h_;
  std::vector<std::int32_t> f_;
};

// Rows per band of the traceback: the whole query when its direction bits fit in
// `band_bytes`, else as many rows as fit, but at least sqrt(8 m), where the bands' bits
// (rows x (n + 1) bytes) and the checkpoints (8 (n + 1) bytes per band) cost the same.
std::int32_t band_rows(std::int32_t m, std::int32_t n, std::uint64_t band_bytes) {
  const std::uint64_t width = static_cast<std::uint64_t>(n) + 1;
  const auto fitting = band_bytes / width;
  if (fitting >= static_cast<std::uint64_t>(m)) return std::max(m, 1);
  const auto balanced = static_cast<std::uint64_t>(std::ceil(std::sqrt(8.0 * m)));
  return static_cast<std::int32_t>(
      std::clamp<std::uint64_t>(std::max(fitting, balanced), 1, static_cast<std::uint64_t>(m)));
}

// Score and alignment of one pair. The forward sweep keeps H and F of every band's top row
// (checkpoints) and the direction bits of the band it is in; the walk back goes band by
// band from the last, recomputing each earlier band's bits from its checkpoint. Every band
// yields the bits of the full matrix, so the alignment is the same whatever the band
// height; with one band (the usual case) nothing is recomputed.
template <bool kLocal>
PairResult align_traceback(const std::uint8_t* query, std::int32_t m, const std::uint8_t* target,
                           std::int32_t n, const KernelScoring& scoring, std::uint64_t band_bytes) {
  const std::uint8_t free_ends = scoring.free_ends;
  const std::size_t width = static_cast<std::size_t>(n) + 1;
  const std::int32_t rows = band_rows(m, n, band_bytes);
  const std::int32_t bands = std::max<std::int32_t>(1, (m + rows - 1) / rows);
  // Band b holds rows b x rows + 1 .. (b + 1) x rows; its direction bits go to
  // directions[(i - b x rows - 1) x width + j], its checkpoint (H, F of row b x rows) to
  // checkpoints[2 (b - 1) width ..] for b >= 1 (band 0 starts from row 0).
  std::vector<std::uint8_t> directions(static_cast<std::size_t>(rows) * width);
  std::vector<std::int32_t> checkpoints(2 * static_cast<std::size_t>(bands - 1) * width);
  std::vector<std::int32_t> last_column(static_cast<std::size_t>(m) + 1);
  RowSweep<kLocal> sweep(query, target, n, scoring);
  sweep.start();
  last_column[0] = sweep.h(n);
  EndCell local_end{0, 0, 0};
  for (std::int32_t i = 1; i <= m; ++i) {
    const std::int32_t band = (i - 1) / rows;
    const std::int32_t row_in_band = i - 1 - band * rows;
    if (row_in_band == 0 && band > 0) {
      std::int32_t* checkpoint = &checkpoints[2 * static_cast<std::size_t>(band - 1) * width];
      sweep.save(checkpoint, checkpoint + width);
    }
    sweep.row(i, &directions[static_cast<std::size_t>(row_in_band) * width], local_end);
    last_column[i] = sweep.h(n);
  }
  const EndCell end = kLocal ? local_end
                             : choose_end_cell(
                                   m, n, free_ends, [&](std::int32_t j) { return sweep.h(j); },
                                   [&](std::int32_t i) { return last_column[i]; });
  std::string reversed;
  reversed.reserve(static_cast<std::size_t>(m + n));
  const auto emit = [&](char op) { reversed.push_back(op); };
  TraceWalk walk{end.i, end.j, kInH};
  // The forward sweep left the last band's bits in place.
  for (std::int32_t band = bands - 1; band >= 0; --band) {
    const std::int32_t first_row = band * rows;  // the row above the band
    if (walk.i <= first_row) continue;
    if (walk.state == kTraceStarted || walk.j == 0) break;
    if (band < bands - 1) {
      const std::int32_t* checkpoint =
          band > 0 ? &checkpoints[2 * static_cast<std::size_t>(band - 1) * width] : nullptr;
      if (checkpoint)
        sweep.restore(checkpoint, checkpoint + width);
      else
        sweep.start();
      EndCell unused{0, 0, 0};
      for (std::int32_t i = first_row + 1; i <= walk.i; ++i)
        sweep.row(i, &directions[static_cast<std::size_t>(i - first_row - 1) * width], unused);
    }
    trace_rows(
        walk, first_row,
        [&](std::int32_t i, std::int32_t j) { return query[i - 1] == target[j - 1]; },
        [&](std::int32_t i, std::int32_t j) {
          return directions[static_cast<std::size_t>(i - first_row - 1) * width +
                            static_cast<std::size_t>(j)];
        },
        emit);
  }
  const AlignedRegion region = finish_trace(walk, end, free_ends, kLocal, emit);
  PairResult result;
  result.score = end.score;
  result.cigar = cigar_from_reversed_ops(reversed.data(), reversed.size());
  result.query_begin = static_cast<std::uint32_t>(region.query_begin);
  result.query_end = static_cast<std::uint32_t>(region.query_end);
  result.target_begin = static_cast<std::uint32_t>(region.target_begin);
  result.target_end = static_cast<std::uint32_t>(region.target_end);
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
                                const KernelScoring& scoring, std::uint64_t band_bytes) {
  return scoring.local ? align_traceback<true>(query, m, target, n, scoring, band_bytes)
                       : align_traceback<false>(query, m, target, n, scoring, band_bytes);
}

}  // namespace wg::kernels::align
