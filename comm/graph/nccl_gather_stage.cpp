#include "comm/graph/nccl_gather_stage.hpp"

#include <cuda_runtime.h>
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "src/common/cuda_buffer.hpp"
#include "src/common/cuda_check.hpp"
#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

#define NCCL_CHECK(call)                                                    \
  do {                                                                      \
    const ncclResult_t wg_status_ = (call);                                 \
    if (wg_status_ != ncclSuccess)                                          \
      ::wg::fail("NCCL error in {} ({}:{}): {}", #call, __FILE__, __LINE__, \
                 ncclGetErrorString(wg_status_));                           \
  } while (0)

namespace wg::comm::graph {

struct NcclGatherStage::State {
  int device = 0;
  double timeout = 300.0;
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
  DeviceBuffer<std::byte> send, receive;
  DeviceBuffer<std::uint64_t> sizes;
  std::vector<std::byte> staging;

  // Waits for the stream like cudaStreamSynchronize, but polls so that an NCCL error
  // (a peer gone) or the timeout aborts the communicator and raises an error.
  void watchdog_sync() {
    const auto started = std::chrono::steady_clock::now();
    while (true) {
      const cudaError_t state = cudaStreamQuery(stream);
      if (state == cudaSuccess) return;
      if (state != cudaErrorNotReady) CUDA_CHECK(state);
      ncclResult_t async = ncclSuccess;
      NCCL_CHECK(ncclCommGetAsyncError(comm, &async));
      if (async != ncclSuccess) {
        ncclCommAbort(comm);
        comm = nullptr;
        fail("NCCL exchange failed inside the node: {}", ncclGetErrorString(async));
      }
      const double waited =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (waited > timeout) {
        ncclCommAbort(comm);
        comm = nullptr;
        fail("NCCL exchange inside the node did not finish within {} s (a rank stopped?)", timeout);
      }
      std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
  }
};

NcclGatherStage::NcclGatherStage(MPI_Comm node, int device, double timeout_seconds)
    : state_(std::make_unique<State>()) {
  MPI_CHECK(MPI_Comm_size(node, &members_));
  MPI_CHECK(MPI_Comm_rank(node, &index_));
  State& s = *state_;
  s.device = device;
  s.timeout = timeout_seconds;
  CUDA_CHECK(cudaSetDevice(device));
  ncclUniqueId id;
  if (index_ == 0) NCCL_CHECK(ncclGetUniqueId(&id));
  MPI_CHECK(MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, node));
  CUDA_CHECK(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking));
  NCCL_CHECK(ncclGroupStart());
  NCCL_CHECK(ncclCommInitRank(&s.comm, members_, id, index_));
  NCCL_CHECK(ncclGroupEnd());
}

NcclGatherStage::~NcclGatherStage() {
  cudaSetDevice(state_->device);
  if (state_->comm) ncclCommDestroy(state_->comm);
  if (state_->stream) cudaStreamDestroy(state_->stream);
}

void NcclGatherStage::allgather(const std::byte* local, std::size_t bytes, GatheredBytes& out) {
  State& s = *state_;
  CUDA_CHECK(cudaSetDevice(s.device));
  const auto members = static_cast<std::size_t>(members_);
  // Sizes first.
  auto* sizes = s.sizes.reserve(members + 1);
  const std::uint64_t mine = bytes;
  CUDA_CHECK(
      cudaMemcpyAsync(sizes + members, &mine, sizeof mine, cudaMemcpyHostToDevice, s.stream));
  NCCL_CHECK(ncclAllGather(sizes + members, sizes, 1, ncclUint64, s.comm, s.stream));
  std::vector<std::uint64_t> all(members);
  CUDA_CHECK(cudaMemcpyAsync(all.data(), sizes, members * sizeof(std::uint64_t),
                             cudaMemcpyDeviceToHost, s.stream));
  s.watchdog_sync();
  out.offsets.assign(members + 1, 0);
  std::uint64_t widest = 0;
  for (std::size_t i = 0; i < members; ++i) {
    out.offsets[i + 1] = out.offsets[i] + all[i];
    widest = std::max(widest, all[i]);
  }
  out.data.resize(out.offsets.back());
  if (widest == 0) return;
  // Then the payloads, each padded to the widest.
  auto* send = s.send.reserve(widest);
  auto* receive = s.receive.reserve(widest * members);
  if (bytes) CUDA_CHECK(cudaMemcpyAsync(send, local, bytes, cudaMemcpyHostToDevice, s.stream));
  NCCL_CHECK(ncclAllGather(send, receive, widest, ncclChar, s.comm, s.stream));
  s.staging.resize(widest * members);
  CUDA_CHECK(cudaMemcpyAsync(s.staging.data(), receive, widest * members, cudaMemcpyDeviceToHost,
                             s.stream));
  s.watchdog_sync();
  for (std::size_t i = 0; i < members; ++i)
    if (all[i])
      std::memcpy(out.data.data() + out.offsets[i], s.staging.data() + i * widest, all[i]);
}

std::unique_ptr<BundleExchanger> make_nccl_exchanger(const GraphTopology& topology, int device) {
  return std::make_unique<BundleExchanger>(
      topology, std::make_unique<MpiGatherStage>(topology.rail()),
      std::make_unique<NcclGatherStage>(topology.node(), device));
}

}  // namespace wg::comm::graph
