#include "src/engine/run_report.hpp"

#include <spdlog/spdlog.h>

#include "src/graph/report_file.hpp"
#include "src/log.hpp"

namespace wg::engine {

namespace {
std::string human_bytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (bytes >= 1024.0 && unit < 4) {
    bytes /= 1024.0;
    ++unit;
  }
  return fmt::format("{:.1f} {}", bytes, units[unit]);
}
}  // namespace

void RunReport::add(IterationRecord record) {
  if (log_progress_)
    spdlog::log(every_few_seconds("iteration"),
                "iteration {}: {} active, {} edges, {} updated, {} in outboxes, {:.2f} ms{}",
                record.iteration, record.active, record.edges, record.updates,
                human_bytes(static_cast<double>(record.outbox_bytes)), record.seconds * 1e3,
                record.change > 0.0 ? fmt::format(", L1 change {:.3g}", record.change) : "");
  iterations_.push_back(std::move(record));
}

void RunReport::finish(const std::string& stopped_by, std::uint64_t total_iterations,
                       double load_seconds) {
  double seconds = 0.0, step = 0.0, exchange = 0.0;
  std::uint64_t edges = 0, outbox = 0, received = 0, redundant = 0;
  for (const IterationRecord& r : iterations_) {
    seconds += r.seconds;
    step += r.step_seconds;
    exchange += r.exchange_seconds;
    edges += r.edges;
    outbox += r.outbox_bytes;
    received += r.received_bytes;
    redundant += r.redundant;
  }
  const double rate = seconds > 0.0 ? static_cast<double>(edges) / seconds : 0.0;
  summary_ = {{"stopped_by", stopped_by},
              {"iterations", total_iterations},
              {"iterations_this_run", iterations_.size()},
              {"load_seconds", load_seconds},
              {"compute_seconds", seconds},
              {"step_seconds", step},
              {"exchange_seconds", exchange},
              {"edges", edges},
              {"edges_per_second", rate},
              {"outbox_bytes", outbox},
              {"received_bytes", received},
              {"redundant", redundant}};
  if (log_progress_)
    spdlog::info(
        "{} after {} iterations: {:.3f} s ({:.3f} s loading), {:.3g} edges/s, {} in outboxes",
        stopped_by, summary_["iterations"].get<std::uint64_t>(), seconds, load_seconds, rate,
        human_bytes(static_cast<double>(outbox)));
}

void RunReport::write(const std::string& path) const {
  nlohmann::json report = header_;
  report["summary"] = summary_;
  nlohmann::json iterations = nlohmann::json::array();
  for (const IterationRecord& r : iterations_)
    iterations.push_back({{"iteration", r.iteration},
                          {"active", r.active},
                          {"edges", r.edges},
                          {"updates", r.updates},
                          {"outbox_bytes", r.outbox_bytes},
                          {"received_bytes", r.received_bytes},
                          {"pull_partitions", r.pull_partitions},
                          {"redundant", r.redundant},
                          {"change", r.change},
                          {"seconds", r.seconds},
                          {"step_seconds", r.step_seconds},
                          {"exchange_seconds", r.exchange_seconds},
                          {"borders", r.borders},
                          {"partition_edges", r.partition_edges}});
  report["iterations"] = std::move(iterations);
  graph::write_report(path, report);
}

}  // namespace wg::engine
