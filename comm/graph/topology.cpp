#include "comm/graph/topology.hpp"

#include "src/common/error.hpp"
#include "src/common/host_comm.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::comm::graph {

GraphTopology::GraphTopology(MPI_Comm world, int ranks_per_node) : world_(world) {
  WG_REQUIRE(ranks_per_node >= 0, "--ranks-per-node must be positive (got {})", ranks_per_node);
  MPI_CHECK(MPI_Comm_rank(world, &rank_));
  MPI_CHECK(MPI_Comm_size(world, &size_));

  {
    const HostComm host(world);
    const int virtual_node = ranks_per_node > 0 ? host.rank() / ranks_per_node : 0;
    MPI_CHECK(MPI_Comm_split(host.get(), virtual_node, host.rank(), &node_));
  }
  MPI_CHECK(MPI_Comm_rank(node_, &node_rank_));
  MPI_CHECK(MPI_Comm_size(node_, &node_size_));

  // Number the nodes by the world rank of their first rank.
  MPI_Comm leaders = MPI_COMM_NULL;
  MPI_CHECK(MPI_Comm_split(world, node_rank_ == 0 ? 0 : MPI_UNDEFINED, rank_, &leaders));
  if (leaders != MPI_COMM_NULL) {
    MPI_CHECK(MPI_Comm_rank(leaders, &node_index_));
    MPI_CHECK(MPI_Comm_size(leaders, &num_nodes_));
    MPI_CHECK(MPI_Comm_free(&leaders));
  }
  int ids[2] = {node_index_, num_nodes_};
  MPI_CHECK(MPI_Bcast(ids, 2, MPI_INT, 0, node_));
  node_index_ = ids[0];
  num_nodes_ = ids[1];

  int smallest_node = 0;
  MPI_CHECK(MPI_Allreduce(&node_size_, &smallest_node, 1, MPI_INT, MPI_MIN, world));
  rail_index_ = node_rank_ % smallest_node;
  MPI_CHECK(MPI_Comm_split(world, rail_index_, rank_, &rail_));
}

GraphTopology::~GraphTopology() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  if (rail_ != MPI_COMM_NULL) MPI_Comm_free(&rail_);
  if (node_ != MPI_COMM_NULL) MPI_Comm_free(&node_);
}

}  // namespace wg::comm::graph
