#include "comm/local_rank.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <vector>

#include "src/common/mpi_check.hpp"

namespace wg::comm {

namespace {

// The value of a local-rank variable, or -1 when it is unset or not a non-negative integer.
int local_rank_from_env(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return -1;
  char* end = nullptr;
  errno = 0;
  const long value = std::strtol(text, &end, 10);
  if (errno != 0 || *end != '\0' || value < 0 || value > 1 << 20) return -1;
  return static_cast<int>(value);
}

// True when the ranks of the host carry the distinct values 0..n-1 (collective over host).
bool is_local_numbering(int value, MPI_Comm host) {
  int size = 1;
  MPI_CHECK(MPI_Comm_size(host, &size));
  std::vector<int> values(static_cast<size_t>(size));
  MPI_CHECK(MPI_Allgather(&value, 1, MPI_INT, values.data(), 1, MPI_INT, host));
  std::sort(values.begin(), values.end());
  for (int i = 0; i < size; ++i) {
    if (values[static_cast<size_t>(i)] != i) return false;
  }
  return true;
}

}  // namespace

const char* to_string(LocalRankSource source) {
  switch (source) {
    case LocalRankSource::kSlurm:
      return "SLURM_LOCALID";
    case LocalRankSource::kOpenMpi:
      return "OMPI_COMM_WORLD_LOCAL_RANK";
    case LocalRankSource::kSharedMemory:
      return "MPI shared memory";
  }
  return "unknown";
}

LocalRank find_local_rank(const HostComm& host) {
  LocalRank local;
  local.rank = host.rank();
  local.ranks = host.size();
  // Every rank of the host evaluates every source, so the collectives match.
  const int slurm = local_rank_from_env("SLURM_LOCALID");
  const int open_mpi = local_rank_from_env("OMPI_COMM_WORLD_LOCAL_RANK");
  if (is_local_numbering(slurm, host.get())) {
    local.rank = slurm;
    local.source = LocalRankSource::kSlurm;
  } else if (is_local_numbering(open_mpi, host.get())) {
    local.rank = open_mpi;
    local.source = LocalRankSource::kOpenMpi;
  }
  return local;
}

}  // namespace wg::comm
