// One entry of an outbox or inbox: a vertex and its new value. Host and CUDA partitions
// use the same layout, so bundles of updates mix freely.
#pragma once

#include "src/common/types.hpp"

namespace wg::kernels::graph {

template <typename Value>
struct UpdatePair {
  VertexId id;
  Value value;
};

}  // namespace wg::kernels::graph
