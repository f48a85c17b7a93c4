// The CUDA backend of one partition: its stored in-edges and activation lists, a full
// copy of the values and full-length bitmasks on its GPU, and the count, compute,
// refine and scatter steps of the enactor (enactor.hpp) run there. Plain C++ here; the
// kernels live in kernels/graph/cuda and are instantiated in cuda_partition.cu for the
// built-in programs. Every call makes the partition's GPU current, so partitions of one
// rank may run side by side on host threads.
#pragma once

#include <cstddef>
#include <memory>

#include "engine/engine_graph.hpp"
#include "graph/bitmask.hpp"
#include "graph/cuda/update_pair.hpp"
#include "graph/vertex_program.hpp"

namespace wg::engine {

// Pull kernel of the GPU backend: auto picks WS when at least half of the assigned range
// is active and dynamic assignment otherwise; vwc is the virtual-warp baseline.
enum class KernelChoice { automatic, ws, dynamic, vwc };

inline const char* to_string(KernelChoice choice) {
  switch (choice) {
    case KernelChoice::automatic:
      return "auto";
    case KernelChoice::ws:
      return "ws";
    case KernelChoice::dynamic:
      return "dynamic";
    case KernelChoice::vwc:
      return "vwc";
  }
  return "?";
}

template <typename P>
class CudaPartition {
 public:
  using Value = typename P::Value;
  using Pair = graph::cuda::UpdatePair<Value>;

  struct Step {
    double edges = 0.0;
    std::size_t outbox = 0;  // pairs ready for copy_outbox
  };

  // Copies the partition, the boundary marks and the statics to `device`, and the
  // initial values and frontier (full length).
  CudaPartition(int device, const PartitionGraph& graph, const EngineGraph& g,
                VertexId section_size, KernelChoice kernel, const Value* values,
                const graph::BitWord* frontier);
  ~CudaPartition();
  CudaPartition(const CudaPartition&) = delete;
  CudaPartition& operator=(const CudaPartition&) = delete;

  // Per section of `assigned`: active vertices of the frontier (when `active` is not
  // null) and the program's global term (when `term` is not null), written at the
  // section's index as the host backend does.
  void count(VertexRange assigned, double* active, double* term);

  // Clears the next frontier, pulls over `assigned` (dense, or only the active vertices),
  // commits the updates and compacts the outbox (boundary vertices only when
  // `refinement`). Fills change and updated counts per section.
  Step compute_and_refine(VertexRange assigned, bool dense, const graph::ProgramParams& params,
                          bool refinement, double* change_per_section, double* updated_per_section);
  void copy_outbox(Pair* into, std::size_t count);

  // Writes received pairs into the values and activates their targets.
  void scatter(const Pair* pairs, std::size_t count);
  void swap_frontiers();

  // Copies the full values and the current frontier back (checkpoints, results).
  void download(Value* values, graph::BitWord* frontier) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace wg::engine
