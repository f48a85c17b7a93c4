// Traceback instantiations of the wavefront kernel (4 direction bits per cell), one per
// length class and scoring form, and their launcher; the walk-back kernel follows on the
// same stream. The block class writes the same direction layout (cuda_block_kernels.cu).
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

// One thread per pair: end cell, score, the operations from the end back to the start,
// and the aligned region.
__global__ void __launch_bounds__(kThreadsPerBlock)
    traceback_kernel(DevicePairs pairs, DeviceScoring scoring, int group) {
  const unsigned member = blockIdx.x * blockDim.x + threadIdx.x;
  if (member >= pairs.count) return;
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
  pairs.scores[p] = end.score;
  const int group_shift = __ffs(group) - 1;  // groups are powers of two (length_classes.hpp)
  std::uint32_t count = 0;
  const AlignedRegion region = trace_back(
      query, target, end, scoring.free_ends, scoring.local,
      [&](int i, int j) {
        // A row thread's words lie `group` words apart from column to column, so the walk
        // reads a new cache line at almost every step; a window of words loaded ahead was
        // measured slower (the walk is one thread's dependent chain either way).
        const int row_thread = (i - 1) / kRowsPerThread;
        const std::uint64_t word = directions[direction_index(
            row_thread >> group_shift, row_thread & (group - 1), j - 1, n, group)];
        return static_cast<std::uint8_t>((word >> direction_shift((i - 1) % kRowsPerThread)) & 15u);
      },
      [&](char op) { ops[count++] = op; });
  pairs.op_counts[member] = count;
  pairs.regions[member] =
      make_int4(region.query_begin, region.query_end, region.target_begin, region.target_end);
}

}  // namespace

void launch_traceback(int length_class, Substitution scores, const DevicePairs& pairs,
                      const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  if (kLengthClasses[length_class].warps > 1)
    launch_block_wavefront(true, scores == Substitution::uniform, pairs, scoring, table, stream);
  else
    dispatch_length_class(length_class, scores,
                          WavefrontLaunch<true>{pairs, scoring, table, stream});
  const auto blocks = (pairs.count + kThreadsPerBlock - 1) / kThreadsPerBlock;
  traceback_kernel<<<blocks, kThreadsPerBlock, 0, stream>>>(pairs, scoring,
                                                            kLengthClasses[length_class].group);
}

}  // namespace wg::kernels::align::cuda
