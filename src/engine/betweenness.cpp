// bc: Brandes's algorithm, one forward and one backward phase per source
// (kernels/graph/brandes.hpp), the dependencies summed over the sources.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "kernels/graph/brandes.hpp"
#include "src/common/error.hpp"
#include "src/engine/phased_algorithms.hpp"
#include "src/engine/source_sample.hpp"
#include "src/engine/vertex_list.hpp"
#include "src/graph/line_fields.hpp"

namespace wg::engine {

namespace {

using kernels::graph::BrandesBackward;
using kernels::graph::BrandesForward;

// --source V, --bc-sources all (the default), N (sampled with --seed) or FILE.
std::vector<VertexId> bc_sources(const PhasedRun& r, nlohmann::json& described) {
  const RunOptions& o = r.options;
  const VertexId n = r.input.info().num_vertices;
  WG_REQUIRE(!(r.source && o.bc_sources), "--algo bc takes --source or --bc-sources, not both");
  if (r.source) {
    described = {{"source", *r.source}};
    return {*r.source};
  }
  const std::string asked = o.bc_sources.value_or("all");
  if (asked == "all") {
    described = "all";
    std::vector<VertexId> all(n);
    for (VertexId v = 0; v < n; ++v) all[v] = v;
    return all;
  }
  std::uint64_t count = 0;
  if (graph::parse_unsigned(asked, count)) {
    WG_REQUIRE(count > 0, "--bc-sources 0: give at least one source (or all, or a file)");
    const std::vector<EdgeIndex> out =
        r.input.read_indptr(graph::EdgeDirection::out, {0, n}, r.world);
    std::vector<VertexId> picked = sample_sources(out, count, o.seed);
    WG_REQUIRE(picked.size() == count,
               "--bc-sources {}: graph {} has only {} vertices with out-edges to sample from",
               count, o.graph_path, picked.size());
    described = {{"sampled", count}, {"seed", o.seed}, {"vertices", picked}};
    return picked;
  }
  described = {{"file", asked}};
  return read_vertex_list(asked, "--bc-sources", r.ids, n);
}

}  // namespace

std::vector<double> Betweenness::run(const PhasedRun& r) {
  nlohmann::json described;
  const std::vector<VertexId> sources = bc_sources(r, described);
  const graph::GraphInfo& info = r.input.info();
  const VertexId n = info.num_vertices;
  std::vector<double> centrality(r.mine.size(), 0.0);
  std::vector<BrandesBackward::Value> start(n);
  kernels::graph::ProgramParams params;
  params.num_vertices = n;
  double seconds[2] = {0.0, 0.0};
  std::uint64_t iterations[2] = {0, 0};
  for (std::size_t i = 0; i < sources.size(); ++i) {
    params.source = sources[i];
    RunReport forward_report(false), backward_report(false);
    const std::vector<BrandesForward::Value> forward =
        r.phases.run<BrandesForward>(params, forward_report);
    std::uint32_t depth = 0;
    for (BrandesForward::Value f : forward) depth = std::max(depth, BrandesForward::level(f));
    WG_REQUIRE(depth < BrandesForward::kMaxLevel,
               "--algo bc: source {} has shortest paths of {} or more edges; bc handles at most "
               "{}",
               r.ids.name(sources[i]), BrandesForward::kMaxLevel, BrandesForward::kMaxLevel - 1);
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < static_cast<std::int64_t>(n); ++v) {
      const BrandesForward::Value f = forward[static_cast<std::size_t>(v)];
      start[static_cast<std::size_t>(v)] =
          f == 0 ? 0 : BrandesBackward::pending(depth - BrandesForward::level(f), f);
    }
    const std::vector<BrandesBackward::Value> backward =
        r.phases.run<BrandesBackward>(params, backward_report, &start);
    for (VertexId v = r.mine.begin; v < r.mine.end; ++v)
      if (v != sources[i] && forward[v] != 0)
        centrality[v - r.mine.begin] +=
            BrandesForward::paths(forward[v]) * BrandesBackward::as_double(backward[v]) - 1.0;
    const RunReport* reports[2] = {&forward_report, &backward_report};
    double took = 0.0;
    for (int phase = 0; phase < 2; ++phase) {
      iterations[phase] += reports[phase]->iterations().size();
      for (const IterationRecord& record : reports[phase]->iterations()) {
        seconds[phase] += record.seconds;
        took += record.seconds;
      }
    }
    spdlog::debug("bc: source {} ({} of {}): depth {}, {:.3f} ms", r.ids.name(sources[i]), i + 1,
                  sources.size(), depth, took * 1e3);
  }
  // Each unordered pair of an undirected graph was counted from both ends (networkx halves).
  if (!info.directed)
    for (double& c : centrality) c /= 2.0;
  r.header["bc"] = {{"sources", described},
                    {"source_count", sources.size()},
                    {"forward_iterations", iterations[0]},
                    {"backward_iterations", iterations[1]},
                    {"forward_seconds", seconds[0]},
                    {"backward_seconds", seconds[1]}};
  spdlog::info("bc: {} sources, {:.3f} s forward ({} iterations), {:.3f} s backward ({})",
               sources.size(), seconds[0], iterations[0], seconds[1], iterations[1]);
  return centrality;
}

}  // namespace wg::engine
