// Reading vertex ids and weights from input fields, recording a located error message
// (file:line: what) on failure. Shared by the three text readers.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "src/common/types.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/line_fields.hpp"

namespace wg::graph {

// Largest id a file may use: the vertex count (largest id + 1) must fit in VertexId.
inline constexpr std::uint64_t kLargestVertexId = std::numeric_limits<VertexId>::max() - 1;

// Reads a vertex id. With first_id 1 the file is 1-based: ids must lie in [1, declared]
// and are returned 0-based. With first_id 0, declared is ignored.
inline bool read_vertex_id(std::string_view field, int first_id, const std::string& path,
                           std::uint64_t line, VertexId& out, FirstError& error,
                           std::uint64_t declared = 0) {
  std::uint64_t value = 0;
  if (!parse_unsigned(field, value)) {
    error.record(line, fmt::format("{}:{}: '{}' is not a vertex id (a non-negative integer)", path,
                                   line, field));
    return false;
  }
  if (first_id == 1) {
    if (value < 1 || value > declared) {
      error.record(line, fmt::format("{}:{}: vertex id {} is outside the declared range [1, {}]",
                                     path, line, value, declared));
      return false;
    }
    value -= 1;
  } else if (value > kLargestVertexId) {
    error.record(line, fmt::format("{}:{}: vertex id {} exceeds the largest supported id {}", path,
                                   line, value, kLargestVertexId));
    return false;
  }
  out = static_cast<VertexId>(value);
  return true;
}

inline bool read_edge_weight(std::string_view field, const std::string& path, std::uint64_t line,
                             float& out, FirstError& error) {
  if (!parse_weight(field, out)) {
    error.record(line, fmt::format("{}:{}: '{}' is not a finite number within single precision "
                                   "(edge weight)",
                                   path, line, field));
    return false;
  }
  return true;
}

// Matrix Market's `integer` field.
inline bool read_integer_weight(std::string_view field, const std::string& path, std::uint64_t line,
                                float& out, FirstError& error) {
  if (!parse_integer_weight(field, out)) {
    error.record(line, fmt::format("{}:{}: '{}' is not an integer (the file declares integer "
                                   "values)",
                                   path, line, field));
    return false;
  }
  return true;
}

}  // namespace wg::graph
