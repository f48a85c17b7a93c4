// scc: rounds of the colouring phases (kernels/graph/scc.hpp) until every vertex is in
// a component. Every rank keeps the labels of all vertices (the phases' results come
// back whole), so the rounds need no communication of their own.
#include <spdlog/spdlog.h>

#include <limits>

#include "kernels/graph/scc.hpp"
#include "src/engine/phased_algorithms.hpp"

namespace wg::engine {

std::vector<VertexId> StronglyConnected::run(const PhasedRun& r) {
  using kernels::graph::SccColour;
  using kernels::graph::SccReach;
  constexpr VertexId kNone = std::numeric_limits<VertexId>::max();
  const VertexId n = r.input.info().num_vertices;
  const auto count = static_cast<std::int64_t>(n);
  std::vector<VertexId> label(n, kNone);
  std::vector<SccColour::Value> colour_start(n);
  std::vector<SccReach::Value> reach_start(n);
  kernels::graph::ProgramParams params;
  params.num_vertices = n;
  RunReport report(false);
  std::uint64_t left = n, rounds = 0;
  while (left > 0) {
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < count; ++v) {
      const auto i = static_cast<std::size_t>(v);
      colour_start[i] = label[i] != kNone ? SccColour::kDone : static_cast<VertexId>(v) + 1;
    }
    const std::vector<SccColour::Value> colour =
        r.phases.run<SccColour>(params, report, &colour_start);
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < count; ++v) {
      const auto i = static_cast<std::size_t>(v);
      reach_start[i] =
          label[i] != kNone
              ? SccReach::kDone
              : SccReach::start(colour[i] - 1, colour[i] - 1 == static_cast<VertexId>(v));
    }
    const std::vector<SccReach::Value> reached =
        r.phases.run<SccReach>(params, report, &reach_start);
    std::uint64_t found = 0;
#pragma omp parallel for schedule(static) reduction(+ : found)
    for (std::int64_t v = 0; v < count; ++v) {
      const auto i = static_cast<std::size_t>(v);
      if (label[i] == kNone && SccReach::reached(reached[i])) {
        label[i] = colour[i] - 1;
        ++found;
      }
    }
    left -= found;
    ++rounds;
    spdlog::debug("scc: round {} put {} vertices in components, {} left", rounds, found, left);
  }
  double seconds = 0.0;
  for (const IterationRecord& record : report.iterations()) seconds += record.seconds;
  r.header["scc"] = {
      {"rounds", rounds}, {"iterations", report.iterations().size()}, {"seconds", seconds}};
  spdlog::info("scc: {} rounds of colouring, {} iterations, {:.3f} s", rounds,
               report.iterations().size(), seconds);
  return std::vector<VertexId>(label.begin() + r.mine.begin, label.begin() + r.mine.end);
}

}  // namespace wg::engine
