// Instantiations of the packed 16-bit score kernel, one per length class and scoring
// form, and their launcher.
#include "kernels/align/cuda_packed.cuh"
#include "kernels/align/length_class_dispatch.cuh"

namespace wg::kernels::align::cuda {
namespace {

struct PackedScoreLaunch {
  const DevicePairs& pairs;
  const DeviceScoring& scoring;
  const int* table;
  cudaStream_t stream;
  int rows;

  template <int G, int R, Substitution kScores>
  void launch() const {
    const std::uint64_t groups = (std::uint64_t{pairs.count} + 1) / 2;
    launch_wavefront<kScores>(packed_wavefront_kernel<G, R, kScores>, groups * G,
                              profile_bytes(scoring.letters, R, 2), stream, pairs, scoring, table);
  }
  template <int G, Substitution kScores>
  void run() const {
    if constexpr (G == 32) {
      static_assert(sizeof kPackedWarpRows / sizeof kPackedWarpRows[0] == 3,
                    "update the cases below with kPackedWarpRows");
      if (rows == kPackedWarpRows[0]) return launch<G, kPackedWarpRows[0], kScores>();
      if (rows == kPackedWarpRows[1]) return launch<G, kPackedWarpRows[1], kScores>();
      return launch<G, kPackedWarpRows[2], kScores>();
    } else {
      launch<G, kRowsPerThread, kScores>();
    }
  }
};

}  // namespace

int packed_rows_per_thread(int length_class, std::uint32_t longest_query) {
  const int group = kLengthClasses[length_class].group;
  if (group != 32) return kRowsPerThread;
  int best_rows = 0;
  std::uint64_t best_cost = ~std::uint64_t{0};
  for (const int rows : kPackedWarpRows) {
    const std::uint64_t per_pass = std::uint64_t{32} * static_cast<std::uint64_t>(rows);
    const std::uint64_t passes = (longest_query + per_pass - 1) / per_pass;
    const std::uint64_t cost = passes * static_cast<std::uint64_t>(rows + 4);
    if (cost <= best_cost) {  // ties go to the taller band: fewer passes
      best_cost = cost;
      best_rows = rows;
    }
  }
  return best_rows;
}

void launch_packed_score(int length_class, Substitution scores, int rows, const DevicePairs& pairs,
                         const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  dispatch_length_class(length_class, scores,
                        PackedScoreLaunch{pairs, scoring, table, stream, rows});
}

}  // namespace wg::kernels::align::cuda
