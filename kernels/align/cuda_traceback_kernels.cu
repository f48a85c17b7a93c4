// Traceback instantiations of the wavefront kernel (4 direction bits per cell), one per
// length class and scoring form, and their launcher; the walk-back kernel (a warp per
// pair) follows on the same stream. The block class (cuda_block_kernels.cu) and the
// packed 16-bit kernel (cuda_packed_traceback_kernels.cu) write the same direction layout.
#include "kernels/align/cuda_packed.cuh"
#include "kernels/align/cuda_wavefront.cuh"

namespace wg::kernels::align::cuda {
namespace {

// Local alignment: the best of the row-threads' best cells (store_local_end), in the
// order of their rows, compared as the host compares cells.
__device__ EndCell local_end_cell(const std::int32_t* edges, int m) {
  EndCell end{0, 0, 0};
  const int row_threads = (m + kRowsPerThread - 1) / kRowsPerThread;
  for (int k = 0; k < row_threads; ++k) {
    const EndCell candidate{edges[3 * k], edges[3 * k + 1], edges[3 * k + 2]};
    if (better_local_end(candidate.score, candidate.i, candidate.j, end)) end = candidate;
  }
  return end;
}

// What the walk back of one pair reads, held a tile at a time by the warp that walks it.
// The walk is a chain of dependent steps, each needing its cell's direction word and two
// residues; one thread alone waits a memory latency per step (the words of a row thread
// lie `group` words apart, a new cache line at almost every step). The path only moves up
// and left, so the warp loads the tile ahead of it in one go, a value per lane: the words
// of two row threads (2 x `rows` rows) at the 32 columns ending at the current one, and the query
// and target residues of those rows and columns. Every lane walks the same path, reading
// the tile with shuffles, and loads the next tile when the path leaves this one: one
// memory latency per tile (16 to 32 steps) instead of one per step.
class WalkTile {
 public:
  __device__ WalkTile(const std::uint64_t* directions, const std::uint8_t* query,
                      const std::uint8_t* target, int m, int n, int group, int rows, bool local)
      : directions_(directions),
        query_(query),
        target_(target),
        m_(m),
        n_(n),
        group_(group),
        rows_(rows),
        local_(local) {
    group_shift_ = __ffs(group) - 1;  // groups are powers of two (length_classes.hpp)
    // x / rows as a multiply-high: exact for x below 2^32 / rows (2^28 rows and more), and
    // the walk divides twice per step, where an integer division costs about 20
    // instructions on its chain of dependent steps.
    rows_reciprocal_ = 0xffffffffu / static_cast<unsigned>(rows) + 1;
  }

  // Whether query residue i equals target residue j (1-based).
  __device__ bool same(int i, int j) {
    cover(i, j);
    const int query_lane = (top_ + 1) * rows_ - i;
    return __shfl_sync(kFullMask, query_code_, query_lane) ==
           __shfl_sync(kFullMask, target_code_, last_ - (j - 1));
  }

  // Direction bits of cell (i, j).
  __device__ std::uint8_t bits(int i, int j) {
    cover(i, j);
    const int row_thread = row_thread_of(i);
    const std::uint64_t mine = row_thread == top_ ? word_ : word_above_;
    const std::uint64_t word = __shfl_sync(kFullMask, mine, last_ - (j - 1));
    return direction_bits(word, i - 1 - row_thread * rows_, local_);
  }

  // A walk in H at cell (i, j) goes up the diagonal for as long as H comes from it. Lane l
  // looks at cell (i - l, j - l) of the tile: the run is the lanes before the first cell
  // whose H comes from E, F or zero, or that the tile does not hold. Lane l writes the
  // run's l-th operation (match or mismatch) at ops[l]; returns the run's length (0: the
  // cell at (i, j) is not a diagonal step, or not in this tile).
  __device__ int diagonal_run(int i, int j, char* ops) {
    cover(i, j);
    const int lane = static_cast<int>(threadIdx.x) % 32;
    const int row = i - lane;         // 1-based
    const int column = j - 1 - lane;  // 0-based
    const int row_thread = row_thread_of(max(row, 1));
    const bool held = row >= 1 && column >= 0 && column > last_ - 32 &&
                      (row_thread == top_ || row_thread == top_ - 1);
    const int column_lane = held ? last_ - column : 0;
    const int row_lane = held ? (top_ + 1) * rows_ - row : 0;
    // From-E and from-F, the planes a step in H reads, are the words' low halves.
    const auto low = static_cast<unsigned>(word_);
    const auto low_above = static_cast<unsigned>(word_above_);
    const unsigned top_word = __shfl_sync(kFullMask, low, column_lane);
    const unsigned above_word = __shfl_sync(kFullMask, low_above, column_lane);
    const unsigned query = __shfl_sync(kFullMask, query_code_, row_lane);
    const unsigned target = __shfl_sync(kFullMask, target_code_, column_lane);
    const unsigned word = row_thread == top_ ? top_word : above_word;
    const int slot = row - 1 - row_thread * rows_;
    const bool diagonal = held && ((word >> (kRowsPerThread - 1 - slot)) & 0x10001u) == 0;
    const unsigned ends = __ballot_sync(kFullMask, !diagonal);
    const int run = ends == 0 ? 32 : __ffs(static_cast<int>(ends)) - 1;
    if (lane < run) ops[lane] = query == target ? kOpMatch : kOpMismatch;
    return run;
  }

 private:
  // Loads the tile whose top row thread holds row i and whose last column is j, unless the
  // current tile holds cell (i, j). Every lane calls it with the same cell.
  __device__ void cover(int i, int j) {
    const int row_thread = row_thread_of(i);
    const int column = j - 1;
    if (row_thread <= top_ && row_thread >= top_ - 1 && column <= last_ && column > last_ - 32)
      return;
    top_ = row_thread;
    last_ = column;
    const int lane = static_cast<int>(threadIdx.x) % 32;
    const int c = column - lane;
    word_ = c >= 0 ? directions_[index(row_thread, c)] : 0;
    word_above_ = c >= 0 && row_thread > 0 ? directions_[index(row_thread - 1, c)] : 0;
    const int row = (row_thread + 1) * rows_ - 1 - lane;  // 0-based query residue
    query_code_ = row >= 0 && row < m_ ? query_[row] : 0;
    target_code_ = c >= 0 ? target_[c] : 0;
  }
  // The row thread that holds row i (1-based).
  __device__ int row_thread_of(int i) const {
    return static_cast<int>(__umulhi(static_cast<unsigned>(i - 1), rows_reciprocal_));
  }
  __device__ std::uint64_t index(int row_thread, int column) const {
    return direction_index(row_thread >> group_shift_, row_thread & (group_ - 1), column, n_,
                           group_);
  }

  const std::uint64_t* directions_;
  const std::uint8_t* query_;
  const std::uint8_t* target_;
  int m_;
  int n_;
  int group_;
  int rows_;  // rows per row thread (kRowsPerThread, or the packed kernel's band height)
  bool local_;
  int group_shift_ = 0;
  unsigned rows_reciprocal_ = 0;
  int top_ = -2;  // the tile: row threads top_ - 1 and top_, columns last_ - 31 .. last_
  int last_ = -1;
  std::uint64_t word_ = 0;        // lane l: row thread top_ at column last_ - l
  std::uint64_t word_above_ = 0;  // lane l: row thread top_ - 1 at column last_ - l
  unsigned query_code_ = 0;       // lane l: query residue (top_ + 1) x rows_ - l (1-based)
  unsigned target_code_ = 0;      // lane l: target residue last_ + 1 - l (1-based)
};

// One warp per pair: end cell, score, the operations from the end back to the start, and
// the aligned region; lane 0 writes them.
__global__ void __launch_bounds__(kThreadsPerBlock)
    traceback_kernel(DevicePairs pairs, DeviceScoring scoring, int group, int rows) {
  const unsigned member = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (member >= pairs.count) return;  // whole warps
  const bool writer = threadIdx.x % 32 == 0;
  const std::uint32_t p = pairs.members[member];
  const int m = static_cast<int>(pairs.lengths[pairs.query[p]]);
  const int n = static_cast<int>(pairs.lengths[pairs.target[p]]);
  const std::uint8_t* query = pairs.residues + pairs.offsets[pairs.query[p]];
  const std::uint8_t* target = pairs.residues + pairs.offsets[pairs.target[p]];
  const std::int32_t* edges = pairs.edges + pairs.edge_offset[member];
  const std::uint64_t* directions = pairs.directions + pairs.direction_offset[member];
  char* ops = pairs.ops + pairs.ops_offset[member];
  const EndCell end = scoring.local ? local_end_cell(edges, m)
                                    : choose_end_cell(
                                          m, n, scoring.free_ends, [&](int j) { return edges[j]; },
                                          [&](int i) { return edges[n + 1 + i]; });
  if (writer) pairs.scores[p] = end.score;
  WalkTile tile(directions, query, target, m, n, group, rows, scoring.local);
  std::uint32_t count = 0;
  auto emit = [&](char op) {
    if (writer) ops[count] = op;
    ++count;
  };
  // The walk from the end cell back to its start (trace_rows' loop over the whole matrix),
  // with the diagonal runs of H taken a tile at a time: one step for a whole run of
  // matches and mismatches instead of one per cell.
  TraceWalk walk{end.i, end.j, kInH};
  while (walk.state != kTraceStarted && walk.i > 0 && walk.j > 0) {
    if (walk.state == kInH) {
      const int run = tile.diagonal_run(walk.i, walk.j, ops + count);
      if (run > 0) {
        count += static_cast<std::uint32_t>(run);
        walk.i -= run;
        walk.j -= run;
        continue;
      }
    }
    trace_step(
        walk, [&](int i, int j) { return tile.same(i, j); },
        [&](int i, int j) { return tile.bits(i, j); }, emit);
  }
  const AlignedRegion region = finish_trace(walk, end, scoring.free_ends, scoring.local, emit);
  if (!writer) return;
  pairs.op_counts[member] = count;
  pairs.regions[member] =
      make_int4(region.query_begin, region.query_end, region.target_begin, region.target_end);
}

}  // namespace

void launch_traceback(int length_class, Substitution scores, int packed_rows,
                      const DevicePairs& pairs, const DeviceScoring& scoring, const int* table,
                      cudaStream_t stream) {
  if (pairs.count == 0) return;
  if (kLengthClasses[length_class].warps > 1)
    launch_block_wavefront(true, scores == Substitution::uniform, pairs, scoring, table, stream);
  else if (packed_rows > 0)
    launch_packed_directions(length_class, scores, packed_rows, pairs, scoring, table, stream);
  else
    dispatch_length_class(length_class, scores,
                          WavefrontLaunch<true>{pairs, scoring, table, stream});
  const auto blocks = static_cast<unsigned>(
      (std::uint64_t{pairs.count} * 32 + kThreadsPerBlock - 1) / kThreadsPerBlock);
  traceback_kernel<<<blocks, kThreadsPerBlock, 0, stream>>>(
      pairs, scoring, kLengthClasses[length_class].group,
      packed_rows > 0 ? packed_rows : kRowsPerThread);
}

}  // namespace wg::kernels::align::cuda
