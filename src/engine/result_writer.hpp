// Writing the values of a finished run: TSV (`id<TAB>value`, ids ascending, unreached
// vertices "inf") or HDF5 (dataset /values, float64, inf for unreached), both from all
// ranks together, each rank its own contiguous vertex range, under a temporary name that
// is renamed once complete.
#pragma once

#include <fmt/format.h>
#include <mpi.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "types.hpp"

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
template <typename Value>
void append_tsv_line(fmt::memory_buffer& out, VertexId v, Value value) {
  if (std::isinf(to_stored(value)))
    fmt::format_to(std::back_inserter(out), "{}\tinf\n", v);
  else
    fmt::format_to(std::back_inserter(out), "{}\t{}\n", v, value);
}

struct ResultAttributes {
  std::string algorithm;
  std::uint64_t source = 0;
  std::uint64_t iterations = 0;
  std::string graph;
};

// Collective. `format_range(begin, end, buffer)` appends the lines of vertices
// [begin, end) of this rank's range `mine`; it is called in bounded chunks.
void write_tsv(const std::string& path, VertexRange mine,
               const std::function<void(VertexId, VertexId, fmt::memory_buffer&)>& format_range,
               MPI_Comm comm);

// Collective. `values` holds this rank's range `mine`.
void write_hdf5(const std::string& path, VertexId num_vertices, VertexRange mine,
                const std::vector<double>& values, const ResultAttributes& attributes,
                MPI_Comm comm);

}  // namespace wg::engine
