// Multi-phase algorithms (bc, scc), as Ligra apps are written: a driver runs several
// vertex programs one after another over the same loaded graph, each phase starting from
// values it computes from the previous phases' results. The phases are ordinary vertex
// programs (kernels/graph, marked kPhase), so both backends run them; the driver is
// plain host code between whole enactor runs, and the enactor loop knows nothing of it.
//
// PhaseRunner holds the graph twice, as loaded for pulls over in-edges and over
// out-edges (programs with kReversed, the backward phases), and one enactor per program,
// built on first use: the partitions stay on their devices across phases and sources.
// A phase's result comes back whole on every rank (every vertex by global id), so the
// driver can start the next phase, whose partitions hold other ranges, from it.
#pragma once

#include <mpi.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <typeindex>
#include <vector>

#include "src/common/mpi_check.hpp"
#include "src/engine/enactor.hpp"

namespace wg::engine {

// A stop signal ended a phase: the run stops there, without results or checkpoint.
struct PhaseInterrupted {
  int signal = 0;
};

// Collective: the values of each rank's contiguous range (ranges in rank order, covering
// every vertex once) gathered into one array on every rank.
template <typename T>
std::vector<T> gather_ranges(const std::vector<T>& mine, VertexId num_vertices, MPI_Comm comm) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  MPI_Datatype element;
  MPI_CHECK(MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &element));
  MPI_CHECK(MPI_Type_commit(&element));
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  MPI_CHECK(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm));
  for (std::size_t r = 1; r < counts.size(); ++r) displs[r] = displs[r - 1] + counts[r - 1];
  std::vector<T> all(num_vertices);
  MPI_CHECK(MPI_Allgatherv(mine.data(), count, element, all.data(), counts.data(), displs.data(),
                           element, comm));
  MPI_CHECK(MPI_Type_free(&element));
  return all;
}

class PhaseRunner {
 public:
  // `options` (params aside) apply to every phase; phases keep no checkpoints.
  PhaseRunner(const EngineGraph& forward, const EngineGraph& reversed,
              comm::graph::BundleExchanger& exchanger, MPI_Comm world, const EnactOptions& options)
      : forward_(forward),
        reversed_(reversed),
        exchanger_(exchanger),
        world_(world),
        options_(options) {
    options_.checkpoint_path.clear();
    options_.checkpoint_every = 0;
    options_.resume = nullptr;
  }

  // Runs program P to convergence from `start` (every vertex's value by global id; null:
  // P::init) and returns every vertex's final value, on every rank. Its iterations go to
  // `report`. Throws PhaseInterrupted when a stop signal ended it.
  template <typename P>
  std::vector<typename P::Value> run(const kernels::graph::ProgramParams& params, RunReport& report,
                                     const std::vector<typename P::Value>* start = nullptr) {
    const EnactResult<typename P::Value> result = enactor<P>(report).run(params, report, start);
    iterations_ += result.iterations;
    if (result.reason == StopReason::signal) throw PhaseInterrupted{result.signal};
    return gather_ranges(result.values, forward_.info.num_vertices, world_);
  }

  // Iterations of all phases run so far.
  std::uint64_t iterations() const { return iterations_; }
  // Each phase's partition_walk (what its partitions built, by phase name): phases may
  // differ, as vertex grouping leaves the pull-only ones exact (vertex_groups.hpp).
  const nlohmann::json& walks() const { return walks_; }

 private:
  template <typename P>
  Enactor<P>& enactor(RunReport& report) {
    std::shared_ptr<void>& held = enactors_[std::type_index(typeid(P))];
    if (!held) {
      held = std::make_shared<Enactor<P>>(P::kReversed ? reversed_ : forward_, exchanger_, world_,
                                          options_, report);
      walks_[P::kName] = report.header()["partition_walk"];
    }
    return *static_cast<Enactor<P>*>(held.get());
  }

  const EngineGraph& forward_;
  const EngineGraph& reversed_;
  comm::graph::BundleExchanger& exchanger_;
  MPI_Comm world_;
  EnactOptions options_;
  std::map<std::type_index, std::shared_ptr<void>> enactors_;
  std::uint64_t iterations_ = 0;
  nlohmann::json walks_ = nlohmann::json::object();
};

}  // namespace wg::engine
