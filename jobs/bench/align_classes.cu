// Kernel-only timing of the length classes against each other: for square pairs of each
// length, every class of one warp or less per pair (thread, quarter-warp, half-warp, warp)
// runs the same batch, in 32-bit scores and in packed 16-bit scores, through the aligner's
// launchers (launch_score, launch_packed_score). `align_classes` (DNA): random bases, match
// 2, mismatch -3, gap open 5, extend 2; `align_classes protein`: 20 random amino acids, a
// symmetric random matrix with BLOSUM62's range (-4 .. 11), gap open 11, extend 1, each
// class in the scoring form the aligner gives it (the query profile where the class has
// one, else the shared table). End gaps penalised; each time is the median of 3 launches
// (CUDA events) after one warm-up; every class must give the same scores. The table marks
// the class the aligner picks for the length (length_class_of) and the fastest one, which
// is where the crossovers of docs/PERFORMANCE.md come from. Built by CMake with
// -DWARPGRAPH_BENCHMARKS=ON (jobs/bench/CMakeLists.txt); run it as BUILD/bench/align_classes.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "jobs/bench/random_pairs.cuh"
#include "kernels/align/cuda_packed.cuh"

namespace {

using wg::kernels::align::kLengthClasses;
using wg::kernels::align::kWarpClass;
using wg::kernels::align::length_class_of;
using namespace wg::kernels::align::cuda;
using wg::bench::median_ms;

}  // namespace

int main(int argc, char** argv) {
  const bool protein = argc > 1 && std::string(argv[1]) == "protein";
  const int lengths[] = {16, 24, 32, 48, 64, 96, 128, 160, 192, 256, 320, 512, 1024, 2048};
  const DeviceScoring scoring =
      protein ? DeviceScoring{11, 1, 0, 0, 0, false, 24} : DeviceScoring{5, 2, 2, -3, 0, false, 4};
  constexpr double kCellsPerBatch = 4e9;  // enough to fill the GPU several times over
  std::mt19937 rng(7);
  std::vector<int> table(wg::kernels::align::kAlphabetSlots * wg::kernels::align::kAlphabetSlots);
  std::uniform_int_distribution<int> score(-4, 4);
  for (int a = 0; a < 20; ++a)
    for (int b = 0; b <= a; ++b) {
      const int v = a == b ? 4 + a % 8 : score(rng);
      table[a * wg::kernels::align::kAlphabetSlots + b] = v;
      table[b * wg::kernels::align::kAlphabetSlots + a] = v;
    }
  wg::bench::DeviceAllocations matrix;
  const int* table_d = protein ? matrix.upload(table) : nullptr;
  // The aligner's forms: match/mismatch, or a matrix from the profile where the class has one.
  const auto form = [&](int c) {
    if (!protein) return Substitution::uniform;
    return kLengthClasses[c].profile ? Substitution::profile : Substitution::table;
  };
  std::printf("%6s %8s", "length", "pairs");
  for (int c = 0; c <= kWarpClass; ++c)
    std::printf(" %13s %13s", kLengthClasses[c].name, "(packed)");
  std::printf("  %-13s %s\n", "picked", "fastest");
  int failures = 0;
  wg::bench::DeviceAllocations device;
  for (const int length : lengths) {
    const auto count = static_cast<std::uint32_t>(
        std::clamp(kCellsPerBatch / (double(length) * length), 2048.0, double(1 << 20)));
    // A carried row per pair (or per packed group of two).
    DevicePairs pairs =
        wg::bench::random_pairs(device, count, length, length, protein ? 20 : 4, length, rng);

    const double cells = double(count) * length * length;
    std::vector<std::int32_t> reference, scores(count);
    double best_gcups = 0;
    std::string best;
    std::printf("%6d %8u", length, count);
    for (int c = 0; c <= kWarpClass; ++c) {
      for (const bool packed : {false, true}) {
        CHECK(cudaMemset(pairs.scores, 0x7f, std::uint64_t{count} * 4));
        const int rows =
            packed_rows_per_thread(c, static_cast<std::uint32_t>(length), false, form(c));
        const float ms = median_ms([&] {
          if (packed)
            launch_packed_score(c, form(c), rows, pairs, scoring, table_d, 0);
          else
            launch_score(c, form(c), pairs, scoring, table_d, 0);
        });
        CHECK(cudaMemcpy(scores.data(), pairs.scores, std::uint64_t{count} * 4,
                         cudaMemcpyDeviceToHost));
        if (reference.empty()) reference = scores;
        const bool same = scores == reference;
        failures += !same;
        const double gcups = cells / (double(ms) * 1e6);
        std::printf(" %13.1f", gcups);
        if (!same) std::printf("!");
        if (gcups > best_gcups) {
          best_gcups = gcups;
          best = std::string(kLengthClasses[c].name) + (packed ? " packed" : "");
        }
      }
    }
    std::printf("  %-13s %s\n",
                kLengthClasses[length_class_of(static_cast<std::uint32_t>(length))].name,
                best.c_str());
    device.release();
  }
  if (failures > 0)
    std::printf("%d runs gave other scores than the first class (marked !)\n", failures);
  return failures == 0 ? 0 : 1;
}
