// The subcommands of the warpgraph executable, one file each. Every add_* function
// registers its subcommand with its options and a callback that runs it; the callback
// throws wg::Error on failure and may set exit_code for other non-zero outcomes.
#pragma once

#include <CLI/CLI.hpp>

namespace wg::cli {

void add_convert_command(CLI::App& app, int& exit_code);
void add_generate_command(CLI::App& app, int& exit_code);
void add_info_command(CLI::App& app, int& exit_code);
void add_run_command(CLI::App& app, int& exit_code);
void add_align_command(CLI::App& app, int& exit_code);

}  // namespace wg::cli
