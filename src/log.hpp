// Logging set-up: spdlog to stderr. Rank 0 reports progress at the chosen level (info by
// default); other ranks report only warnings and errors, prefixed with their rank so
// messages can be traced, unless debug output is asked for.
#pragma once

#include <spdlog/common.h>

#include <chrono>
#include <optional>
#include <string>

namespace wg {

// Parses a --log-level value (trace, debug, info, warn, error, off); nullopt if unknown.
std::optional<spdlog::level::level_enum> parse_log_level(const std::string& name);

void init_logging(int rank, int size, spdlog::level::level_enum level);

// Progress of a long step: due() is true at most once per interval, so a loop can log
// its progress every few seconds whatever its speed.
class ProgressClock {
 public:
  explicit ProgressClock(std::chrono::duration<double> interval = std::chrono::seconds(5))
      : interval_(interval), last_(std::chrono::steady_clock::now()) {}
  bool due();

 private:
  std::chrono::duration<double> interval_;
  std::chrono::steady_clock::time_point last_;
};

// The level of a line in a stream of frequent lines (one per iteration): info at most
// every few seconds per topic (and for the first line), debug otherwise, so the default
// output stays short while --log-level debug shows every line.
spdlog::level::level_enum every_few_seconds(const char* topic);

}  // namespace wg
