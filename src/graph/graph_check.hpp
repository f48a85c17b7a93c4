// `warpgraph info`'s work: degree statistics of a graph file and a full self-check
// (offsets monotone, ids in range, rows sorted, in- and out-edges transposes of each
// other, undirected graphs symmetric, shards contiguous and agreeing with the index).
#pragma once

#include <mpi.h>

#include <nlohmann/json.hpp>
#include <string>

#include "src/graph/graph_file.hpp"

namespace wg::graph {

struct DegreeStats {
  EdgeIndex min = 0;
  EdgeIndex max = 0;
  double mean = 0.0;
};

struct GraphSummary {
  GraphInfo graph;
  DegreeStats in_degree;
  DegreeStats out_degree;
  double read_seconds = 0.0;     // time in read_csr (slowest rank)
  std::uint64_t read_bytes = 0;  // bytes of offsets, ids and weights read (all ranks)
};

// Collective over comm: every rank reads and checks a contiguous share of the vertices.
// Throws wg::Error (on every rank) naming the file and dataset at the first problem.
GraphSummary check_graph(const GraphInfo& graph, MPI_Comm comm);

// The summary as `warpgraph info` prints it, and as JSON for --report.
std::string format_summary(const GraphSummary& summary);
nlohmann::json summary_json(const GraphSummary& summary);

}  // namespace wg::graph
