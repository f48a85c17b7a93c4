// The engine's per-iteration global reductions (convergence, section counts, the
// vertex programs' global terms).
#pragma once

#include <mpi.h>

#include <vector>

namespace wg::comm::graph {

// Element-wise sum over all ranks of `values`, in place. When every element is non-zero
// on at most one rank the result is exact and independent of the reduction order.
void allreduce_sum(std::vector<double>& values, MPI_Comm comm);

}  // namespace wg::comm::graph
