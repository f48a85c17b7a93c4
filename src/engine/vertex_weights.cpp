#include "src/engine/vertex_weights.hpp"

#include <charconv>
#include <cmath>

#include "src/common/error.hpp"
#include "src/engine/vertex_list.hpp"

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
  std::vector<double> weights(num_vertices, 0.0);
  for_each_listed_vertex(path, "--personalization", ids, num_vertices, 2, "`vertex weight`",
                         [&](VertexId v, const graph::LineFields& fields, std::uint64_t line) {
                           double weight = 0.0;
                           WG_REQUIRE(parse_double(fields[1], weight) && weight >= 0.0,
                                      "{}:{}: weight {} is not a finite number >= 0", path, line,
                                      fields[1]);
                           weights[v] = weight;
                         });
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
