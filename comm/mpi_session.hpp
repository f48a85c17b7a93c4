// RAII owner of MPI for the whole process: initialises with thread support for OpenMP
// regions (only the main thread calls MPI), makes MPI errors return codes so MPI_CHECK
// can report them, and finalises on scope exit.
#pragma once

#include <mpi.h>

#include <string>

namespace wg {

class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  const std::string& host() const { return host_; }

  // Ends every rank with the given exit code. Use after an error on any one rank.
  [[noreturn]] void abort_all(int exit_code) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  std::string host_;
};

// Human-readable MPI library version (first line of MPI_Get_library_version).
std::string mpi_library_version();

}  // namespace wg
