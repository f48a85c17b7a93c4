// One entry of a GPU outbox or inbox: a vertex and its new value, laid out as the host
// backend's VertexUpdate (the engine checks that at compile time), so bundles mix freely.
#pragma once

#include "types.hpp"

namespace wg::graph::cuda {

template <typename Value>
struct UpdatePair {
  VertexId id;
  Value value;
};

}  // namespace wg::graph::cuda
