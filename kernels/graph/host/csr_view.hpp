// Non-owning views of the adjacency a partition stores, as the operators read them.
#pragma once

#include "src/common/types.hpp"

namespace wg::kernels::graph {

// In-edges of the vertices in `rows`: the sources of row v are
// indices[indptr[v - rows.begin] .. indptr[v - rows.begin + 1]); weights may be null
// (every edge then counts 1).
struct InCsrView {
  VertexRange rows;
  const EdgeIndex* indptr = nullptr;
  const VertexId* indices = nullptr;
  const Weight* weights = nullptr;
};

// Activation lists: for any vertex u of the graph, targets[indptr[u] .. indptr[u + 1])
// are the vertices of this partition's stored range that read u (the transpose of the
// stored in-edges, so sources from anywhere in the graph are covered), with the edge
// weights beside them (null: every edge counts 1).
struct TargetsView {
  const EdgeIndex* indptr = nullptr;
  const VertexId* targets = nullptr;
  const Weight* weights = nullptr;
};

}  // namespace wg::kernels::graph
