// What every vertex program (one file per algorithm in this folder) is built from.
//
// A program is a struct of static WG_HD functions, so the host backend and the CUDA
// kernels run the very same code (after Khorasani's init/compute/reduce/update-condition):
//   Value identity()                       reduce's neutral value (what no in-edge gives)
//   Value init(VertexId v, const ProgramParams&)
//   Value emit(Value value, const VertexStatic& s)   what a vertex sends along its
//                                          out-edges (default: its value), computed once
//                                          per vertex and iteration when kEmits is set
//   Value gather(Value message, EdgeValue e)         contribution along one edge
//   Value reduce(Value a, Value b)          associative and commutative
//   bool  apply(Value& current, Value reduced, const ProgramParams&)   true when changed
//   Value output(Value value)               what the result files show (default: the value)
// plus traits, declared by shadowing the defaults of ProgramDefaults. The engine loop
// reads only these; an algorithm never sees MPI, launches or memory management.
//
// Frontier programs (kAllActive false) must be monotone: apply(current, r) changes the
// value exactly when reduce(current, r) != current, and then sets it to that. The engine
// then runs them in either direction every iteration: pull (each vertex reduces what its
// in-neighbours of the frontier send) or push (each frontier vertex reduces its message
// into its out-neighbours with an atomic compare-and-swap). Both reach the same unique
// fixed point, so results do not depend on the direction, the kernel or the threads.
#pragma once

#include <cstdint>
#include <limits>

#include "src/common/host_device.hpp"
#include "src/common/types.hpp"

namespace wg::kernels::graph {

// Read-only per-vertex data a gather may use about the in-neighbour it reads.
struct VertexStatic {
  std::uint32_t out_degree = 0;
};

// The value attached to an edge: its weight, or 1 on unweighted graphs.
using EdgeValue = Weight;

// Run parameters shared by all programs. global_sum is the result of the program's
// per-iteration global reduction (see ProgramDefaults::kHasGlobalTerm), refreshed by the
// engine before every compute step, as is the iteration number.
struct ProgramParams {
  VertexId source = 0;
  VertexId num_vertices = 0;
  double damping = 0.85;
  double global_sum = 0.0;
  std::uint64_t iteration = 0;  // the iteration being computed (0 first), set by the engine
};

struct ProgramDefaults {
  static constexpr bool kNeedsSource = false;   // --source is required
  static constexpr bool kUsesWeights = false;   // read edge weights (else each edge is 1)
  static constexpr bool kNeedsWeights = false;  // refuse unweighted graphs
  static constexpr bool kRejectsNegativeWeights = false;
  static constexpr bool kUndirected = false;      // pull over in- and out-edges
  static constexpr bool kAllActive = false;       // every vertex recomputes every iteration
  static constexpr bool kNeedsOutDegree = false;  // fill VertexStatic::out_degree
  static constexpr bool kEmits = false;           // emit() differs from the value
  // Every vertex changes at most once, to what any frontier in-neighbour sends (BFS):
  // a pull skips vertices that have a value and stops at the first frontier in-neighbour.
  static constexpr bool kLevelSynchronous = false;
  // Per-iteration global reduction: global_term(value, static) is summed over all
  // vertices before each compute step and handed to the program as params.global_sum.
  static constexpr bool kHasGlobalTerm = false;
  // Convergence by tolerance: the run stops when the sum of change(old, new) over one
  // iteration's updates falls below --tolerance (otherwise: when nothing changed).
  static constexpr bool kUsesTolerance = false;
  // Level-synchronous programs whose value reduces what *every* frontier in-neighbour
  // sends (shortest-path counts): a pull reads them all instead of stopping at the first,
  // and the program never pushes, since a push cannot tell a target reached in this
  // iteration (which still takes more) from one reached before (which must not).
  static constexpr bool kWholeLevel = false;
  // apply also reads a per-vertex input weight (PPR's personalization), which the engine
  // holds beside the graph: bool apply(Value&, Value reduced, double weight, const ProgramParams&).
  static constexpr bool kVertexWeights = false;
  // apply reads, in the same slot, the vertex's weighted in-degree (the sum of the values
  // of the edges it pulls over: its in-degree on unweighted graphs), which the engine
  // computes from the stored in-edges (engine/engine_graph.hpp, in_weight_sums), with +inf
  // at the --source vertex: the value a program holds fixed (cs's supply, hs's heater).
  static constexpr bool kInWeightSum = false;
  // gather also reads the current value of the vertex it gathers for (the k-core's
  // h-index probe): Value gather(Value message, EdgeValue, Value target). All-active
  // programs only (they always pull; a push has no target value to offer).
  static constexpr bool kGathersTarget = false;
  // apply is not the reduce of a monotone program (it reads the vertex's own state and
  // may refuse what reduce would take): the engine always pulls, as a push reduces
  // straight into the target's value without apply.
  static constexpr bool kPullOnly = false;
  // One phase of a multi-phase algorithm (src/engine/phases.hpp): built for both backends
  // from the registry, but no --algo of its own.
  static constexpr bool kPhase = false;
  // Pulls over the out-edges instead (the transposed graph): backward phases.
  static constexpr bool kReversed = false;

  template <typename Value>
  static WG_HD double global_term(Value, const VertexStatic&) {
    return 0.0;
  }
  template <typename Value>
  static WG_HD double change(Value, Value) {
    return 0.0;
  }
  template <typename Value>
  static WG_HD Value emit(Value value, const VertexStatic&) {
    return value;
  }
  template <typename Value>
  static Value output(Value value) {
    return value;
  }
};

// The weighted in-degree the engine hands to a kInWeightSum program's --source vertex.
constexpr double kHeldVertex = std::numeric_limits<double>::infinity();
WG_HD bool is_held(double in_weight_sum) { return in_weight_sum == kHeldVertex; }

// The update condition of CuSha's simulation programs (cs, hs, nn): a vertex takes its
// new value only when it moves by more than `threshold`, and the run ends in the first
// iteration where none does (what CuSha's update_condition returns to its host loop).
WG_HD bool update_beyond(double& current, double next, double threshold) {
  const double moved = next > current ? next - current : current - next;
  if (!(moved > threshold)) return false;
  current = next;
  return true;
}

// The gather and apply of any program, as the operators call them: the optional target
// value and vertex weight are passed to the programs that ask for them.
template <typename P>
WG_HD typename P::Value gather_for(typename P::Value message, EdgeValue e,
                                   const typename P::Value* target) {
  if constexpr (P::kGathersTarget) {
    static_assert(P::kAllActive, "a target-reading gather needs an all-active program");
    return P::gather(message, e, *target);
  } else {
    (void)target;
    return P::gather(message, e);
  }
}

template <typename P>
WG_HD bool apply_for(typename P::Value& current, typename P::Value reduced, VertexId v,
                     const double* vertex_weights, const ProgramParams& params) {
  if constexpr (P::kVertexWeights || P::kInWeightSum) {
    return P::apply(current, reduced, vertex_weights[v], params);
  } else {
    (void)v;
    (void)vertex_weights;
    return P::apply(current, reduced, params);
  }
}

}  // namespace wg::kernels::graph
