// Core numbers: the largest k such that the vertex lies in the k-core (the largest
// subgraph in which every vertex has at least k neighbours), as networkx.core_number
// computes them on the graph taken as undirected: the neighbours of a vertex are its
// in- and out-neighbours, each stored edge counted once (a directed graph is read as
// networkx reads a DiGraph: an edge each way counts twice; a self-loop counts as the
// stored rows list it, while networkx refuses graphs with self-loops).
//
// The h-index iteration (Lue et al., Nature Communications 2016): starting from the
// degree, every vertex repeatedly lowers its upper bound hi to what its neighbours'
// bounds allow; the bounds fall monotonically to the core numbers. Instead of the
// h-index itself (which needs a histogram of the neighbours' bounds), every iteration
// tests one threshold p per vertex: c = #(neighbours with hi >= p).
//   c >= p: the vertex has p neighbours that may be in the p-core: lo = p;
//   c <  p: its core number is below p, since the neighbours in its core all have
//           bounds at least its core number: hi = p - 1, and lo = c, as c neighbours
//           have bounds above c.
// p is the middle of [lo, hi] (a binary search), and hi itself once lo == hi; a vertex
// is stable when hi passes its own test, and when all are, every hi is a core number.
// The value packs hi (upper 32 bits, exact even in a checkpoint's float64 copy, where
// rounding may only raise it, which is safe) and lo; the reduced value is the count c.
#pragma once

#include <cstdint>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

struct KCore : ProgramDefaults {
  using Value = std::uint64_t;
  static constexpr const char* kName = "kcore";
  static constexpr bool kUndirected = true;
  static constexpr bool kAllActive = true;  // Jacobi: each iteration reads the last bounds
  static constexpr bool kGathersTarget = true;
  static constexpr std::uint32_t kUnknown = UINT32_MAX;  // hi before the degree is counted

  static WG_HD std::uint32_t hi(Value v) { return static_cast<std::uint32_t>(v >> 32); }
  static WG_HD std::uint32_t lo(Value v) { return static_cast<std::uint32_t>(v); }
  static WG_HD Value pack(std::uint32_t high, std::uint32_t low) {
    return (Value{high} << 32) | low;
  }
  // The threshold the vertex tests this iteration. (lo only guides the search: a lo
  // above hi, as a checkpoint's float64 copy of the value may round it, tests hi.)
  static WG_HD std::uint32_t probe(Value v) {
    return lo(v) >= hi(v) ? hi(v) : lo(v) + (hi(v) - lo(v) + 1) / 2;
  }

  static WG_HD Value identity() { return 0; }  // a count of 0
  static WG_HD Value init(VertexId, const ProgramParams&) { return pack(kUnknown, 0); }
  // The first iteration counts the neighbours (the degree); later ones the neighbours
  // whose bound reaches the target's threshold.
  static WG_HD Value gather(Value neighbour, EdgeValue, Value target) {
    if (hi(target) == kUnknown) return 1;
    return hi(neighbour) >= probe(target) ? 1 : 0;
  }
  static WG_HD Value reduce(Value a, Value b) { return a + b; }
  static WG_HD bool apply(Value& current, Value count, const ProgramParams&) {
    const auto c = static_cast<std::uint32_t>(count);
    Value next;
    if (hi(current) == kUnknown)
      next = pack(c, 0);
    else if (c >= probe(current))
      next = pack(hi(current), probe(current));
    else
      next = pack(probe(current) - 1, c);
    if (next == current) return false;
    current = next;
    return true;
  }
  static std::uint32_t output(Value v) { return hi(v); }
};

}  // namespace wg::kernels::graph
