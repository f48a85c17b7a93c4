// Where rank 0's writer thread puts finished batches: every pair in input order
// (OrderedResults) or each query's best K (TopResults). A sink formats the lines that
// became writable and keeps what it still needs.
#pragma once

#include <fmt/format.h>

#include <cstdint>

#include "comm/align/messages.hpp"

namespace wg::align {

class ResultSink {
 public:
  virtual ~ResultSink() = default;
  // Takes one batch's results (CIGAR strings may be moved out) and appends to `out` the
  // lines that became writable, in output order.
  virtual void put(comm::align::BatchResults& results, fmt::memory_buffer& out) = 0;
  // Every expected result arrived and its lines were appended.
  virtual bool complete() const = 0;
  // Pairs whose lines are written, for logs.
  virtual std::uint64_t written() const = 0;
};

}  // namespace wg::align
