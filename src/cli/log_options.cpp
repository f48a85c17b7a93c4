#include "src/cli/log_options.hpp"

#include "src/log.hpp"

namespace wg::cli {

spdlog::level::level_enum LogSettings::effective_level() const {
  if (!level.empty()) return *parse_log_level(level);  // checked when parsed
  if (verbose) return spdlog::level::debug;
  if (quiet) return spdlog::level::warn;
  return spdlog::level::info;
}

void add_log_options(CLI::App& command, LogSettings& settings) {
  command
      .add_option("--log-level", settings.level,
                  "Messages to show: trace, debug, info (default), warn, error or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
      ->group("Logging");
  command.add_flag("-q,--quiet", settings.quiet, "Only warnings and errors (--log-level warn)")
      ->group("Logging");
  command.add_flag("-v,--verbose", settings.verbose, "Every progress line (--log-level debug)")
      ->group("Logging");
}

}  // namespace wg::cli
