#include "src/log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <mutex>

namespace wg {

std::optional<spdlog::level::level_enum> parse_log_level(const std::string& name) {
  static const std::map<std::string, spdlog::level::level_enum> levels{
      {"trace", spdlog::level::trace}, {"debug", spdlog::level::debug},
      {"info", spdlog::level::info},   {"warn", spdlog::level::warn},
      {"error", spdlog::level::err},   {"off", spdlog::level::off}};
  const auto found = levels.find(name);
  if (found == levels.end()) return std::nullopt;
  return found->second;
}

void init_logging(int rank, int size, spdlog::level::level_enum level) {
  auto logger = spdlog::get("warpgraph");
  if (!logger) logger = spdlog::stderr_color_mt("warpgraph");
  const std::string who = size > 1 ? "warpgraph[" + std::to_string(rank) + "]" : "warpgraph";
  logger->set_pattern(who + ": %^%l%$: %v");
  // Other ranks repeat rank 0's progress; keep them to what concerns them alone.
  if (rank != 0 && level > spdlog::level::debug) level = std::max(level, spdlog::level::warn);
  logger->set_level(level);
  spdlog::set_default_logger(logger);
}

bool ProgressClock::due() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < interval_) return false;
  last_ = now;
  return true;
}

spdlog::level::level_enum every_few_seconds(const char* topic) {
  static std::mutex mutex;
  static std::map<std::string, ProgressClock> clocks;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto [clock, first] = clocks.try_emplace(topic);
  return first || clock->second.due() ? spdlog::level::info : spdlog::level::debug;
}

}  // namespace wg
