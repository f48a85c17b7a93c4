// The registry of built-in vertex programs: one type list that drives the CLI's --algo
// names, the host and CUDA instantiations, and the tests. Adding an algorithm is one file
// in this folder and one entry here; a multi-phase algorithm (bc, scc) lists its phases
// here (kPhase: built for both backends, no --algo of their own) and its driver in
// src/engine/phased_algorithms.hpp.
#pragma once

#include "kernels/graph/bfs.hpp"
#include "kernels/graph/brandes.hpp"
#include "kernels/graph/cc.hpp"
#include "kernels/graph/circuit.hpp"
#include "kernels/graph/heat.hpp"
#include "kernels/graph/kcore.hpp"
#include "kernels/graph/neural.hpp"
#include "kernels/graph/pagerank.hpp"
#include "kernels/graph/personalized_pagerank.hpp"
#include "kernels/graph/scc.hpp"
#include "kernels/graph/ssnsp.hpp"
#include "kernels/graph/sssp.hpp"
#include "kernels/graph/sswp.hpp"

namespace wg::kernels::graph {

template <typename... P>
struct ProgramList {};

// The registry. X(P) for every program; what needs types takes BuiltinPrograms below,
// what needs names (explicit template instantiations) expands the macro itself.
// clang-format off
#define WG_BUILTIN_PROGRAMS(X) \
  X(Bfs) X(Sssp) X(Sswp) X(ConnectedComponents) X(PageRank) X(PersonalizedPageRank) \
  X(KCore) X(ShortestPathCounts) X(BrandesForward) X(BrandesBackward) X(SccColour) X(SccReach) \
  X(CircuitSimulation) X(HeatSimulation) X(NeuralNetwork)
// clang-format on

template <typename First, typename... P>
struct ProgramListAfter {
  using type = ProgramList<P...>;
};
#define WG_PROGRAM_LIST_ENTRY(P) , P
using BuiltinPrograms = ProgramListAfter<void WG_BUILTIN_PROGRAMS(WG_PROGRAM_LIST_ENTRY)>::type;
#undef WG_PROGRAM_LIST_ENTRY

template <typename P>
struct ProgramTag {
  using type = P;
};

// Calls f(ProgramTag<P>{}) for every program P of the list, in order.
template <typename F, typename... P>
void for_each_program(ProgramList<P...>, F&& f) {
  (f(ProgramTag<P>{}), ...);
}

}  // namespace wg::kernels::graph
