#include "mpi_session.hpp"

#include <cstdio>
#include <cstdlib>

#include "mpi_check.hpp"

namespace wg {

namespace detail {
void throw_mpi_error(int code, const char* call, const char* file, int line) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  throw Error(fmt::format("MPI error on rank {} in {} ({}:{}): {}", rank, call, file, line,
                          std::string(text, static_cast<size_t>(length))));
}
}  // namespace detail

MpiSession::MpiSession(int& argc, char**& argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  char name[MPI_MAX_PROCESSOR_NAME];
  int length = 0;
  MPI_Get_processor_name(name, &length);
  host_.assign(name, static_cast<size_t>(length));
}

MpiSession::~MpiSession() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

void MpiSession::abort_all(int exit_code) const {
  if (size_ > 1) MPI_Abort(MPI_COMM_WORLD, exit_code);
  // Alone: leave without MPI_Finalize and exit handlers. After a failed write a library
  // may still hold a file whose buffers cannot be flushed (HDF5 closes such files from
  // MPI_Finalize and crashes there); the error has been reported, nothing is left to save.
  std::fflush(nullptr);
  std::_Exit(exit_code);
}

std::string mpi_library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  MPI_Get_library_version(text, &length);
  std::string version(text, static_cast<size_t>(length));
  const auto end = version.find_first_of(",\n");
  return end == std::string::npos ? version : version.substr(0, end);
}

}  // namespace wg
