// Where every rank sits for the graph engine: its node (the ranks of its host,
// src/common/host_comm.hpp), optionally cut into virtual nodes of K
// ranks with --ranks-per-node K so the inter-node path runs on one host), its rank on
// the node, and its rail: the ranks of equal node-local rank on every node, between
// which the inter-node stage of the exchange runs.
//
// Nodes may hold different numbers of ranks. With m = the smallest node size, a rank of
// node-local rank r joins rail r % m; the rank with r < m is its rail's leader on the node.
#pragma once

#include <mpi.h>

namespace wg::comm::graph {

class GraphTopology {
 public:
  // ranks_per_node = 0 uses the physical nodes.
  GraphTopology(MPI_Comm world, int ranks_per_node);
  ~GraphTopology();
  GraphTopology(const GraphTopology&) = delete;
  GraphTopology& operator=(const GraphTopology&) = delete;

  MPI_Comm world() const { return world_; }
  MPI_Comm node() const { return node_; }
  MPI_Comm rail() const { return rail_; }

  int rank() const { return rank_; }
  int size() const { return size_; }
  int node_index() const { return node_index_; }
  int num_nodes() const { return num_nodes_; }
  int node_rank() const { return node_rank_; }
  int node_size() const { return node_size_; }
  int rail_index() const { return rail_index_; }
  bool rail_leader() const { return node_rank_ == rail_index_; }

 private:
  MPI_Comm world_;
  MPI_Comm node_ = MPI_COMM_NULL;
  MPI_Comm rail_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1;
  int node_index_ = 0, num_nodes_ = 1;
  int node_rank_ = 0, node_size_ = 1;
  int rail_index_ = 0;
};

}  // namespace wg::comm::graph
