// The registry of multi-phase algorithms (phases.hpp): each a driver of vertex programs
// registered in kernels/graph/programs.hpp with kPhase. An algorithm is a struct with the
// --algo name, the type and TSV/HDF5 name of its result, and
//   static std::vector<Value> run(const PhasedRun&)   this rank's values of `mine`.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "src/engine/graph_input.hpp"
#include "src/engine/phases.hpp"
#include "src/engine/run_options.hpp"
#include "src/graph/vertex_ids.hpp"

namespace wg::engine {

// What a driver gets: the phases over the loaded graph, the request, and the range of
// vertices this rank reports.
struct PhasedRun {
  PhaseRunner& phases;
  const RunOptions& options;
  const GraphInput& input;
  const graph::VertexIds& ids;
  std::optional<VertexId> source;  // --source, when given
  MPI_Comm world;
  VertexRange mine;
  nlohmann::json& header;  // of the report: what the driver did
};

// Brandes betweenness centrality from all sources, a sample or a list (betweenness.cpp).
struct Betweenness {
  using Value = double;
  static constexpr const char* kName = "bc";
  static constexpr const char* kValueName = "betweenness";
  static constexpr bool kTakesSource = true;  // --source: one source (or --bc-sources)
  static constexpr bool kNeedsSource = false;
  static double output(double value) { return value; }
  static std::vector<double> run(const PhasedRun& r);
};

// Strongly connected components, labelled by their smallest vertex id
// (strongly_connected.cpp).
struct StronglyConnected {
  using Value = VertexId;
  static constexpr const char* kName = "scc";
  static constexpr const char* kValueName = "component";
  static constexpr bool kTakesSource = false;
  static constexpr bool kNeedsSource = false;
  static VertexId output(VertexId value) { return value; }
  static std::vector<VertexId> run(const PhasedRun& r);
};

// clang-format off
#define WG_PHASED_ALGORITHMS(X) X(Betweenness) X(StronglyConnected)
// clang-format on

}  // namespace wg::engine
