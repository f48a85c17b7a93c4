// Reading a text input file in parallel: a header read by rank 0, then every rank gets a
// contiguous share of the remaining lines. Plain files are split by byte ranges that
// every rank reads itself; gzip and xz files, and standard input ("-"), are read by rank 0
// and the lines are dealt out (a compressed stream cannot be entered in the middle).
#pragma once

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace wg::graph {

// This rank's share of a file's lines.
struct TextChunk {
  std::string text;              // whole lines, in file order
  std::uint64_t first_line = 1;  // 1-based line number of the first line of text
  std::uint64_t num_lines = 0;   // lines in text
};

// Rank 0 only: reads lines from the start of the file (plain, gzip or xz) and hands each to
// `header_line` (line without its end-of-line characters, 1-based line number) until it
// returns true, meaning the header is complete. Returns the number of bytes and lines
// the header took. When the file ends first, `header_line` gets no end signal: the
// caller checks that it saw what it needed.
struct HeaderExtent {
  std::uint64_t bytes = 0;
  std::uint64_t lines = 0;
};
HeaderExtent read_header(const std::string& path,
                         const std::function<bool(std::string_view, std::uint64_t)>& header_line);

// Collective: this rank's share of the lines after the header.
TextChunk read_body(const std::string& path, HeaderExtent header, MPI_Comm comm);

// Calls fn(line, line_number) for each line of the chunk, without "\n" or "\r\n". Logs
// progress every few seconds on long inputs.
void for_each_line(const TextChunk& chunk, const std::string& path,
                   const std::function<void(std::string_view, std::uint64_t)>& fn);

// Throws wg::Error unless the file can be opened for reading.
void require_readable(const std::string& path);

}  // namespace wg::graph
