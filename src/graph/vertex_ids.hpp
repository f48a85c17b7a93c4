// The original ids of a relabelled or reordered graph. `convert --relabel` numbers the
// input file's ids in sorted order (numeric when every id is an integer, byte-wise
// otherwise); `--reorder` then permutes the vertices, so the ids of a reordered graph are
// in any order. Stored in the index file as /vertex_ids (docs/FORMAT.md), so results can
// be keyed by the ids the user knows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "src/common/types.hpp"

namespace wg::graph {

struct GraphInfo;

class VertexIds {
 public:
  VertexIds() = default;  // no map: vertex v is id v
  // ids[v] is the original id of vertex v; ids are distinct, in any order.
  static VertexIds integers(std::vector<std::uint64_t> ids);
  static VertexIds strings(std::vector<std::string> ids);

  // The map of the graph renumbered by `order` (order[v] is the vertex that becomes v):
  // vertex v of the result has the original id of vertex order[v] (an identity map gives
  // the integers `order`).
  VertexIds permuted(const std::vector<VertexId>& order) const;

  bool relabelled() const { return kind_ != Kind::identity; }
  bool numeric() const { return kind_ != Kind::strings; }
  std::uint64_t size() const;
  const std::vector<std::uint64_t>& integer_ids() const { return integers_; }
  const std::vector<std::string>& string_ids() const { return strings_; }

  // The original id of vertex v, as text.
  std::string name(VertexId v) const;
  // The vertex whose original id is `text`, if any (without a map: `text` as a number).
  std::optional<VertexId> find(const std::string& text) const;

  // Whether the ids ascend with the vertex (always so unless reordered).
  bool ascending() const { return by_id_.empty(); }
  // The vertices in ascending order of their original id; only when !ascending().
  const std::vector<VertexId>& vertices_by_id() const { return by_id_; }

 private:
  enum class Kind { identity, integers, strings };
  Kind kind_ = Kind::identity;
  std::vector<std::uint64_t> integers_;
  std::vector<std::string> strings_;  // compared byte-wise
  // Empty when the ids ascend; else the vertices sorted by id, for find().
  std::vector<VertexId> by_id_;

  void index_unless_ascending();
};

// Reads /vertex_ids of the graph's index file (not collective); an identity map when the
// graph was neither relabelled nor reordered.
VertexIds read_vertex_ids(const GraphInfo& graph);

}  // namespace wg::graph
