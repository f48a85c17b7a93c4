// Instantiations of the block-class wavefront kernel (score-only and traceback, uniform
// and matrix scoring, global/semi-global and local) and their launcher. The traceback
// launcher runs the walk-back kernel after it on the same stream.
//
// Blocks per pair (K, "slots"): enough for the chunk's pairs to fill the GPU, at most one
// per kBlockWarps bands of the longest query (every warp of the chain then has a band) and
// at most kMaxBlockSlots: K = clamp(resident / pairs, 1, min(kMaxBlockSlots, bands / 8)),
// resident = blocks per multiprocessor (occupancy) x multiprocessors. So pairs x K never
// exceeds what the GPU holds at once when K > 1, and that launch is cooperative: the
// runtime refuses it instead of hanging if its blocks, which wait on each other, cannot all
// be resident together (cuda_block_wavefront.cuh). K = 1 is one block per pair, as many
// blocks as pairs, launched the ordinary way: its blocks never wait on each other.
#include <algorithm>

#include "kernels/align/cuda_block_wavefront.cuh"
#include "src/common/cuda_check.hpp"

namespace wg::kernels::align::cuda {
namespace {

int resident_blocks(const void* kernel) {
  int device = 0;
  int multiprocessors = 0;
  int per_multiprocessor = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, kBlockThreads, 0));
  return per_multiprocessor * multiprocessors;
}

int slots_per_pair(const DevicePairs& pairs, int resident) {
  constexpr std::uint32_t kBandRows = 32 * kRowsPerThread;
  const auto bands = static_cast<int>((pairs.longest_query + kBandRows - 1) / kBandRows);
  const int most = std::clamp(bands / kBlockWarps, 1, kMaxBlockSlots);
  return std::clamp(resident / static_cast<int>(pairs.count), 1, most);
}

template <bool kUniform, bool kTrace, bool kLocal>
void launch(const DevicePairs& pairs, const DeviceScoring& scoring, const int* table,
            cudaStream_t stream) {
  auto* kernel = block_wavefront_kernel<kUniform, kTrace, kLocal>;
  int slots = slots_per_pair(pairs, resident_blocks(reinterpret_cast<const void*>(kernel)));
  if (slots == 1) {
    kernel<<<pairs.count, kBlockThreads, 0, stream>>>(pairs, scoring, table, slots);
    return;
  }
  CUDA_CHECK(cudaMemsetAsync(pairs.block_progress, 0,
                             std::size_t{pairs.count} * kBlockProgressPerPair * sizeof(unsigned),
                             stream));
  DevicePairs pairs_arg = pairs;
  DeviceScoring scoring_arg = scoring;
  const int* table_arg = table;
  void* args[] = {&pairs_arg, &scoring_arg, &table_arg, &slots};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel),
                                         dim3(pairs.count * static_cast<unsigned>(slots)),
                                         dim3(kBlockThreads), args, 0, stream));
}

template <bool kLocal>
void launch_mode(bool traceback, bool uniform, const DevicePairs& pairs,
                 const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (traceback)
    uniform ? launch<true, true, kLocal>(pairs, scoring, table, stream)
            : launch<false, true, kLocal>(pairs, scoring, table, stream);
  else
    uniform ? launch<true, false, kLocal>(pairs, scoring, table, stream)
            : launch<false, false, kLocal>(pairs, scoring, table, stream);
}

}  // namespace

void launch_block_wavefront(bool traceback, bool uniform, const DevicePairs& pairs,
                            const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  if (scoring.local)
    launch_mode<true>(traceback, uniform, pairs, scoring, table, stream);
  else
    launch_mode<false>(traceback, uniform, pairs, scoring, table, stream);
}

}  // namespace wg::kernels::align::cuda
