// Instantiations of the packed 16-bit kernel's traceback form (direction words and edges
// of two pairs per register), one per length class, scoring form and band height, and
// their launcher.
#include "kernels/align/cuda_packed.cuh"
#include "kernels/align/length_class_dispatch.cuh"

namespace wg::kernels::align::cuda {

void launch_packed_directions(int length_class, Substitution scores, int rows,
                              const DevicePairs& pairs, const DeviceScoring& scoring,
                              const int* table, cudaStream_t stream) {
  dispatch_length_class(length_class, scores,
                        PackedLaunch<true>{pairs, scoring, table, stream, rows});
}

}  // namespace wg::kernels::align::cuda
