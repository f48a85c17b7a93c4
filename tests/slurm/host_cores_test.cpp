// The default OpenMP thread count of a rank: its share of the cores it may run on
// (comm/host_cores.hpp), by hand on small hosts, and under mpirun with 1-3 ranks against
// the CPUs each rank was given.
#include "comm/host_cores.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <bitset>
#include <initializer_list>
#include <vector>

#include "src/common/host_comm.hpp"

namespace wg::comm {
namespace {

void add_cpu(CpuMask& mask, int cpu) {
  mask[static_cast<std::size_t>(cpu) / 64] |= std::uint64_t{1} << (cpu % 64);
}

CpuMask cpus(std::initializer_list<int> list) {
  CpuMask mask{};
  for (const int cpu : list) add_cpu(mask, cpu);
  return mask;
}

CpuMask first_cpus(int count) {
  CpuMask mask{};
  for (int cpu = 0; cpu < count; ++cpu) add_cpu(mask, cpu);
  return mask;
}

int popcount(const CpuMask& mask) {
  int count = 0;
  for (const std::uint64_t word : mask) count += static_cast<int>(std::bitset<64>(word).count());
  return count;
}

TEST(CoreShare, ARankAloneKeepsEveryCpu) {
  EXPECT_EQ(core_share({first_cpus(32)}, 0), 32);
  EXPECT_EQ(core_share({cpus({3, 70, 1000})}, 0), 3);  // CPUs past the first word count too
}

TEST(CoreShare, RanksBoundToTheirOwnCpusKeepThem) {
  const std::vector<CpuMask> host{cpus({0, 1, 2, 3}), cpus({4, 5}), cpus({6})};
  EXPECT_EQ(core_share(host, 0), 4);
  EXPECT_EQ(core_share(host, 1), 2);
  EXPECT_EQ(core_share(host, 2), 1);
}

TEST(CoreShare, UnboundRanksSplitTheHost) {
  const std::vector<CpuMask> two(2, first_cpus(32));
  EXPECT_EQ(core_share(two, 0), 16);
  EXPECT_EQ(core_share(two, 1), 16);
  const std::vector<CpuMask> three(3, first_cpus(3));
  for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(core_share(three, r), 1);  // 1/3 x 3
  const std::vector<CpuMask> three_on_32(3, first_cpus(32));
  EXPECT_EQ(core_share(three_on_32, 0), 10);  // rounded down: no more threads than CPUs
  const std::vector<CpuMask> four_on_two(4, first_cpus(2));
  EXPECT_EQ(core_share(four_on_two, 3), 1);  // at least one
}

TEST(CoreShare, OverlappingMasksShareOnlyWhatTheyShare) {
  // CPUs 0-7 for rank 0, 4-11 for rank 1: 4 alone + 4 halves each.
  const std::vector<CpuMask> host{cpus({0, 1, 2, 3, 4, 5, 6, 7}), cpus({4, 5, 6, 7, 8, 9, 10, 11})};
  EXPECT_EQ(core_share(host, 0), 6);
  EXPECT_EQ(core_share(host, 1), 6);
  // An unbound rank beside two bound ones: it shares each of their CPUs with one of them.
  const std::vector<CpuMask> mixed{first_cpus(8), cpus({0, 1, 2, 3}), cpus({4, 5, 6, 7})};
  EXPECT_EQ(core_share(mixed, 0), 4);
  EXPECT_EQ(core_share(mixed, 1), 2);
  EXPECT_EQ(core_share(mixed, 2), 2);
}

TEST(CoresShared, AnyCpuOfAnotherRank) {
  EXPECT_FALSE(cores_shared({first_cpus(32)}, 0));
  const std::vector<CpuMask> bound{cpus({0, 1}), cpus({2, 3}), cpus({64, 65})};
  for (std::size_t r = 0; r < 3; ++r) EXPECT_FALSE(cores_shared(bound, r));
  const std::vector<CpuMask> one_in_common{cpus({0, 1, 2}), cpus({2, 3}), cpus({64})};
  EXPECT_TRUE(cores_shared(one_in_common, 0));
  EXPECT_TRUE(cores_shared(one_in_common, 1));
  EXPECT_FALSE(cores_shared(one_in_common, 2));
  const std::vector<CpuMask> unbound(2, first_cpus(100));  // a CPU past the first word
  EXPECT_TRUE(cores_shared(unbound, 1));
}

// Under mpirun: every rank of the host gathers the masks itself and checks its share
// against them, and the shares never add up to more CPUs than the host's ranks may use.
TEST(HostCoreShare, SharesOfTheRanksOnThisHost) {
  const HostComm host(MPI_COMM_WORLD);
  const int ranks = host.size();
  const HostCores cores = host_cores(MPI_COMM_WORLD);
  const int share = cores.share;
  const CpuMask mine = this_process_cpus();
  std::vector<CpuMask> masks(static_cast<std::size_t>(ranks));
  MPI_Allgather(mine.data(), static_cast<int>(kCpuMaskWords), MPI_UINT64_T, masks.data(),
                static_cast<int>(kCpuMaskWords), MPI_UINT64_T, host.get());
  std::vector<int> shares(static_cast<std::size_t>(ranks));
  MPI_Allgather(&share, 1, MPI_INT, shares.data(), 1, MPI_INT, host.get());

  CpuMask all{};
  for (const CpuMask& mask : masks)
    for (std::size_t w = 0; w < kCpuMaskWords; ++w) all[w] |= mask[w];
  int total = 0;
  for (const int s : shares) total += s;
  EXPECT_GE(share, 1);
  EXPECT_LE(share, popcount(mine));
  EXPECT_LE(total, std::max(popcount(all), ranks));
  if (std::all_of(masks.begin(), masks.end(), [&](const CpuMask& m) { return m == mine; })) {
    EXPECT_EQ(share, std::max(1, popcount(mine) / ranks));
    EXPECT_EQ(cores.shared, ranks > 1);
  }
  if (!cores.shared) {
    EXPECT_EQ(share, popcount(mine));  // its CPUs are its own
  }
}

}  // namespace
}  // namespace wg::comm
