// Instantiations of the block-class wavefront kernel (score-only and traceback, uniform
// and matrix scoring) and their launcher: one block of kBlockWarps warps per pair. The
// traceback launcher runs the walk-back kernel after it on the same stream.
#include "cuda_block_wavefront.cuh"

namespace wg::align::cuda {
namespace {

template <bool kUniform, bool kTrace>
void launch(const DevicePairs& pairs, const DeviceScoring& scoring, const int* table,
            cudaStream_t stream) {
  block_wavefront_kernel<kUniform, kTrace>
      <<<pairs.count, kBlockThreads, 0, stream>>>(pairs, scoring, table);
}

}  // namespace

void launch_block_wavefront(bool traceback, bool uniform, const DevicePairs& pairs,
                            const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  if (traceback)
    uniform ? launch<true, true>(pairs, scoring, table, stream)
            : launch<false, true>(pairs, scoring, table, stream);
  else
    uniform ? launch<true, false>(pairs, scoring, table, stream)
            : launch<false, false>(pairs, scoring, table, stream);
}

}  // namespace wg::align::cuda
