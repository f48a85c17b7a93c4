// Which backend `warpgraph run` computes on. `--backend auto` (the default) takes the GPUs
// when every rank sees enough of them, as `align --backend auto` does; a graph run cannot
// mix backends (the exchange inside a node is NCCL between GPUs), so a single rank without
// a GPU puts every rank on the host backend.
#pragma once

#include <mpi.h>

#include <string>

namespace wg::engine {

enum class Backend { host, cuda };

struct BackendChoice {
  Backend backend = Backend::host;
  std::string reason;  // why, for the log: "every rank sees a GPU", "built without CUDA", ...
};

// The rule itself, free of MPI and CUDA so that tests can fake the device count.
// requested: host, cuda or auto. fewest_visible_gpus: the fewest GPUs any rank sees.
// gpus_per_rank: --devices-per-rank. cuda_built: this build has the CUDA backend.
// `cuda` is returned as asked; whether the GPUs are there is checked when binding them.
BackendChoice choose_backend(const std::string& requested, int fewest_visible_gpus,
                             int gpus_per_rank, bool cuda_built);

// GPUs the CUDA runtime shows this process (honouring CUDA_VISIBLE_DEVICES); 0 without a
// driver, without a device, or in a build without CUDA.
int visible_gpu_count();

// Collective over comm: choose_backend with the fewest GPUs any rank sees.
BackendChoice agree_on_backend(const std::string& requested, int gpus_per_rank, MPI_Comm comm);

}  // namespace wg::engine
