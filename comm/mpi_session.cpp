#include "comm/mpi_session.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace wg::comm {

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
  MPI_Comm_dup(MPI_COMM_WORLD, &failure_comm_);
}

MpiSession::~MpiSession() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  MPI_Comm_free(&failure_comm_);
  MPI_Finalize();
}

bool MpiSession::all_ranks_failed(double wait_seconds, int* first_rank) const {
  *first_rank = rank_;
  if (size_ == 1) return true;
  MPI_Request request = MPI_REQUEST_NULL;
  if (MPI_Iallreduce(&rank_, first_rank, 1, MPI_INT, MPI_MIN, failure_comm_, &request) !=
      MPI_SUCCESS)
    return false;
  const double deadline = MPI_Wtime() + wait_seconds;
  int done = 0;
  while (MPI_Test(&request, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done &&
         MPI_Wtime() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  // An unfinished reduction is left pending: MPI_Abort follows and ends it.
  return done != 0;
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

}  // namespace wg::comm
