#include "comm/graph/alltoall_bytes.hpp"

#include <climits>
#include <vector>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::comm::graph {

void alltoall_bytes(const GatheredBytes& send, GatheredBytes& received, MPI_Comm comm) {
  int ranks = 1;
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  const auto count = static_cast<std::size_t>(ranks);
  WG_REQUIRE(send.offsets.size() == count + 1, "{} send blocks for {} ranks",
             send.offsets.size() - 1, count);
  WG_REQUIRE(send.offsets.back() <= static_cast<std::size_t>(INT_MAX),
             "exchange of {} bytes in one step exceeds the MPI count limit; use more ranks",
             send.offsets.back());
  std::vector<int> send_counts(count), send_displs(count), recv_counts(count), recv_displs(count);
  for (std::size_t r = 0; r < count; ++r) {
    send_displs[r] = static_cast<int>(send.offsets[r]);
    send_counts[r] = static_cast<int>(send.offsets[r + 1] - send.offsets[r]);
  }
  MPI_CHECK(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm));
  received.offsets.assign(count + 1, 0);
  for (std::size_t r = 0; r < count; ++r)
    received.offsets[r + 1] = received.offsets[r] + static_cast<std::size_t>(recv_counts[r]);
  WG_REQUIRE(received.offsets.back() <= static_cast<std::size_t>(INT_MAX),
             "exchange of {} bytes in one step exceeds the MPI count limit; use more ranks",
             received.offsets.back());
  for (std::size_t r = 0; r < count; ++r) recv_displs[r] = static_cast<int>(received.offsets[r]);
  received.data.resize(received.offsets.back());
  MPI_CHECK(MPI_Alltoallv(send.data.data(), send_counts.data(), send_displs.data(), MPI_BYTE,
                          received.data.data(), recv_counts.data(), recv_displs.data(), MPI_BYTE,
                          comm));
}

}  // namespace wg::comm::graph
