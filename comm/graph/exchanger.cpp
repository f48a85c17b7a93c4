#include "comm/graph/exchanger.hpp"

#include <climits>
#include <cstring>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::comm::graph {

MpiGatherStage::MpiGatherStage(MPI_Comm comm) : comm_(comm) {
  MPI_CHECK(MPI_Comm_size(comm, &members_));
  MPI_CHECK(MPI_Comm_rank(comm, &index_));
}

void MpiGatherStage::allgather(const std::byte* local, std::size_t bytes, GatheredBytes& out) {
  std::vector<std::uint64_t> sizes(static_cast<std::size_t>(members_));
  const std::uint64_t mine = bytes;
  MPI_CHECK(MPI_Allgather(&mine, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, comm_));
  out.offsets.assign(sizes.size() + 1, 0);
  for (std::size_t i = 0; i < sizes.size(); ++i) out.offsets[i + 1] = out.offsets[i] + sizes[i];
  WG_REQUIRE(out.offsets.back() <= static_cast<std::size_t>(INT_MAX),
             "exchange of {} bytes in one step exceeds the MPI count limit; use more ranks",
             out.offsets.back());
  std::vector<int> counts(sizes.size()), displs(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    counts[i] = static_cast<int>(sizes[i]);
    displs[i] = static_cast<int>(out.offsets[i]);
  }
  out.data.resize(out.offsets.back());
  MPI_CHECK(MPI_Allgatherv(local, static_cast<int>(bytes), MPI_BYTE, out.data.data(), counts.data(),
                           displs.data(), MPI_BYTE, comm_));
}

namespace {
// A record of the intra-node stage: which rank's bundle follows, and its length.
struct RecordHeader {
  std::int64_t world_rank;
  std::uint64_t bytes;
};

void append_record(std::vector<std::byte>& out, int world_rank, const std::byte* data,
                   std::size_t bytes) {
  const RecordHeader header{world_rank, bytes};
  const std::size_t at = out.size();
  out.resize(at + sizeof header + bytes);
  std::memcpy(out.data() + at, &header, sizeof header);
  if (bytes) std::memcpy(out.data() + at + sizeof header, data, bytes);
}
}  // namespace

BundleExchanger::BundleExchanger(const GraphTopology& topology,
                                 std::unique_ptr<GatherStage> inter_node,
                                 std::unique_ptr<GatherStage> intra_node)
    : topology_(topology), inter_(std::move(inter_node)), intra_(std::move(intra_node)) {
  const auto members = static_cast<std::size_t>(inter_->members());
  rail_world_ranks_.resize(members);
  rail_nodes_.resize(members);
  const int mine[2] = {topology.rank(), topology.node_index()};
  std::vector<int> both(2 * members);
  MPI_CHECK(MPI_Allgather(mine, 2, MPI_INT, both.data(), 2, MPI_INT, topology.rail()));
  for (std::size_t i = 0; i < members; ++i) {
    rail_world_ranks_[i] = both[2 * i];
    rail_nodes_[i] = both[2 * i + 1];
  }
}

const std::vector<ReceivedBundle>& BundleExchanger::exchange(const std::vector<std::byte>& mine) {
  received_.clear();
  bytes_received_ = 0;

  // Stage 1: across nodes, along the rail.
  inter_->allgather(mine.data(), mine.size(), rail_in_);
  const bool leader = topology_.rail_leader();
  node_out_.clear();
  append_record(node_out_, topology_.rank(), mine.data(), mine.size());
  for (int i = 0; i < inter_->members(); ++i) {
    const auto m = static_cast<std::size_t>(i);
    if (i == inter_->member_index()) continue;
    bytes_received_ += rail_in_.offsets[m + 1] - rail_in_.offsets[m];
    // Only the leader forwards (and keeps) what came from other nodes; bundles of this
    // node's ranks arrive through stage 2 from their owners.
    if (!leader || rail_nodes_[m] == topology_.node_index()) continue;
    const std::byte* data = rail_in_.data.data() + rail_in_.offsets[m];
    const std::size_t bytes = rail_in_.offsets[m + 1] - rail_in_.offsets[m];
    received_.push_back({rail_world_ranks_[m], data, bytes});
    append_record(node_out_, rail_world_ranks_[m], data, bytes);
  }

  // Stage 2: inside the node.
  intra_->allgather(node_out_.data(), node_out_.size(), node_in_);
  for (int i = 0; i < intra_->members(); ++i) {
    const auto m = static_cast<std::size_t>(i);
    if (i == intra_->member_index()) continue;
    bytes_received_ += node_in_.offsets[m + 1] - node_in_.offsets[m];
    std::size_t at = node_in_.offsets[m];
    while (at < node_in_.offsets[m + 1]) {
      RecordHeader header;
      std::memcpy(&header, node_in_.data.data() + at, sizeof header);
      at += sizeof header;
      received_.push_back({static_cast<int>(header.world_rank), node_in_.data.data() + at,
                           static_cast<std::size_t>(header.bytes)});
      at += header.bytes;
    }
  }
  return received_;
}

std::unique_ptr<BundleExchanger> make_mpi_exchanger(const GraphTopology& topology) {
  return std::make_unique<BundleExchanger>(topology,
                                           std::make_unique<MpiGatherStage>(topology.rail()),
                                           std::make_unique<MpiGatherStage>(topology.node()));
}

}  // namespace wg::comm::graph
