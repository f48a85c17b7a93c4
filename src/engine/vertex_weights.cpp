#include "engine/vertex_weights.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <unordered_map>

#include "engine/vertex_list.hpp"
#include "error.hpp"
#include "graph/line_fields.hpp"

namespace wg::engine {

namespace {

// A finite decimal number with nothing after it.
bool parse_double(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && std::isfinite(value);
}

}  // namespace

std::vector<double> read_vertex_weights(const std::string& path, const graph::VertexIds& ids,
                                        VertexId num_vertices) {
  std::ifstream in(path);
  WG_REQUIRE(in.is_open(), "--personalization: cannot read {}", path);
  std::vector<double> weights(num_vertices, 0.0);
  std::unordered_map<VertexId, std::uint64_t> first_line;
  std::string line;
  std::uint64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const graph::LineFields fields(line);
    if (fields.empty() || fields[0].front() == '#') continue;
    WG_REQUIRE(fields.count() == 2, "{}:{}: expected `vertex weight`, found {} field(s)", path,
               number, fields.count());
    const std::string id(fields[0]);
    const VertexId v = listed_vertex(path, number, id, ids, num_vertices);
    double weight = 0.0;
    WG_REQUIRE(parse_double(fields[1], weight) && weight >= 0.0,
               "{}:{}: weight {} is not a finite number >= 0", path, number, fields[1]);
    const auto [at, fresh] = first_line.emplace(v, number);
    WG_REQUIRE(fresh, "{}:{}: vertex {} is listed twice (first on line {})", path, number, id,
               at->second);
    weights[v] = weight;
  }
  WG_REQUIRE(!in.bad(), "--personalization: read error on {}", path);
  double sum = 0.0;
  for (double w : weights) sum += w;
  WG_REQUIRE(sum > 0.0, "--personalization {}: the weights sum to 0 (at least one must be > 0)",
             path);
  WG_REQUIRE(std::isfinite(sum), "--personalization {}: the weights sum beyond float64's range",
             path);
  for (double& w : weights) w /= sum;
  return weights;
}

std::vector<double> single_vertex_weights(VertexId vertex, VertexId num_vertices) {
  std::vector<double> weights(num_vertices, 0.0);
  weights[vertex] = 1.0;
  return weights;
}

}  // namespace wg::engine
