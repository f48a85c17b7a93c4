#include "comm/host_cores.hpp"

#include <sched.h>

#include <algorithm>

#include "src/common/host_comm.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::comm {

CpuMask this_process_cpus() {
  CpuMask mask{};
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) {
    mask[0] = 1;  // unknown: count one CPU, as OpenMP would
    return mask;
  }
  for (int cpu = 0; cpu < CPU_SETSIZE && cpu < static_cast<int>(kCpuMaskWords * 64); ++cpu)
    if (CPU_ISSET(cpu, &set)) mask[cpu / 64] |= std::uint64_t{1} << (cpu % 64);
  return mask;
}

int core_share(const std::vector<CpuMask>& host_masks, std::size_t me) {
  double share = 0;
  for (std::size_t word = 0; word < kCpuMaskWords; ++word) {
    for (int bit = 0; bit < 64; ++bit) {
      const std::uint64_t cpu = std::uint64_t{1} << bit;
      if ((host_masks[me][word] & cpu) == 0) continue;
      const auto ranks =
          std::count_if(host_masks.begin(), host_masks.end(),
                        [&](const CpuMask& mask) { return (mask[word] & cpu) != 0; });
      share += 1.0 / static_cast<double>(ranks);
    }
  }
  // Thirds and sevenths do not add up exactly in binary: three ranks on three CPUs sum to
  // 0.999..., which must still count as one.
  return std::max(1, static_cast<int>(share + 1e-6));
}

bool cores_shared(const std::vector<CpuMask>& host_masks, std::size_t me) {
  for (std::size_t other = 0; other < host_masks.size(); ++other) {
    if (other == me) continue;
    for (std::size_t word = 0; word < kCpuMaskWords; ++word)
      if ((host_masks[me][word] & host_masks[other][word]) != 0) return true;
  }
  return false;
}

HostCores host_cores(MPI_Comm comm) {
  const HostComm host(comm);
  const CpuMask mine = this_process_cpus();
  std::vector<CpuMask> masks(static_cast<std::size_t>(host.size()));
  MPI_CHECK(MPI_Allgather(mine.data(), static_cast<int>(kCpuMaskWords), MPI_UINT64_T, masks.data(),
                          static_cast<int>(kCpuMaskWords), MPI_UINT64_T, host.get()));
  const auto me = static_cast<std::size_t>(host.rank());
  return {core_share(masks, me), cores_shared(masks, me)};
}

}  // namespace wg::comm
