#include "comm/graph/global_sum.hpp"

#include "src/common/mpi_check.hpp"

namespace wg::comm::graph {

void allreduce_sum(std::vector<double>& values, MPI_Comm comm) {
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE,
                          MPI_SUM, comm));
}

}  // namespace wg::comm::graph
