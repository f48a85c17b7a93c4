// --threads N: OpenMP threads per rank for the commands that compute on the host (run,
// align). Without it, OMP_NUM_THREADS or the OpenMP default (every core) applies.
#pragma once

#include <CLI/CLI.hpp>

namespace wg::cli {

void add_threads_option(CLI::App& command);

}  // namespace wg::cli
