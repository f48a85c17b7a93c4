// How many OpenMP threads a rank takes when nobody said (no --threads, no OMP_NUM_THREADS)
// and its command shares the host's cores (run; src/cli/threads_option.hpp): its share of
// the cores it may run on. OpenMP's own default is every CPU of the process's affinity
// mask, which is right for a rank the launcher bound to cores of its own (srun with
// --cpus-per-task, mpirun's default binding) and wrong for ranks left unbound (mpirun
// --bind-to none, srun --cpu-bind=none): each of them sees every core of the host, so two
// ranks on a 2-core machine ran 4 threads, and every barrier of an iteration waited for a
// thread that had no core (PageRank 10 times slower, docs/PERFORMANCE.md, "Threads per
// rank").
//
// A CPU that k ranks of the host may run on counts 1/k for each of them; a rank's share is
// the sum over its CPUs, rounded down, at least 1. Disjoint masks keep every CPU, ranks
// with the same mask split it evenly, and any mix in between gets its fair part.
//
// Whether another rank may run on a rank's CPUs also decides how align sizes its host teams
// (src/align/align_driver.cpp, aligner_team_threads).
#pragma once

#include <mpi.h>

#include <array>
#include <cstdint>
#include <vector>

namespace wg::comm {

// The CPUs a process may run on, one bit each (CPU_SETSIZE of them).
constexpr std::size_t kCpuMaskWords = 1024 / 64;
using CpuMask = std::array<std::uint64_t, kCpuMaskWords>;

// This process's affinity mask (sched_getaffinity).
CpuMask this_process_cpus();

// The share of rank `me` among the ranks of a host with these masks (rule above).
int core_share(const std::vector<CpuMask>& host_masks, std::size_t me);

// True when another rank of the host may run on one of the CPUs of rank `me`.
bool cores_shared(const std::vector<CpuMask>& host_masks, std::size_t me);

struct HostCores {
  int share = 1;        // core_share of this rank
  bool shared = false;  // cores_shared: another rank of the host may run on its CPUs
};

// Collective over comm: this rank's place among the ranks of comm on its host.
HostCores host_cores(MPI_Comm comm);

}  // namespace wg::comm
