// Matrix Market and DIMACS files declare how many entries follow; the readers check the
// file against that declaration across all ranks' shares.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "src/graph/text_input.hpp"

namespace wg::graph {

struct Declaration {
  std::uint64_t count = 0;        // entries the header declares
  std::uint64_t header_line = 0;  // line of the declaration
  const char* what = "entries";   // what the entries are called in messages
};

// Collective. local_count is the number of entries in this rank's chunk; is_entry tells
// entry lines from comments. Throws on every rank when the file has more entries than
// declared (naming the first extra line) or fewer (a truncated file).
void check_declared_count(const TextChunk& chunk, const std::string& path,
                          const Declaration& declaration, std::uint64_t local_count,
                          const std::function<bool(std::string_view)>& is_entry, MPI_Comm comm);

// Rank 0's copy of a plain struct, on every rank.
template <typename T>
void broadcast_struct(T& value, MPI_Comm comm) {
  MPI_Bcast(&value, static_cast<int>(sizeof(T)), MPI_BYTE, 0, comm);
}

}  // namespace wg::graph
