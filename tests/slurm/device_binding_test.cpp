// Rank -> GPU binding: the pure device choice, and the local rank taken from the
// launcher's environment (srun's SLURM_LOCALID, mpirun's OMPI_COMM_WORLD_LOCAL_RANK, or
// the shared-memory communicator), run under mpirun with 1, 2 and 3 ranks on one host.
#include "comm/device_binding.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "src/common/error.hpp"

namespace {

// Sets (or unsets, with nullopt) an environment variable and restores it at scope exit.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

std::string processor_name() {
  char name[MPI_MAX_PROCESSOR_NAME];
  int length = 0;
  MPI_Get_processor_name(name, &length);
  return std::string(name, static_cast<size_t>(length));
}

TEST(ChooseDevices, NoVisibleOrRequestedGpuMeansHostBackend) {
  EXPECT_TRUE(wg::comm::choose_devices(0, 1, 0, 1).empty());
  EXPECT_TRUE(wg::comm::choose_devices(2, 3, 0, 2).empty());
  EXPECT_TRUE(wg::comm::choose_devices(0, 1, 4, 0).empty());
}

TEST(ChooseDevices, OwnGpusTakeTheFirst) {
  // srun --gpus-per-task=1: every rank sees exactly its own GPU as device 0.
  EXPECT_EQ(wg::comm::choose_devices(0, 1, 1, 1), std::vector<int>({0}));
  EXPECT_EQ(wg::comm::choose_devices(0, 1, 4, 1), std::vector<int>({0}));
  EXPECT_EQ(wg::comm::choose_devices(0, 1, 4, 2), std::vector<int>({0, 1}));
}

TEST(ChooseDevices, SharedGpusAreSplitByLocalRank) {
  // 4 ranks on a node that all see its 4 GPUs: local rank i takes GPU i.
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(wg::comm::choose_devices(i, 4, 4, 1), std::vector<int>({i}));
  // 2 ranks, 4 GPUs, 2 GPUs per rank.
  EXPECT_EQ(wg::comm::choose_devices(0, 2, 4, 2), std::vector<int>({0, 1}));
  EXPECT_EQ(wg::comm::choose_devices(1, 2, 4, 2), std::vector<int>({2, 3}));
  // More ranks than GPUs: local rank modulo the GPU count.
  EXPECT_EQ(wg::comm::choose_devices(3, 4, 2, 1), std::vector<int>({1}));
  EXPECT_EQ(wg::comm::choose_devices(2, 3, 2, 1), std::vector<int>({0}));
}

TEST(ChooseDevices, RejectsImpossibleRequests) {
  EXPECT_THROW(wg::comm::choose_devices(0, 1, 1, 2), wg::Error);
  EXPECT_THROW(wg::comm::choose_devices(0, 1, 4, -1), wg::Error);
  try {
    wg::comm::choose_devices(0, 1, 1, 2);
  } catch (const wg::Error& e) {
    EXPECT_NE(std::string(e.what()).find("--gpus-per-rank 2"), std::string::npos) << e.what();
  }
}

TEST(LocalRank, SharedMemoryWhenNoLauncherVariable) {
  ScopedEnv slurm("SLURM_LOCALID", std::nullopt);
  ScopedEnv open_mpi("OMPI_COMM_WORLD_LOCAL_RANK", std::nullopt);
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  EXPECT_EQ(binding.local_rank_source, wg::comm::LocalRankSource::kSharedMemory);
  // All ranks of this test run on one host.
  EXPECT_EQ(binding.local_rank, world_rank());
  EXPECT_EQ(binding.local_ranks, world_size());
  EXPECT_EQ(binding.rank, world_rank());
  EXPECT_EQ(binding.host, processor_name());
}

TEST(LocalRank, OpenMpiVariableUnderMpirun) {
  const int reversed = world_size() - 1 - world_rank();
  ScopedEnv slurm("SLURM_LOCALID", std::nullopt);
  ScopedEnv open_mpi("OMPI_COMM_WORLD_LOCAL_RANK", std::to_string(reversed));
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  EXPECT_EQ(binding.local_rank_source, wg::comm::LocalRankSource::kOpenMpi);
  EXPECT_EQ(binding.local_rank, reversed);
}

TEST(LocalRank, SlurmVariableWinsUnderSrun) {
  const int rotated = (world_rank() + 1) % world_size();
  ScopedEnv slurm("SLURM_LOCALID", std::to_string(rotated));
  ScopedEnv open_mpi("OMPI_COMM_WORLD_LOCAL_RANK", std::to_string(world_rank()));
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  EXPECT_EQ(binding.local_rank_source, wg::comm::LocalRankSource::kSlurm);
  EXPECT_EQ(binding.local_rank, rotated);
  EXPECT_NE(binding.describe().find("SLURM_LOCALID"), std::string::npos) << binding.describe();
}

TEST(LocalRank, BatchShellSlurmVariableIsIgnoredUnderMpirun) {
  // mpirun inside an sbatch script: every rank inherits the batch shell's SLURM_LOCALID=0.
  ScopedEnv slurm("SLURM_LOCALID", "0");
  ScopedEnv open_mpi("OMPI_COMM_WORLD_LOCAL_RANK", std::to_string(world_rank()));
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  if (world_size() == 1) {
    EXPECT_EQ(binding.local_rank_source, wg::comm::LocalRankSource::kSlurm);
  } else {
    EXPECT_EQ(binding.local_rank_source, wg::comm::LocalRankSource::kOpenMpi);
  }
  EXPECT_EQ(binding.local_rank, world_rank());
}

TEST(LocalRank, MalformedValuesAreIgnored) {
  ScopedEnv slurm("SLURM_LOCALID", "1x");
  ScopedEnv open_mpi("OMPI_COMM_WORLD_LOCAL_RANK", "-1");
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  EXPECT_EQ(binding.local_rank_source, wg::comm::LocalRankSource::kSharedMemory);
  EXPECT_EQ(binding.local_rank, world_rank());
}

// Run by tests/slurm/slurm_cluster.sh under `srun --mpi=pmix -n 3` with WG_EXPECT_SRUN=1:
// the ranks form one MPI world (PMIx wired them up) and take their local rank from Slurm.
TEST(UnderSrun, RanksFormOneWorldWithSlurmLocalIds) {
  if (std::getenv("WG_EXPECT_SRUN") == nullptr) GTEST_SKIP() << "not started by srun";
  const char* tasks = std::getenv("SLURM_NTASKS");
  const char* local_id = std::getenv("SLURM_LOCALID");
  ASSERT_NE(tasks, nullptr);
  ASSERT_NE(local_id, nullptr);
  EXPECT_EQ(world_size(), std::atoi(tasks));
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  EXPECT_EQ(binding.local_rank_source, wg::comm::LocalRankSource::kSlurm);
  EXPECT_EQ(binding.local_rank, std::atoi(local_id));
  EXPECT_EQ(binding.local_ranks, world_size());  // one node
}

TEST(Binding, HostBackendOrGpuLine) {
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  const std::string line = binding.describe();
  const std::string prefix =
      "rank " + std::to_string(world_rank()) + " on " + processor_name() + ": ";
  EXPECT_EQ(line.rfind(prefix, 0), 0u) << line;
#ifdef WARPGRAPH_WITH_CUDA
  if (binding.host_backend()) {
    EXPECT_NE(line.find("host backend (no"), std::string::npos) << line;
  } else {
    EXPECT_NE(line.find(": GPU "), std::string::npos) << line;
    EXPECT_NE(line.find("(UUID GPU-"), std::string::npos) << line;
  }
#else
  EXPECT_TRUE(binding.host_backend());
  EXPECT_NE(line.find("host backend (built without CUDA)"), std::string::npos) << line;
#endif
}

TEST(Binding, ZeroGpusPerRankSelectsTheHostBackend) {
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD, 0);
  EXPECT_TRUE(binding.host_backend());
  EXPECT_NE(binding.describe().find(": host backend (selected) [local rank"), std::string::npos)
      << binding.describe();
}

TEST(Binding, NegativeGpusPerRankIsAnErrorOnEveryRank) {
  EXPECT_THROW(wg::comm::bind_devices(MPI_COMM_WORLD, -1), wg::Error);
}

TEST(Binding, LinesAreGatheredOnRankZeroInRankOrder) {
  const wg::comm::DeviceBinding binding = wg::comm::bind_devices(MPI_COMM_WORLD);
  const std::vector<std::string> lines = wg::comm::gather_binding_lines(binding, MPI_COMM_WORLD);
  if (world_rank() != 0) {
    EXPECT_TRUE(lines.empty());
    return;
  }
  ASSERT_EQ(lines.size(), static_cast<size_t>(world_size()));
  for (int r = 0; r < world_size(); ++r) {
    const std::string prefix = "rank " + std::to_string(r) + " on " + processor_name() + ": ";
    EXPECT_EQ(lines[static_cast<size_t>(r)].rfind(prefix, 0), 0u) << lines[static_cast<size_t>(r)];
  }
}

}  // namespace
