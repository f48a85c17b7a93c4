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
  // Takes one batch's results (CIGAR strings may be moved out).
  virtual void store(comm::align::BatchResults& results) = 0;
  // Appends to `out` the next piece of the lines that became writable, in output order,
  // and returns true; false when no line is writable. Pieces are small enough (a window
  // of pairs, or the queries that are complete) that the writer thread can write one
  // while the next is formatted.
  virtual bool append_next(fmt::memory_buffer& out) = 0;
  // Called on the thread that will store and format, before the first results arrive:
  // starts what formatting needs (threads, memory) while the GPUs align the first batches.
  virtual void prepare() {}
  // Every expected result arrived and its lines were appended.
  virtual bool complete() const = 0;
  // Pairs whose lines are written, for logs.
  virtual std::uint64_t written() const = 0;
};

}  // namespace wg::align
