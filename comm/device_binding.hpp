// Which GPU(s) each MPI rank drives, decided from the environment the launcher gives it.
//
// Start-up of a command that computes on GPUs (one call, collective over `comm`):
//
//     const wg::DeviceBinding binding = wg::bind_and_report_devices(MPI_COMM_WORLD, gpus_per_rank);
//     // gpus_per_rank: GPUs one rank drives (1 usually; 0 when the host backend is chosen);
//     // binding.devices: CUDA ordinals this rank drives (the first is made current);
//     // binding.host_backend(): true when there is none (0 asked, host-only build, no GPU).
//
// Rank 0 then logs one line per rank, e.g.
//     rank 1 on node07: GPU 1 NVIDIA H200 (UUID GPU-5f1c...) [local rank 1 of 4, SLURM_LOCALID]
//     rank 0 on laptop: host backend (built without CUDA) [local rank 0 of 1, MPI shared memory]
//
// How the choice is made:
// - Local rank (position among the ranks of this node): comm/local_rank.hpp.
// - Visible GPUs: cudaGetDeviceCount, which already honours CUDA_VISIBLE_DEVICES as Slurm
//   sets it with --gpus-per-task or --gpu-bind.
// - Ranks of a node that see the very same GPUs (same UUIDs) share them: the i-th of them
//   takes GPUs i*N .. i*N+N-1 (mod the count), N = gpus_per_rank. A rank that sees its own
//   GPUs takes the first N of them.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "comm/local_rank.hpp"

namespace wg::comm {

struct DeviceBinding {
  int rank = 0;         // in the communicator given to bind_devices
  std::string host;     // MPI processor name
  int local_rank = 0;   // position among the ranks of this node
  int local_ranks = 1;  // ranks on this node
  LocalRankSource local_rank_source = LocalRankSource::kSharedMemory;
  std::vector<int> devices;  // CUDA ordinals (within the visible set); empty: host backend
  std::vector<std::string> device_names;  // "NVIDIA H200 (UUID GPU-...)", one per device
  std::string host_reason;                // why there is no GPU, when devices is empty
  bool gpu_shared = false;                // another rank of this node drives one of these GPUs too

  bool host_backend() const { return devices.empty(); }
  // "rank R on HOST: GPU i NAME (UUID ...)[, GPU j ...] [local rank L of N, SOURCE]"
  // or "rank R on HOST: host backend (REASON) [local rank L of N, SOURCE]".
  std::string describe() const;
};

// Collective over comm. Finds the local rank and the visible GPUs, chooses this rank's
// devices and makes the first of them current; gpus_per_rank 0 binds none (host backend
// selected). Throws wg::Error when gpus_per_rank < 0 or a rank that sees GPUs sees fewer
// than gpus_per_rank of them.
DeviceBinding bind_devices(MPI_Comm comm, int gpus_per_rank = 1);

// Collective over comm: every rank's describe() line, in rank order, on rank 0; empty on
// the other ranks.
std::vector<std::string> gather_binding_lines(const DeviceBinding& binding, MPI_Comm comm);

// Collective over comm: gathers the lines and rank 0 logs them at info level (with a
// warning when ranks share a GPU).
void log_device_bindings(const DeviceBinding& binding, MPI_Comm comm);

// bind_devices followed by log_device_bindings: the one call a command makes at start.
DeviceBinding bind_and_report_devices(MPI_Comm comm, int gpus_per_rank = 1);

// The pure rule behind bind_devices, exposed for tests: the devices taken by the
// sharer_index-th of `sharers` ranks that all see the same `visible` GPUs.
std::vector<int> choose_devices(int sharer_index, int sharers, int visible, int gpus_per_rank);

}  // namespace wg::comm
