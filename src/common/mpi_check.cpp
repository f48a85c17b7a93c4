#include "src/common/mpi_check.hpp"

#include <string>

namespace wg::detail {

void throw_mpi_error(int code, const char* call, const char* file, int line) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  throw Error(fmt::format("MPI error on rank {} in {} ({}:{}): {}", rank, call, file, line,
                          std::string(text, static_cast<size_t>(length))));
}

}  // namespace wg::detail
