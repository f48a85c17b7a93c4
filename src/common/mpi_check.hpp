// MPI_CHECK: evaluates an MPI call once and throws wg::Error with the MPI error string,
// the rank and the call site when it fails. main() turns the error into an abort of
// every rank, so no rank is left waiting in a collective.
#pragma once

#include <mpi.h>

#include "src/common/error.hpp"

namespace wg::detail {
[[noreturn]] void throw_mpi_error(int code, const char* call, const char* file, int line);
}

#define MPI_CHECK(call)                                                         \
  do {                                                                          \
    const int wg_mpi_status_ = (call);                                          \
    if (wg_mpi_status_ != MPI_SUCCESS)                                          \
      ::wg::detail::throw_mpi_error(wg_mpi_status_, #call, __FILE__, __LINE__); \
  } while (0)
