// Writing the values of a finished run, from all ranks together, each rank its own
// contiguous vertex range, under a temporary name that is renamed once complete:
// - TSV: a header line `id<TAB>NAME` (NAME: hops, distance, width, component or rank),
//   then `id<TAB>value` per vertex, ids ascending, unreached vertices "inf";
// - HDF5: /values (int64 for hop counts and component labels, -1 for unreached; float64
//   otherwise, inf for unreached), /ids (the id of each row: the original ids of a
//   relabelled graph), string attributes.
// docs/FORMAT.md shows how to read both.
#pragma once

#include <fmt/format.h>
#include <mpi.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "src/common/types.hpp"

namespace wg::engine {

// A value as written to HDF5 and checkpoints: exact for the programs' value types,
// with the integral "unreached" (the type's maximum) as +inf.
template <typename Value>
double to_stored(Value v) {
  if constexpr (std::is_integral_v<Value>) {
    if (v == std::numeric_limits<Value>::max()) return std::numeric_limits<double>::infinity();
  }
  return static_cast<double>(v);
}

template <typename Value>
Value from_stored(double d) {
  if constexpr (std::is_integral_v<Value>) {
    if (std::isinf(d)) return std::numeric_limits<Value>::max();
  }
  return static_cast<Value>(d);
}

// One TSV line; floating values in their shortest exact form.
template <typename Id, typename Value>
void append_tsv_line(fmt::memory_buffer& out, const Id& v, Value value) {
  if (std::isinf(to_stored(value)))
    fmt::format_to(std::back_inserter(out), "{}\tinf\n", v);
  else
    fmt::format_to(std::back_inserter(out), "{}\t{}\n", v, value);
}

// An integral value as written to HDF5 results: itself, or -1 for "unreached" (the type's
// maximum), so that the column reads as plain integers in h5py and pandas.
template <typename Value>
std::int64_t to_stored_integer(Value v) {
  static_assert(std::is_integral_v<Value>);
  if (v == std::numeric_limits<Value>::max()) return -1;
  return static_cast<std::int64_t>(v);
}

struct ResultAttributes {
  std::string algorithm;
  std::string value_name;               // the TSV column name: hops, distance, ...
  std::optional<std::uint64_t> source;  // programs that take --source only
  std::uint64_t iterations = 0;
  std::string graph;
};

// Collective. Rank 0 writes `header` (one line, without its newline) first;
// `format_range(begin, end, buffer)` appends the lines of vertices [begin, end) of this
// rank's range `mine`; it is called in bounded chunks.
void write_tsv(const std::string& path, const std::string& header, VertexRange mine,
               const std::function<void(VertexId, VertexId, fmt::memory_buffer&)>& format_range,
               MPI_Comm comm);

// The /ids of this rank's rows: integers, or (string ids of a relabelled graph) names
// written as fixed-length strings of `width` bytes, the same width on every rank.
struct ResultIds {
  std::vector<std::uint64_t> numbers;
  std::vector<std::string> names;
  std::size_t width = 0;  // 0: numbers
};

// Collective. `values`, `ids` and `predecessors` (when given: /predecessors, the row of
// each vertex's predecessor, -1 for none) hold this rank's range `mine`.
void write_hdf5(const std::string& path, VertexId num_vertices, VertexRange mine,
                const std::vector<double>& values, const ResultIds& ids,
                const ResultAttributes& attributes, MPI_Comm comm,
                const std::vector<std::int64_t>* predecessors = nullptr);
void write_hdf5(const std::string& path, VertexId num_vertices, VertexRange mine,
                const std::vector<std::int64_t>& values, const ResultIds& ids,
                const ResultAttributes& attributes, MPI_Comm comm,
                const std::vector<std::int64_t>* predecessors = nullptr);
// Unsigned 64-bit values (path counts), written as uint64.
void write_hdf5(const std::string& path, VertexId num_vertices, VertexRange mine,
                const std::vector<std::uint64_t>& values, const ResultIds& ids,
                const ResultAttributes& attributes, MPI_Comm comm);

}  // namespace wg::engine
