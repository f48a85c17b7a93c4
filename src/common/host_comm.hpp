// The ranks of a communicator on this host: the one place that splits a communicator by
// shared memory (MPI_COMM_TYPE_SHARED). The local rank (comm/local_rank), the graph
// topology (comm/graph/topology) and the graph writer's memory check start from it.
#pragma once

#include <mpi.h>

namespace wg {

// The ranks of `comm` on this host (MPI_COMM_TYPE_SHARED, in the order of their rank in
// `comm`), freed at scope exit. Collective over comm.
class HostComm {
 public:
  explicit HostComm(MPI_Comm comm);
  ~HostComm();
  HostComm(const HostComm&) = delete;
  HostComm& operator=(const HostComm&) = delete;

  MPI_Comm get() const { return comm_; }
  int rank() const { return rank_; }  // position in shared-memory order
  int size() const { return size_; }

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace wg
