// The original ids of a relabelled graph (`convert --relabel`): vertex v of the graph is
// the v-th id of the input file in sorted order, numeric when every id is an integer,
// byte-wise otherwise. Stored in the index file as /vertex_ids (docs/FORMAT.md), so
// results can be keyed by the ids the user knows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "types.hpp"

namespace wg::graph {

struct GraphInfo;

class VertexIds {
 public:
  VertexIds() = default;  // no map: vertex v is id v
  static VertexIds integers(std::vector<std::uint64_t> ids);
  static VertexIds strings(std::vector<std::string> ids);

  bool relabelled() const { return kind_ != Kind::identity; }
  bool numeric() const { return kind_ != Kind::strings; }
  std::uint64_t size() const;
  const std::vector<std::uint64_t>& integer_ids() const { return integers_; }
  const std::vector<std::string>& string_ids() const { return strings_; }

  // The original id of vertex v, as text.
  std::string name(VertexId v) const;
  // The vertex whose original id is `text`, if any (without a map: `text` as a number).
  std::optional<VertexId> find(const std::string& text) const;

 private:
  enum class Kind { identity, integers, strings };
  Kind kind_ = Kind::identity;
  std::vector<std::uint64_t> integers_;  // sorted ascending
  std::vector<std::string> strings_;     // sorted byte-wise
};

// Reads /vertex_ids of the graph's index file (not collective); an identity map when the
// graph was not relabelled.
VertexIds read_vertex_ids(const GraphInfo& graph);

}  // namespace wg::graph
