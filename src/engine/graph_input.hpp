// The engine's view of a graph: its description and collective reads of CSR slices.
// Files go through src/graph (sharded HDF5); tests may hand in graphs held in memory.
#pragma once

#include <mpi.h>

#include <memory>
#include <string>
#include <vector>

#include "src/graph/graph_file.hpp"

namespace wg::engine {

class GraphInput {
 public:
  virtual ~GraphInput() = default;
  virtual const graph::GraphInfo& info() const = 0;
  // Collective over comm, as graph::read_csr and graph::read_indptr.
  virtual graph::CsrSlice read_csr(graph::EdgeDirection direction, VertexRange range,
                                   MPI_Comm comm) const = 0;
  virtual std::vector<EdgeIndex> read_indptr(graph::EdgeDirection direction, VertexRange range,
                                             MPI_Comm comm) const = 0;
};

// A sharded HDF5 graph file (its index file).
std::unique_ptr<GraphInput> open_graph_file(const std::string& index_path);

}  // namespace wg::engine
