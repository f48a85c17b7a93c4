// Score-only instantiations of the wavefront kernel, one per length class and scoring
// form, and their launcher (the block class: cuda_block_kernels.cu).
#include "kernels/align/cuda_wavefront.cuh"

namespace wg::kernels::align::cuda {

void launch_score(int length_class, Substitution scores, const DevicePairs& pairs,
                  const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  if (kLengthClasses[length_class].warps > 1)
    return launch_block_wavefront(false, scores == Substitution::uniform, pairs, scoring, table,
                                  stream);
  dispatch_length_class(length_class, scores,
                        WavefrontLaunch<false>{pairs, scoring, table, stream});
}

}  // namespace wg::kernels::align::cuda
