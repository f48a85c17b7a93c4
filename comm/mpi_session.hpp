// RAII owner of MPI for the whole process: initialises with thread support for OpenMP
// regions (only the main thread calls MPI), makes MPI errors return codes so MPI_CHECK
// can report them, and finalises on scope exit. It also decides how a failed process
// ends: quietly when every rank failed together, with MPI_Abort when some rank may be
// left waiting in a collective.
#pragma once

#include <mpi.h>

#include <string>

namespace wg::comm {

class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  const std::string& host() const { return host_; }

  // Called by a rank that failed. Returns true when every rank failed within
  // `wait_seconds` (each calls this), so all can exit normally; then *first_rank is the
  // lowest of them, the one that reports. False means some rank is still running and
  // may wait forever on this one: end the job with abort_all.
  bool all_ranks_failed(double wait_seconds, int* first_rank) const;

  // Ends every rank with the given exit code. Use after an error on any one rank.
  [[noreturn]] void abort_all(int exit_code) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  std::string host_;
  // Used only by all_ranks_failed, so its reduction never matches a collective that
  // other ranks are blocked in on MPI_COMM_WORLD.
  MPI_Comm failure_comm_ = MPI_COMM_NULL;
};

// Human-readable MPI library version (first line of MPI_Get_library_version).
std::string mpi_library_version();

}  // namespace wg::comm
