// Where a rank sits on its host: the one place that reads the launcher's local-rank
// variables, over the ranks of the host (src/common/host_comm.hpp). The device binding
// (comm/device_binding) starts from it.
//
// The local rank is SLURM_LOCALID when srun started the ranks, else
// OMPI_COMM_WORLD_LOCAL_RANK under mpirun, else the rank in
// MPI_Comm_split_type(MPI_COMM_TYPE_SHARED). An environment value is used only when the
// ranks of a host carry distinct values 0..n-1; mpirun inside an sbatch script, for
// example, hands every rank the batch shell's SLURM_LOCALID=0, so that source is skipped.
#pragma once

#include "src/common/host_comm.hpp"

namespace wg::comm {

// Where a rank's local rank came from.
enum class LocalRankSource { kSlurm, kOpenMpi, kSharedMemory };
const char* to_string(LocalRankSource source);

struct LocalRank {
  int rank = 0;   // position among the ranks of this host
  int ranks = 1;  // ranks on this host
  LocalRankSource source = LocalRankSource::kSharedMemory;
};

// Collective over host: the local rank by the rule above.
LocalRank find_local_rank(const HostComm& host);

}  // namespace wg::comm
