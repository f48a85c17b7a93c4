// Template part of collective_error.hpp.
#pragma once

#include <exception>

namespace wg::graph {

template <typename Step>
void run_collectively(MPI_Comm comm, Step&& step) {
  FirstError error;
  try {
    step();
  } catch (const std::exception& e) {
    error.record(0, e.what());
  }
  raise_first_error(error, comm);
}

}  // namespace wg::graph
