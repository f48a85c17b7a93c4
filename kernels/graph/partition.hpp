// One partition of the graph engine, behind one interface with a host backend (OpenMP,
// host/host_partition.hpp) and a CUDA backend (cuda/cuda_partition.hpp). The enactor
// (src/engine/enactor.hpp) drives any number of them through the same steps:
//   step        one iteration over the assigned range, pushing or pulling, values
//               committed in place, the next frontier collected, the outbox compacted;
//   scatter     updates received from other partitions, added to the next frontier;
//   end         the next frontier becomes the current one.
// The frontier is the set of vertices whose value changed in the last iteration (the
// changed set), as a bitmask (and on the GPU also as a queue). All-active programs
// (PageRank) have none: every assigned vertex recomputes every iteration.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "kernels/graph/bitmask.hpp"
#include "kernels/graph/host/csr_view.hpp"
#include "kernels/graph/update_pair.hpp"
#include "kernels/graph/vertex_program.hpp"
#include "kernels/graph/virtual_split.hpp"
#include "partition/sections.hpp"

namespace wg::kernels::graph {

// Which way an iteration runs: pull over the in-edges of the assigned vertices, or push
// over the out-edges of the frontier. auto pushes while the frontier's out-edges are few.
enum class Direction { automatic, push, pull };

// How a pull walks the in-edges (the GPU's load-balancing strategies; the host backend
// has one): warp segmentation, dynamic assignment over a compacted list, virtual warps of
// K lanes per vertex (K fixed, or chosen per pull from the average in-degree of the
// pulled vertices), or one thread per vertex stopping at its first frontier in-neighbour
// (level-synchronous programs). auto: thread for level-synchronous programs, ws otherwise.
enum class KernelChoice {
  automatic,
  ws,
  dynamic,
  vwc2,
  vwc4,
  vwc8,
  vwc16,
  vwc32,
  vwc_auto,
  rowblock,
  thread
};

// Lanes per vertex of a virtual-warp kernel: K, 0 for vwc_auto, -1 for the other kernels.
inline int virtual_warp_lanes(KernelChoice k) {
  switch (k) {
    case KernelChoice::vwc2:
      return 2;
    case KernelChoice::vwc4:
      return 4;
    case KernelChoice::vwc8:
      return 8;
    case KernelChoice::vwc16:
      return 16;
    case KernelChoice::vwc32:
      return 32;
    case KernelChoice::vwc_auto:
      return 0;
    default:
      return -1;
  }
}

inline const char* to_string(Direction d) {
  switch (d) {
    case Direction::automatic:
      return "auto";
    case Direction::push:
      return "push";
    case Direction::pull:
      return "pull";
  }
  return "?";
}

inline const char* to_string(KernelChoice k) {
  switch (k) {
    case KernelChoice::automatic:
      return "auto";
    case KernelChoice::ws:
      return "ws";
    case KernelChoice::dynamic:
      return "dynamic";
    case KernelChoice::vwc2:
      return "vwc2";
    case KernelChoice::vwc4:
      return "vwc4";
    case KernelChoice::vwc8:
      return "vwc8";
    case KernelChoice::vwc16:
      return "vwc16";
    case KernelChoice::vwc32:
      return "vwc32";
    case KernelChoice::vwc_auto:
      return "vwc-auto";
    case KernelChoice::rowblock:
      return "rowblock";
    case KernelChoice::thread:
      return "thread";
  }
  return "?";
}

// A choice the partition makes itself from its graph or its GPU (--split auto, --group auto).
inline constexpr unsigned kChosenByPartition = kAutoSplit;

// How a partition walks its edges, beyond the pull kernel:
//   split  Tigr's virtual split (kernels/graph/virtual_split.hpp): rows of more than K
//          edges are walked as ceil(d / K) virtual nodes, one thread each (0: none);
//   group  KiTES vertex grouping (kernels/graph/vertex_groups.hpp): activation kept per
//          group of r consecutive vertices, one bit each, instead of exact out-edges (1: none).
inline constexpr unsigned kMaxSplitDegree = 1u << 20;
inline constexpr unsigned kGroupRatios[] = {2, 4, 32, 64};
struct WalkOptions {
  KernelChoice kernel = KernelChoice::automatic;
  unsigned split = 0;
  unsigned group = 1;
};

// What a partition built for its WalkOptions, the automatic choices resolved (the report).
struct WalkLayout {
  unsigned split = 0;                  // K in force (0: none)
  std::uint64_t virtual_nodes = 0;     // of the in-edge rows, with the split
  unsigned group = 1;                  // r in force (1: none)
  std::uint64_t activation_edges = 0;  // edges of the activation structure held
};

// What a partition computes from: host views of the engine's arrays (uploaded once by
// the CUDA backend). Full-length arrays are indexed by global vertex id.
struct PartitionView {
  VertexId num_vertices = 0;
  VertexRange stored;
  InCsrView in;         // in-edges of `stored` (both directions: undirected view)
  TargetsView targets;  // out-edges of every vertex into `stored` (push, activation)
  EdgeIndex num_targets = 0;
  const VertexStatic* statics = nullptr;   // full length, or null when the program needs none
  const BitWord* boundary = nullptr;       // full length: vertices other partitions read
  const double* vertex_weights = nullptr;  // per stored vertex: kVertexWeights, kInWeightSum
  partition::SectionLayout sections;
};

// One iteration's results, for the report and the stopping rule.
struct StepStats {
  std::uint64_t updates = 0;  // assigned vertices whose value changed
  std::uint64_t edges = 0;    // edges walked (pull: in-edges of the range; push: the frontier's)
  double change = 0.0;        // sum of P::change over the updates
  bool pulled = true;
  std::size_t outbox = 0;  // pairs in outbox()
  // Vertex grouping: vertices pulled only because another vertex of their group was
  // activated (the redundant work grouping trades for memory).
  std::uint64_t redundant = 0;
};

// Push iterations one Partition::push_levels call runs at most: the host hears of a stop
// signal within this many.
inline constexpr std::size_t kMaxPushLevelsPerCall = 512;

// One push iteration run by Partition::push_levels.
struct PushLevel {
  std::uint64_t active = 0;   // frontier vertices it walked
  std::uint64_t edges = 0;    // their out-edges
  std::uint64_t updates = 0;  // vertices that changed (the next frontier)
};

template <typename P>
class Partition {
 public:
  using Value = typename P::Value;
  using Update = UpdatePair<Value>;

  virtual ~Partition() = default;
  Partition() = default;
  Partition(const Partition&) = delete;
  Partition& operator=(const Partition&) = delete;

  // Full-length values and frontier (null: empty), at the start or from a checkpoint.
  virtual void load(const Value* values, const BitWord* frontier) = 0;

  // Frontier vertices per section of `assigned` (the balancer's load), written at the
  // section's index. The CUDA backend returns the counts of the previous iteration's
  // frontier, computed on the device without blocking (the balancer's one-iteration lag).
  virtual void section_loads(VertexRange assigned, double* loads) = 0;

  // The program's global term summed over `assigned` (partitions of several ranks sum it
  // with MPI, then pass it in ProgramParams::global_sum).
  virtual double global_term(VertexRange assigned) = 0;

  // One iteration over `assigned`. With `own_global_term` (a lone partition) the global
  // term is computed inside, never leaving the device. The outbox gets the changed
  // vertices (only the boundary ones with `boundary_only`); none without `make_outbox`.
  virtual StepStats step(VertexRange assigned, Direction direction, const ProgramParams& params,
                         bool own_global_term, bool make_outbox, bool boundary_only) = 0;
  // The outbox of the last step, in host memory, valid until the next step.
  virtual const Update* outbox() const = 0;

  virtual void scatter(const Update* updates, std::size_t count) = 0;
  // The next frontier becomes the current one; returns its size (vertices).
  virtual std::uint64_t end_iteration() = 0;

  // A lone partition's push iterations in a row, step and end_iteration each, without the
  // host in between: up to `max_levels` of them while `direction` resolves to push and
  // the frontier stays small (the levels of a high-diameter graph). Returns how many ran,
  // their counters in levels[0 ..) (at most kMaxPushLevelsPerCall); 0 when the current frontier
  // does not qualify (the caller then steps as usual). A backend without this runs none.
  virtual std::size_t push_levels(VertexRange /*assigned*/, Direction /*direction*/,
                                  std::size_t /*max_levels*/, PushLevel* /*levels*/) {
    return 0;
  }

  // Full values and the current frontier, back to the host (checkpoints, results).
  virtual void download(Value* values, BitWord* frontier) = 0;

  // What the partition built for its WalkOptions.
  virtual WalkLayout layout() const = 0;
};

// The direction auto picks: push while the frontier's out-edges stay under a fraction of
// all edges (Beamer's rule; level-synchronous pulls stop early, so they win sooner).
template <typename P>
constexpr bool can_push() {
  return !(P::kAllActive || P::kWholeLevel || P::kPullOnly);
}
// auto pushes while frontier out-edges x alpha < all edges.
template <typename P>
constexpr std::uint64_t push_alpha() {
  constexpr std::uint64_t kAlphaLevelSynchronous = 14;
  constexpr std::uint64_t kAlpha = 4;
  return P::kLevelSynchronous ? kAlphaLevelSynchronous : kAlpha;
}
// Beamer's test, shared by the host's choice and the device's push levels.
WG_HD constexpr bool push_wins(std::uint64_t frontier_edges, std::uint64_t alpha,
                               std::uint64_t all_edges) {
  return frontier_edges * alpha < all_edges;
}
template <typename P>
Direction choose_direction(Direction asked, std::uint64_t frontier_edges, EdgeIndex all_edges) {
  if (!can_push<P>()) return Direction::pull;
  if (asked != Direction::automatic) return asked;
  return push_wins(frontier_edges, push_alpha<P>(), all_edges) ? Direction::push : Direction::pull;
}

template <typename P>
std::unique_ptr<Partition<P>> make_cuda_partition(int device, const PartitionView& view,
                                                  const WalkOptions& walk);

}  // namespace wg::kernels::graph
