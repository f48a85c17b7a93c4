// Traceback instantiations of the wavefront kernel (4 direction bits per cell), one per
// length class and scoring form, and their launcher; the walk-back kernel follows on the
// same stream.
#include "cuda_wavefront.cuh"

namespace wg::align::cuda {
namespace {

// One thread per pair: end cell, score, and the operations from the end back to (0, 0).
__global__ void __launch_bounds__(kThreadsPerBlock)
    traceback_kernel(DevicePairs pairs, DeviceScoring scoring) {
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
  const EndCell end = choose_end_cell(
      m, n, scoring.free_ends, [&](int j) { return edges[j]; },
      [&](int i) { return edges[n + 1 + i]; });
  pairs.scores[p] = end.score;
  std::uint32_t count = 0;
  trace_back(
      query, target, m, n, end,
      [&](int i, int j) {
        const std::uint64_t word =
            directions[static_cast<std::size_t>((i - 1) / kRowsPerThread) * n + (j - 1)];
        return static_cast<std::uint8_t>((word >> (4 * ((i - 1) % kRowsPerThread))) & 15u);
      },
      [&](char op) { ops[count++] = op; });
  pairs.op_counts[member] = count;
}

template <int G, bool kUniform>
void launch_class(const DevicePairs& pairs, const DeviceScoring& scoring, const int* table,
                  cudaStream_t stream) {
  const std::uint64_t threads = std::uint64_t{pairs.count} * G;
  const auto blocks = static_cast<unsigned>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
  wavefront_kernel<G, kUniform, true><<<blocks, kThreadsPerBlock, 0, stream>>>(pairs, scoring, table);
}

template <bool kUniform>
void launch_form(int length_class, const DevicePairs& pairs, const DeviceScoring& scoring,
                 const int* table, cudaStream_t stream) {
  static_assert(kLengthClasses[0].group == 1 && kLengthClasses[1].group == 8 &&
                    kLengthClasses[2].group == 16 && kLengthClasses[3].group == 32,
                "update the instantiations below with length_classes.hpp");
  switch (length_class) {
    case 0: return launch_class<1, kUniform>(pairs, scoring, table, stream);
    case 1: return launch_class<8, kUniform>(pairs, scoring, table, stream);
    case 2: return launch_class<16, kUniform>(pairs, scoring, table, stream);
    default: return launch_class<32, kUniform>(pairs, scoring, table, stream);
  }
}

}  // namespace

void launch_traceback(int length_class, bool uniform, const DevicePairs& pairs,
                  const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  if (uniform)
    launch_form<true>(length_class, pairs, scoring, table, stream);
  else
    launch_form<false>(length_class, pairs, scoring, table, stream);
  const auto blocks = (pairs.count + kThreadsPerBlock - 1) / kThreadsPerBlock;
  traceback_kernel<<<blocks, kThreadsPerBlock, 0, stream>>>(pairs, scoring);
}

}  // namespace wg::align::cuda
