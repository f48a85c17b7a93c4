// --threads N: OpenMP threads per rank for the commands that compute on the host (run,
// align). Without it, OMP_NUM_THREADS applies, else the rank's share of the cores it may
// run on (comm/host_cores.hpp): every core of its CPU binding, split evenly with the other
// ranks of the host that may run on the same cores.
#pragma once

#include <CLI/CLI.hpp>

namespace wg::cli {

void add_threads_option(CLI::App& command);

// Collective over MPI_COMM_WORLD, first thing in the commands that take --threads: without
// --threads or OMP_NUM_THREADS, sets the rank's OpenMP thread count to its share of the
// host's cores.
void settle_threads(const CLI::App& command);

}  // namespace wg::cli
