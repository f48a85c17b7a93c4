// Mirror discovery, once at load: every partition tells the owners of the vertices it
// holds (stored or ghost) where it holds them, so that each owner can send an update only
// to the partitions holding the vertex (partition/mirror_lists.hpp). One MPI_Alltoallv of
// 16-byte records; its volume is the number of mirrors, as in Gluon.
#pragma once

#include <mpi.h>

#include <vector>

#include "partition/local_ids.hpp"
#include "partition/mirror_lists.hpp"

namespace wg::comm::graph {

// Collective over `world`. `held[d]` are the local ids of this rank's partition
// first_local + d; `stored` is the stored range of every partition (partition p lives on
// rank p / per_rank). Returns the mirror lists of this rank's partitions, in order.
std::vector<partition::MirrorLists> discover_mirrors(
    const std::vector<const partition::LocalIds*>& held, int first_local,
    const std::vector<VertexRange>& stored, int per_rank, MPI_Comm world);

}  // namespace wg::comm::graph
