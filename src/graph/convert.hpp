// `warpgraph convert`: a text graph file in, a sharded HDF5 graph out.
#pragma once

#include <mpi.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "src/graph/edge_file.hpp"
#include "src/graph/graph_writer.hpp"
#include "src/graph/vertex_order.hpp"

namespace wg::graph {

struct ConvertOptions {
  std::string input;
  std::string output;
  std::optional<InputFormat> format;  // guessed from the input's name when empty
  bool undirected = false;            // add the reverse of every edge
  bool keep_self_loops = false;
  bool keep_duplicates = false;
  bool relabel = false;  // edge lists: number the ids densely, keep the originals
  VertexOrder reorder = VertexOrder::none;  // renumber the vertices for locality
  std::uint32_t num_shards = 0;             // 0: automatic
};

// Collective over comm: refuses, before any work, an output or report that names the
// input or each other, or that cannot be written (missing folder, not a regular file).
void check_convert_outputs(const ConvertOptions& options, const std::string& report, MPI_Comm comm);

// Collective over comm. Returns a report (the same on every rank) with the graph's
// counts, the time taken and the throughput.
nlohmann::json convert_graph(const ConvertOptions& options, MPI_Comm comm);

}  // namespace wg::graph
