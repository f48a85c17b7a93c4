#include "src/cli/threads_option.hpp"

#include <omp.h>

namespace wg::cli {

void add_threads_option(CLI::App& command) {
  // Applied while parsing, before the command runs and sizes its work by the thread count.
  command
      .add_option_function<int>(
          "--threads", [](int threads) { omp_set_num_threads(threads); },
          "OpenMP threads per rank (default: OMP_NUM_THREADS, else every core)")
      ->check(CLI::PositiveNumber);
}

}  // namespace wg::cli
