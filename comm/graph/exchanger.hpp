// The boundary exchange of the graph engine: every rank contributes one bundle of bytes
// (its partitions' outboxes) and receives the bundles of all other ranks, sizes first,
// then payloads, in two stages:
//   1. inter-node: an all-gather among the rank's rail (equal node-local rank on every
//      node), over MPI;
//   2. intra-node: an all-gather inside the node of each rank's own bundle plus, from
//      the rail leaders, what arrived from other nodes.
// Each stage is a GatherStage, so the CUDA backend can run stage 2 through NCCL.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "comm/graph/topology.hpp"

namespace wg::comm::graph {

// The concatenated blocks of all members of a stage, in member order; block i is
// data[offsets[i] .. offsets[i + 1]).
struct GatheredBytes {
  std::vector<std::byte> data;
  std::vector<std::size_t> offsets;
};

// One all-gather of variable-size byte blocks among a group of ranks.
class GatherStage {
 public:
  virtual ~GatherStage() = default;
  virtual int members() const = 0;
  virtual int member_index() const = 0;
  virtual void allgather(const std::byte* local, std::size_t bytes, GatheredBytes& out) = 0;
};

// GatherStage over an MPI communicator: MPI_Allgather of the sizes, then MPI_Allgatherv.
class MpiGatherStage final : public GatherStage {
 public:
  explicit MpiGatherStage(MPI_Comm comm);
  int members() const override { return members_; }
  int member_index() const override { return index_; }
  void allgather(const std::byte* local, std::size_t bytes, GatheredBytes& out) override;

 private:
  MPI_Comm comm_;
  int members_ = 1;
  int index_ = 0;
};

// A bundle received from another rank; `data` points into the exchanger's buffers and
// stays valid until the next exchange.
struct ReceivedBundle {
  int world_rank;
  const std::byte* data;
  std::size_t bytes;
};

class BundleExchanger {
 public:
  BundleExchanger(const GraphTopology& topology, std::unique_ptr<GatherStage> inter_node,
                  std::unique_ptr<GatherStage> intra_node);

  // Collective over the world. Returns the bundles of every other rank, each once.
  const std::vector<ReceivedBundle>& exchange(const std::vector<std::byte>& mine);

  // Bytes this rank received in the last exchange, over both stages.
  std::uint64_t bytes_received() const { return bytes_received_; }

 private:
  const GraphTopology& topology_;
  std::unique_ptr<GatherStage> inter_;
  std::unique_ptr<GatherStage> intra_;
  std::vector<int> rail_world_ranks_;  // world rank of every rail member
  std::vector<int> rail_nodes_;        // node index of every rail member
  GatheredBytes rail_in_;
  std::vector<std::byte> node_out_;
  GatheredBytes node_in_;
  std::vector<ReceivedBundle> received_;
  std::uint64_t bytes_received_ = 0;
};

// The host backend's exchanger: both stages over MPI.
std::unique_ptr<BundleExchanger> make_mpi_exchanger(const GraphTopology& topology);

}  // namespace wg::comm::graph
