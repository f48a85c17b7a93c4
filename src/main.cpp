// warpgraph: multi-GPU vertex-centric graph analytics and batched global alignment.
// main() owns MPI, logging and error handling; each subcommand lives in src/cli/.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>

#include "comm/mpi_session.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/help_formatter.hpp"
#include "src/cli/log_options.hpp"
#include "src/common/error.hpp"
#include "src/common/exit_codes.hpp"
#include "src/log.hpp"
#include "src/version.hpp"

namespace {

// How long a failed rank waits for the others to fail too before it aborts the job:
// long enough for ranks that check the same thing at slightly different times.
constexpr double kFailureAgreementSeconds = 5.0;

void print_error(const char* message) {
  if (spdlog::get("warpgraph")) {
    spdlog::error("{}", message);
    spdlog::default_logger()->flush();
  } else {
    std::cerr << "warpgraph: error: " << message << std::endl;
  }
}

// Ends a failed rank. An error agreed collectively, or one every rank hit, ends every
// rank normally with status 1 and is printed once; otherwise the job must be aborted,
// since other ranks may be waiting for this one.
int fail_rank(const wg::comm::MpiSession& mpi, const std::exception& error) {
  if (mpi.size() == 1) {
    // Alone: abort_all leaves without MPI_Finalize, where HDF5 would crash closing a file
    // it cannot flush after a failed write.
    print_error(error.what());
    mpi.abort_all(wg::kExitError);
  }
  if (const auto* agreed = dynamic_cast<const wg::AgreedError*>(&error)) {
    if (agreed->found_here()) print_error(error.what());
    return wg::kExitError;
  }
  int first_rank = 0;
  if (mpi.all_ranks_failed(kFailureAgreementSeconds, &first_rank)) {
    if (mpi.rank() == first_rank) print_error(error.what());
    return wg::kExitError;
  }
  print_error(error.what());
  mpi.abort_all(wg::kExitError);
}

}  // namespace

int main(int argc, char** argv) {
  // The CUDA runtime loads each kernel on its first launch by default, which put about
  // 3 ms into the first iteration of every GPU run. Loaded at start-up instead, before
  // anything touches CUDA (MPI included); a user's own setting is kept.
  setenv("CUDA_MODULE_LOADING", "EAGER", /*overwrite=*/0);
  wg::comm::MpiSession mpi(argc, argv);

  CLI::App app{
      "warpgraph: vertex-centric graph analytics and batched Needleman-Wunsch alignment\n"
      "on GPU clusters (MPI + CUDA + NCCL), with a host backend where no GPU is present.",
      "warpgraph"};
  app.formatter(std::make_shared<wg::cli::HelpFormatter>());
  app.set_version_flag("--version", [] { return wg::version_text(); });
  app.require_subcommand(1);
  app.fallthrough();

  int exit_code = wg::kExitOk;
  wg::cli::add_convert_command(app, exit_code);
  wg::cli::add_generate_command(app, exit_code);
  wg::cli::add_info_command(app, exit_code);
  wg::cli::add_run_command(app, exit_code);
  wg::cli::add_align_command(app, exit_code);
  wg::cli::LogSettings log_settings;
  wg::cli::add_log_options(app, log_settings);
  for (CLI::App* command : app.get_subcommands({}))
    wg::cli::add_log_options(*command, log_settings);
  app.parse_complete_callback(
      [&] { wg::init_logging(mpi.rank(), mpi.size(), log_settings.effective_level()); });

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
    return fail_rank(mpi, e);
  }
  return exit_code;
}
