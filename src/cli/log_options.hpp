// The logging options every subcommand takes: --log-level, --quiet and --verbose. When
// several are given, --log-level wins, then --verbose, then --quiet.
#pragma once

#include <CLI/CLI.hpp>
#include <spdlog/common.h>

#include <string>

namespace wg::cli {

struct LogSettings {
  std::string level;  // empty: info, or what --quiet / --verbose say
  bool quiet = false;
  bool verbose = false;

  spdlog::level::level_enum effective_level() const;
};

// Adds the options to `command`, writing into `settings` (shared by every subcommand).
void add_log_options(CLI::App& command, LogSettings& settings);

}  // namespace wg::cli
