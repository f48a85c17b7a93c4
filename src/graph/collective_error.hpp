// Errors found by some ranks, reported by all ranks together. Input parsing and file
// checks run on every rank in parallel; a bad line is seen by one rank only. Every rank
// calls raise_first_error at the same point, so either none throws or all throw the same
// message (the first bad line of the file), and no rank is left waiting in a collective.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <utility>

#include "src/common/error.hpp"

namespace wg::graph {

class FirstError {
 public:
  // Keeps the error with the smallest order (for input files: the line number).
  void record(std::uint64_t order, std::string message) {
    if (!has_error() || order < order_) {
      order_ = order;
      message_ = std::move(message);
      has_error_ = true;
    }
  }
  bool has_error() const { return has_error_; }
  std::uint64_t order() const { return order_; }
  const std::string& message() const { return message_; }

 private:
  bool has_error_ = false;
  std::uint64_t order_ = std::numeric_limits<std::uint64_t>::max();
  std::string message_;
};

// Collective: throws wg::AgreedError on every rank when any rank recorded an error.
void raise_first_error(const FirstError& error, MPI_Comm comm);

// Collective convenience for a step that may throw on some ranks only: runs it, and
// turns an exception on any rank into the same wg::Error on every rank.
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
