#include "commands.hpp"

#include <spdlog/spdlog.h>

#include "exit_codes.hpp"

namespace wg::cli {

void add_generate_command(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("generate", "(not implemented yet)");
  command->allow_extras();
  command->callback([&exit_code] {
    spdlog::error("'warpgraph generate' is not implemented yet in this build");
    exit_code = kExitNotBuilt;
  });
}

}  // namespace wg::cli
