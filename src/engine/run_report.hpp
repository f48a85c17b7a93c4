// Progress and the JSON report of a graph run: one record per iteration (active
// vertices, edges, updates, bytes exchanged, time, the borders in force), logged by rank 0
// as it happens, and a summary at the end.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "src/common/types.hpp"

namespace wg::engine {

struct IterationRecord {
  std::uint64_t iteration = 0;
  std::uint64_t active = 0;          // active vertices at the start of the iteration
  std::uint64_t edges = 0;           // in-edges read by the compute step
  std::uint64_t updates = 0;         // vertices whose value changed
  std::uint64_t outbox_bytes = 0;    // (id, value) pairs put in outboxes, all partitions
  std::uint64_t received_bytes = 0;  // bytes received by all ranks in the exchange
  std::uint64_t pull_partitions = 0;
  // Vertex grouping: vertices pulled because their group was active whose in-edges brought
  // nothing (reduced to the identity), which exact activation would not have pulled.
  std::uint64_t redundant = 0;
  double change = 0.0;  // summed change of the values (PageRank: L1)
  double seconds = 0.0;
  double step_seconds = 0.0;      // rank 0's balance and compute
  double exchange_seconds = 0.0;  // rank 0's exchange (with the wait for the slowest rank)
  std::vector<VertexId> borders;  // the assigned ranges the iteration computed
  std::vector<std::uint64_t> partition_edges;  // edges each partition walked
};

class RunReport {
 public:
  explicit RunReport(bool log_progress) : log_progress_(log_progress) {}

  nlohmann::json& header() { return header_; }
  void add(IterationRecord record);
  const std::vector<IterationRecord>& iterations() const { return iterations_; }

  // Logs the summary; `stopped_by` is converged, max-iterations or the signal name.
  void finish(const std::string& stopped_by, std::uint64_t total_iterations, double load_seconds);
  // Rank 0 writes the JSON through graph::write_report (published whole).
  void write(const std::string& path) const;

 private:
  bool log_progress_;
  nlohmann::json header_;
  nlohmann::json summary_;
  std::vector<IterationRecord> iterations_;
};

}  // namespace wg::engine
