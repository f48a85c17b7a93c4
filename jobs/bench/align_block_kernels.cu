// Kernel-only timing of the two shapes for long pairs: the warp-class kernel (one warp per
// pair, row bands one after another) against the block-class kernel (one block of
// kBlockWarps warps per pair, row bands pipelined across the warps), on the same batches of
// random DNA pairs (match 2, mismatch -3, gap open 5, extend 2, end gaps penalised,
// 32-bit scores); and the block-class kernel with each pair spread over K blocks, K chosen
// as the aligner's launcher does (cuda_block_kernels.cu), launched cooperatively. Each time is the
// median of 3 launches (CUDA events) after one warm-up launch; the block kernels' scores must equal
// the warp kernel's. Built by CMake with -DWARPGRAPH_BENCHMARKS=ON (jobs/bench/CMakeLists.txt), run
// by jobs/bench/align_long.sh.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "jobs/bench/random_pairs.cuh"
#include "kernels/align/cuda_block_wavefront.cuh"

namespace {

using wg::kernels::align::kBlockProgressPerPair;
using wg::kernels::align::kBlockWarps;
using wg::kernels::align::kMaxBlockSlots;
using namespace wg::kernels::align::cuda;
using wg::bench::median_ms;

struct Shape {
  std::uint32_t pairs;
  int m;
  int n;
};

}  // namespace

int main() {
  const Shape shapes[] = {{64, 2048, 10000},  {64, 2049, 10000},  {64, 4096, 10000},
                          {64, 10000, 10000}, {16, 20000, 20000}, {2048, 2049, 2049}};
  const DeviceScoring scoring{5, 2, 2, -3, 0, false, 4};
  std::mt19937 rng(5);
  int multiprocessors = 0;
  int per_multiprocessor = 0;
  CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_multiprocessor, block_wavefront_kernel<true, false, false>, kBlockThreads, 0));
  const int resident = multiprocessors * per_multiprocessor;
  std::printf("%-18s %10s %10s %10s %10s %8s %3s %10s %10s %8s\n", "pairs x m x n", "warp ms",
              "block ms", "warp GCUPS", "block GCUPS", "speedup", "K", "K-block ms", "K GCUPS",
              "vs block");
  int failures = 0;
  wg::bench::DeviceAllocations device;
  for (const Shape& shape : shapes) {
    const std::uint64_t carry_per_pair = std::uint64_t{kMaxBlockSlots} * kBlockWarps * shape.n;
    DevicePairs pairs =
        wg::bench::random_pairs(device, shape.pairs, shape.m, shape.n, 4, carry_per_pair, rng);
    std::vector<std::int32_t> warp_scores(shape.pairs), block_scores(shape.pairs);

    const float warp_ms = median_ms([&] {
      const unsigned blocks = (shape.pairs * 32 + kThreadsPerBlock - 1) / kThreadsPerBlock;
      wavefront_kernel<32, Substitution::uniform, false, false>
          <<<blocks, kThreadsPerBlock>>>(pairs, scoring, nullptr);
    });
    CHECK(cudaMemcpy(warp_scores.data(), pairs.scores, shape.pairs * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemset(pairs.scores, 0x7f, shape.pairs * 4));
    const float block_ms = median_ms([&] {
      block_wavefront_kernel<true, false, false>
          <<<shape.pairs, kBlockThreads>>>(pairs, scoring, nullptr, 1);
    });
    CHECK(cudaMemcpy(block_scores.data(), pairs.scores, shape.pairs * 4, cudaMemcpyDeviceToHost));
    int slots = std::clamp(resident / static_cast<int>(shape.pairs), 1,
                           std::clamp((shape.m + 511) / 512 / kBlockWarps, 1, kMaxBlockSlots));
    pairs.block_progress =
        device.allocate<unsigned>(std::size_t{shape.pairs} * kBlockProgressPerPair);
    CHECK(cudaMemset(pairs.scores, 0x7f, shape.pairs * 4));
    std::vector<std::int32_t> grid_scores(shape.pairs);
    const float grid_ms = median_ms([&] {
      CHECK(cudaMemsetAsync(pairs.block_progress, 0,
                            std::size_t{shape.pairs} * kBlockProgressPerPair * sizeof(unsigned)));
      const int* table = nullptr;
      if (slots == 1) {
        block_wavefront_kernel<true, false, false>
            <<<shape.pairs, kBlockThreads>>>(pairs, scoring, table, 1);
        return;
      }
      void* args[] = {&pairs, const_cast<DeviceScoring*>(&scoring), &table, &slots};
      CHECK(cudaLaunchCooperativeKernel(
          reinterpret_cast<const void*>(block_wavefront_kernel<true, false, false>),
          dim3(shape.pairs * slots), dim3(kBlockThreads), args));
    });
    CHECK(cudaMemcpy(grid_scores.data(), pairs.scores, shape.pairs * 4, cudaMemcpyDeviceToHost));
    const bool same = warp_scores == block_scores && warp_scores == grid_scores;
    failures += !same;
    const double cells = double(shape.pairs) * shape.m * shape.n;
    std::printf("%5u x %5d x %5d %10.2f %10.2f %10.1f %10.1f %8.2f %3d %10.2f %10.1f %8.2f%s\n",
                shape.pairs, shape.m, shape.n, warp_ms, block_ms, cells / (warp_ms * 1e6),
                cells / (block_ms * 1e6), warp_ms / block_ms, slots, grid_ms,
                cells / (grid_ms * 1e6), block_ms / grid_ms, same ? "" : "  SCORES DIFFER");
    device.release();
  }
  return failures == 0 ? 0 : 1;
}
