// Instantiations of the packed 16-bit score kernel, one per length class, scoring form and
// band height, and their launcher.
#include "kernels/align/cuda_packed.cuh"
#include "kernels/align/length_class_dispatch.cuh"

namespace wg::kernels::align::cuda {

namespace {

template <std::size_t N>
int least_work_height(const int (&heights)[N], std::uint32_t longest_query) {
  int best_rows = 0;
  std::uint64_t best_cost = ~std::uint64_t{0};
  for (const int rows : heights) {
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

}  // namespace

int packed_rows_per_thread(int length_class, std::uint32_t longest_query, bool traceback,
                           Substitution scores) {
  if (kLengthClasses[length_class].group != 32) return kRowsPerThread;
  if (traceback) return least_work_height(kPackedTraceRows, longest_query);
  return scores == Substitution::profile ? least_work_height(kPackedProfileRows, longest_query)
                                         : least_work_height(kPackedWarpRows, longest_query);
}

void launch_packed_score(int length_class, Substitution scores, int rows, const DevicePairs& pairs,
                         const DeviceScoring& scoring, const int* table, cudaStream_t stream) {
  if (pairs.count == 0) return;
  dispatch_length_class(length_class, scores,
                        PackedLaunch<false>{pairs, scoring, table, stream, rows});
}

}  // namespace wg::kernels::align::cuda
