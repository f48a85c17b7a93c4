#include "src/engine/backend_choice.hpp"

#include <fmt/format.h>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#if WARPGRAPH_WITH_CUDA
#include <cuda_runtime.h>
#endif

namespace wg::engine {

BackendChoice choose_backend(const std::string& requested, int fewest_visible_gpus,
                             int gpus_per_rank, bool cuda_built) {
  WG_REQUIRE(requested == "host" || requested == "cuda" || requested == "auto",
             "--backend {} is not known (auto, host, cuda)", requested);
  if (requested == "host") return {Backend::host, "selected"};
  if (requested == "cuda") return {Backend::cuda, "selected"};
  if (!cuda_built) return {Backend::host, "built without CUDA"};
  if (fewest_visible_gpus == 0) return {Backend::host, "a rank sees no GPU"};
  if (fewest_visible_gpus < gpus_per_rank)
    return {Backend::host,
            fmt::format("a rank sees only {} GPU(s), fewer than --devices-per-rank {}",
                        fewest_visible_gpus, gpus_per_rank)};
  return {Backend::cuda, "every rank sees a GPU"};
}

int visible_gpu_count() {
#if WARPGRAPH_WITH_CUDA
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // no driver or no device: clear the error, run on the host
    return 0;
  }
  return count;
#else
  return 0;
#endif
}

BackendChoice agree_on_backend(const std::string& requested, int gpus_per_rank, MPI_Comm comm) {
  int fewest = requested == "auto" ? visible_gpu_count() : 0;
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &fewest, 1, MPI_INT, MPI_MIN, comm));
#if WARPGRAPH_WITH_CUDA
  constexpr bool kCudaBuilt = true;
#else
  constexpr bool kCudaBuilt = false;
#endif
  return choose_backend(requested, fewest, gpus_per_rank, kCudaBuilt);
}

}  // namespace wg::engine
