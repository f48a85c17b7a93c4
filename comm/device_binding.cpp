#include "comm/device_binding.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <numeric>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

#ifdef WARPGRAPH_WITH_CUDA
#include "src/common/cuda_check.hpp"
#endif

namespace wg::comm {

namespace {

// Every rank's string, in rank order: on every rank (all_ranks) or on rank 0 only.
std::vector<std::string> gather_strings(const std::string& mine, MPI_Comm comm, bool all_ranks) {
  int rank = 0;
  int size = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &size));
  const int length = static_cast<int>(mine.size());
  std::vector<int> lengths(static_cast<size_t>(size));
  if (all_ranks) {
    MPI_CHECK(MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, comm));
  } else {
    MPI_CHECK(MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, comm));
  }
  std::vector<int> offsets(static_cast<size_t>(size), 0);
  std::exclusive_scan(lengths.begin(), lengths.end(), offsets.begin(), 0);
  std::string joined(static_cast<size_t>(offsets.back() + lengths.back()), '\0');
  if (all_ranks) {
    MPI_CHECK(MPI_Allgatherv(mine.data(), length, MPI_CHAR, joined.data(), lengths.data(),
                             offsets.data(), MPI_CHAR, comm));
  } else {
    MPI_CHECK(MPI_Gatherv(mine.data(), length, MPI_CHAR, joined.data(), lengths.data(),
                          offsets.data(), MPI_CHAR, 0, comm));
    if (rank != 0) return {};
  }
  std::vector<std::string> strings;
  for (size_t i = 0; i < lengths.size(); ++i) {
    strings.push_back(
        joined.substr(static_cast<size_t>(offsets[i]), static_cast<size_t>(lengths[i])));
  }
  return strings;
}

struct VisibleGpus {
  std::vector<std::string> names;  // "NAME (UUID GPU-...)", by CUDA ordinal
  std::string uuids;               // identifies the set, to find ranks that share it
  std::string none_reason;         // why there is none, when names is empty
};

#ifdef WARPGRAPH_WITH_CUDA
std::string format_uuid(const cudaUUID_t& uuid) {
  std::string text = "GPU-";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
    text += fmt::format("{:02x}", static_cast<unsigned char>(uuid.bytes[i]));
  }
  return text;
}

VisibleGpus find_visible_gpus() {
  VisibleGpus gpus;
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    // No driver, no device, or CUDA_VISIBLE_DEVICES naming nothing: run on the host.
    gpus.none_reason = fmt::format("no usable GPU: {}", cudaGetErrorString(status));
    cudaGetLastError();
    return gpus;
  }
  if (count == 0) gpus.none_reason = "no GPU visible";
  for (int device = 0; device < count; ++device) {
    cudaDeviceProp properties{};
    CUDA_CHECK(cudaGetDeviceProperties(&properties, device));
    const std::string uuid = format_uuid(properties.uuid);
    gpus.names.push_back(fmt::format("{} (UUID {})", properties.name, uuid));
    gpus.uuids += uuid + ";";
  }
  return gpus;
}
#else
VisibleGpus find_visible_gpus() {
  VisibleGpus gpus;
  gpus.none_reason = "built without CUDA";
  return gpus;
}
#endif

}  // namespace

std::string DeviceBinding::describe() const {
  std::string what;
  if (host_backend()) {
    what = fmt::format("host backend ({})", host_reason);
  } else {
    for (size_t i = 0; i < devices.size(); ++i) {
      if (i > 0) what += ", ";
      what += fmt::format("GPU {} {}", devices[i], device_names[i]);
    }
    if (gpu_shared) what += " (shared with another rank)";
  }
  return fmt::format("rank {} on {}: {} [local rank {} of {}, {}]", rank, host, what, local_rank,
                     local_ranks, to_string(local_rank_source));
}

std::vector<int> choose_devices(int sharer_index, int sharers, int visible, int gpus_per_rank) {
  WG_REQUIRE(gpus_per_rank >= 0, "--gpus-per-rank must not be negative, got {}", gpus_per_rank);
  WG_REQUIRE(sharers >= 1 && sharer_index >= 0 && sharer_index < sharers,
             "rank {} of {} sharing GPUs is out of range", sharer_index, sharers);
  std::vector<int> devices;
  if (visible == 0 || gpus_per_rank == 0) return devices;
  WG_REQUIRE(visible >= gpus_per_rank,
             "--gpus-per-rank {} but this rank sees only {} GPU(s); ask Slurm for more "
             "(--gpus-per-task) or lower --gpus-per-rank",
             gpus_per_rank, visible);
  for (int k = 0; k < gpus_per_rank; ++k) {
    devices.push_back((sharer_index * gpus_per_rank + k) % visible);
  }
  return devices;
}

DeviceBinding bind_devices(MPI_Comm comm, int gpus_per_rank) {
  DeviceBinding binding;
  MPI_CHECK(MPI_Comm_rank(comm, &binding.rank));
  char name[MPI_MAX_PROCESSOR_NAME];
  int name_length = 0;
  MPI_CHECK(MPI_Get_processor_name(name, &name_length));
  binding.host.assign(name, static_cast<size_t>(name_length));

  const HostComm node(comm);
  const LocalRank local = find_local_rank(node);
  binding.local_rank = local.rank;
  binding.local_ranks = local.ranks;
  binding.local_rank_source = local.source;

  // Ranks of this node that see the same GPUs split them in local-rank order.
  const VisibleGpus gpus = find_visible_gpus();
  const std::vector<std::string> node_sets = gather_strings(gpus.uuids, node.get(), true);
  std::vector<int> node_local_ranks(static_cast<size_t>(binding.local_ranks));
  MPI_CHECK(MPI_Allgather(&binding.local_rank, 1, MPI_INT, node_local_ranks.data(), 1, MPI_INT,
                          node.get()));
  int sharers = 0;
  int sharer_index = 0;
  for (size_t i = 0; i < node_sets.size(); ++i) {
    if (node_sets[i] != gpus.uuids) continue;
    ++sharers;
    if (node_local_ranks[i] < binding.local_rank) ++sharer_index;
  }

  const int visible = static_cast<int>(gpus.names.size());
  binding.devices = choose_devices(sharer_index, sharers, visible, gpus_per_rank);
  binding.gpu_shared = !binding.devices.empty() && sharers * gpus_per_rank > visible;
  for (const int device : binding.devices) {
    binding.device_names.push_back(gpus.names[static_cast<size_t>(device)]);
  }
  if (binding.host_backend()) {
    binding.host_reason = gpus_per_rank == 0 ? "selected" : gpus.none_reason;
  }
#ifdef WARPGRAPH_WITH_CUDA
  if (!binding.host_backend()) CUDA_CHECK(cudaSetDevice(binding.devices.front()));
#endif
  return binding;
}

std::vector<std::string> gather_binding_lines(const DeviceBinding& binding, MPI_Comm comm) {
  return gather_strings(binding.describe(), comm, false);
}

void log_device_bindings(const DeviceBinding& binding, MPI_Comm comm) {
  const std::vector<std::string> lines = gather_binding_lines(binding, comm);
  int shared = binding.gpu_shared ? 1 : 0;
  int any_shared = 0;
  MPI_CHECK(MPI_Reduce(&shared, &any_shared, 1, MPI_INT, MPI_MAX, 0, comm));
  for (const std::string& line : lines) spdlog::info("{}", line);
  if (any_shared) {
    spdlog::warn(
        "several ranks drive the same GPU; start one rank per GPU "
        "(srun --gpus-per-task=1) for full speed");
  }
}

DeviceBinding bind_and_report_devices(MPI_Comm comm, int gpus_per_rank) {
  DeviceBinding binding = bind_devices(comm, gpus_per_rank);
  log_device_bindings(binding, comm);
  return binding;
}

}  // namespace wg::comm
