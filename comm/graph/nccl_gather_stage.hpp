// The intra-node stage of the boundary exchange over NCCL (CUDA builds): the ranks of a
// node, one GPU each, all-gather their records on the GPUs. Sizes first (ncclAllGather
// of one 64-bit count per rank), then the payloads, padded to the largest (ncclAllGather
// of bytes). Every wait goes through a watchdog that polls the stream, checks
// ncclCommGetAsyncError and gives up after a timeout, so a lost peer becomes an error
// instead of a hang.
#pragma once

#include <mpi.h>

#include <memory>

#include "comm/graph/exchanger.hpp"

namespace wg::comm::graph {

class NcclGatherStage final : public GatherStage {
 public:
  // Collective over `node`: rank 0 of it makes the ncclUniqueId and broadcasts it over
  // MPI; each rank then joins the communicator on `device` (its bound GPU).
  NcclGatherStage(MPI_Comm node, int device, double timeout_seconds = 300.0);
  ~NcclGatherStage() override;
  NcclGatherStage(const NcclGatherStage&) = delete;
  NcclGatherStage& operator=(const NcclGatherStage&) = delete;

  int members() const override { return members_; }
  int member_index() const override { return index_; }
  void allgather(const std::byte* local, std::size_t bytes, GatheredBytes& out) override;

 private:
  struct State;
  std::unique_ptr<State> state_;
  int members_ = 1;
  int index_ = 0;
};

// The CUDA backend's exchanger: MPI across nodes, NCCL inside a node, on `device`.
std::unique_ptr<BundleExchanger> make_nccl_exchanger(const GraphTopology& topology, int device);

}  // namespace wg::comm::graph
