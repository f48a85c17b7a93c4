// `warpgraph generate`: an RMAT graph generated in parallel and written as shards.
#pragma once

#include <mpi.h>

#include <nlohmann/json.hpp>
#include <string>

#include "src/graph/graph_writer.hpp"
#include "src/graph/rmat.hpp"
#include "src/graph/vertex_order.hpp"

namespace wg::graph {

struct GenerateOptions {
  RmatParameters rmat;
  std::string output;
  WriteOptions write;  // directed, keep_self_loops, keep_duplicates, num_shards
  VertexOrder reorder = VertexOrder::none;  // renumber the vertices for locality
};

// Collective over comm: rank r generates edges [M r / P, M (r + 1) / P) of the sequence.
// Returns a report (the same on every rank).
nlohmann::json generate_graph(const GenerateOptions& options, MPI_Comm comm);

}  // namespace wg::graph
