// Instantiations of the packed 16-bit score kernel, one per length class and scoring
// form, and their launcher.
#include "cuda_packed.cuh"
#include "length_class_dispatch.cuh"

namespace wg::align::cuda {
namespace {

struct PackedScoreLaunch {
  const DevicePairs& pairs;
  const DeviceScoring& scoring;
  const int* table;
  cudaStream_t stream;

  template <int G, bool kUniform>
  void run() const {
    const std::uint64_t groups = (std::uint64_t{pairs.count} + 1) / 2;
    const std::uint64_t threads = groups * G;
    const auto blocks = static_cast<unsigned>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
    packed_wavefront_kernel<G, kUniform><<<blocks, kThreadsPerBlock, 0, stream>>>(pairs, scoring, table);
  }
};

}  // namespace

void launch_packed_score(int length_class, bool uniform, const DevicePairs& pairs,
                         const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  dispatch_length_class(length_class, uniform, PackedScoreLaunch{pairs, scoring, table, stream});
}

}  // namespace wg::align::cuda
