#include "src/cli/threads_option.hpp"

#include <mpi.h>
#include <omp.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <string>

#include "comm/host_cores.hpp"

namespace wg::cli {

void add_threads_option(CLI::App& command, ThreadDefault default_count) {
  const std::string default_text =
      default_count == ThreadDefault::kCoreShare
          ? "the rank's share of the cores it may run on: the cores of its CPU binding, "
            "split evenly among the ranks of the node bound to the same cores"
          : "every core of the rank's CPU binding";
  // Applied while parsing, before the command runs and sizes its work by the thread count.
  command
      .add_option_function<int>(
          "--threads", [](int threads) { omp_set_num_threads(threads); },
          "OpenMP threads per rank (default: OMP_NUM_THREADS, else " + default_text + ")")
      ->check(CLI::PositiveNumber);
}

void settle_threads(const CLI::App& command) {
  // Every rank takes part, whatever it was told: OMP_NUM_THREADS may differ between ranks.
  const int share = comm::host_cores(MPI_COMM_WORLD).share;
  const char* environment = std::getenv("OMP_NUM_THREADS");
  if (command.count("--threads") > 0 || (environment != nullptr && *environment != '\0')) return;
  omp_set_num_threads(share);
  spdlog::debug("{} OpenMP threads per rank: this rank's share of the cores it may run on", share);
}

}  // namespace wg::cli
