// warpgraph: multi-GPU vertex-centric graph analytics and batched global alignment.
// main() owns MPI, logging and error handling; each subcommand lives in src/cli/.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <exception>
#include <iostream>

#include "cli/commands.hpp"
#include "error.hpp"
#include "exit_codes.hpp"
#include "log.hpp"
#include "mpi_session.hpp"
#include "version.hpp"

int main(int argc, char** argv) {
  wg::MpiSession mpi(argc, argv);

  CLI::App app{
      "warpgraph: vertex-centric graph analytics and batched Needleman-Wunsch alignment\n"
      "on GPU clusters (MPI + CUDA + NCCL), with a host backend where no GPU is present.",
      "warpgraph"};
  app.set_version_flag("--version", [] { return wg::version_text(); });
  bool verbose = false;
  app.add_flag("-v,--verbose", verbose, "Debug-level logging");
  app.require_subcommand(1);
  app.fallthrough();

  int exit_code = wg::kExitOk;
  wg::cli::add_convert_command(app, exit_code);
  wg::cli::add_generate_command(app, exit_code);
  wg::cli::add_info_command(app, exit_code);
  wg::cli::add_run_command(app, exit_code);
  wg::cli::add_align_command(app, exit_code);
  app.parse_complete_callback([&] { wg::init_logging(mpi.rank(), mpi.size(), verbose); });

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every rank parses the same arguments, so every rank leaves here together.
    if (mpi.rank() == 0) {
      const int code = app.exit(e);
      return code == 0 ? wg::kExitOk : wg::kExitUsage;
    }
    return e.get_exit_code() == 0 ? wg::kExitOk : wg::kExitUsage;
  } catch (const std::exception& e) {
    if (spdlog::default_logger_raw() && spdlog::get("warpgraph")) {
      spdlog::error("{}", e.what());
      spdlog::default_logger()->flush();
    } else {
      std::cerr << "warpgraph: error: " << e.what() << std::endl;
    }
    mpi.abort_all(wg::kExitError);
  }
  return exit_code;
}
