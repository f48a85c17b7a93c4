// A personalised exchange of byte blocks: rank r gets block r of every rank's send buffer
// (sizes first with MPI_Alltoall, then MPI_Alltoallv). The targeted boundary exchange
// sends each update only to the ranks whose partitions hold the vertex.
#pragma once

#include <mpi.h>

#include "comm/graph/exchanger.hpp"

namespace wg::comm::graph {

// `send` holds one block per rank of `comm` (offsets has ranks + 1 entries); `received`
// gets the block of every rank, in rank order, this rank's own included.
void alltoall_bytes(const GatheredBytes& send, GatheredBytes& received, MPI_Comm comm);

}  // namespace wg::comm::graph
