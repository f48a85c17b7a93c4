#include "src/graph/collective_error.hpp"

#include <vector>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::graph {

void raise_first_error(const FirstError& error, MPI_Comm comm) {
  const std::uint64_t mine =
      error.has_error() ? error.order() : std::numeric_limits<std::uint64_t>::max();
  std::uint64_t first = 0;
  MPI_CHECK(MPI_Allreduce(&mine, &first, 1, MPI_UINT64_T, MPI_MIN, comm));
  int any = error.has_error() ? 1 : 0;
  int any_global = 0;
  MPI_CHECK(MPI_Allreduce(&any, &any_global, 1, MPI_INT, MPI_MAX, comm));
  if (any_global == 0) return;

  int rank = 0;
  int size = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &size));
  const int candidate = error.has_error() && error.order() == first ? rank : size;
  int reporter = 0;
  MPI_CHECK(MPI_Allreduce(&candidate, &reporter, 1, MPI_INT, MPI_MIN, comm));
  unsigned long long length = rank == reporter ? error.message().size() : 0;
  MPI_CHECK(MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, reporter, comm));
  std::string message = rank == reporter ? error.message() : std::string(length, '\0');
  MPI_CHECK(MPI_Bcast(message.data(), static_cast<int>(length), MPI_CHAR, reporter, comm));
  throw AgreedError(message, rank == reporter);
}

}  // namespace wg::graph
