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

  template <int G, int R, bool kUniform>
  void launch() const {
    const std::uint64_t groups = (std::uint64_t{pairs.count} + 1) / 2;
    const std::uint64_t threads = groups * G;
    const auto blocks = static_cast<unsigned>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
    packed_wavefront_kernel<G, R, kUniform><<<blocks, kThreadsPerBlock, 0, stream>>>(pairs, scoring, table);
  }
  template <int G, bool kUniform>
  void run() const {
    // The warp class takes 17 rows per thread: a pass covers 544 rows, so queries of
    // about 1 kb (up to 1,088 residues) need two passes, not three, and the per-column
    // shuffles are shared by one more row. (Carried rows are sized for 512-row passes,
    // which covers every pair that needs them at 544.)
    constexpr int kRows = G == 32 ? kRowsPerThread + 1 : kRowsPerThread;
    launch<G, kRows, kUniform>();
  }
};

}  // namespace

void launch_packed_score(int length_class, bool uniform, const DevicePairs& pairs,
                         const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  dispatch_length_class(length_class, uniform, PackedScoreLaunch{pairs, scoring, table, stream});
}

}  // namespace wg::align::cuda
