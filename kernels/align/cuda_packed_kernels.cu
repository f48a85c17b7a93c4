// Instantiations of the packed 16-bit score kernel, one per length class and scoring
// form, and their launcher.
#include "cuda_packed.cuh"

namespace wg::align::cuda {
namespace {

template <int G, bool kUniform>
void launch_class(const DevicePairs& pairs, const DeviceScoring& scoring, const int* table,
                  cudaStream_t stream) {
  const std::uint64_t groups = (std::uint64_t{pairs.count} + 1) / 2;
  const std::uint64_t threads = groups * G;
  const auto blocks = static_cast<unsigned>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
  packed_wavefront_kernel<G, kUniform><<<blocks, kThreadsPerBlock, 0, stream>>>(pairs, scoring, table);
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

void launch_packed_score(int length_class, bool uniform, const DevicePairs& pairs,
                         const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  if (uniform)
    launch_form<true>(length_class, pairs, scoring, table, stream);
  else
    launch_form<false>(length_class, pairs, scoring, table, stream);
}

}  // namespace wg::align::cuda
