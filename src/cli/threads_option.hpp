// --threads N: OpenMP threads per rank for the commands that compute on the host (run,
// align). Without it, OMP_NUM_THREADS applies, else the command's default:
// - run: the rank's share of the cores it may run on (comm/host_cores.hpp): every core of
//   its CPU binding, split evenly with the other ranks of the node bound to the same
//   cores. Unbound ranks each running a team of every core made the host engine's
//   iterations 10 times slower (docs/PERFORMANCE.md, "Threads per rank").
// - align: OpenMP's own, every core of the binding. Rank 0 formats and writes every
//   rank's results, and with traceback the ranks' threads build CIGAR strings: on two
//   GPUs of one node, half the cores per rank made those jobs twice as slow, while
//   score-only jobs gained a fifth (same section).
#pragma once

#include <CLI/CLI.hpp>

namespace wg::cli {

enum class ThreadDefault { kEveryCore, kCoreShare };

// Adds --threads to a command, its help naming the default; a kCoreShare command calls
// settle_threads first thing in its callback.
void add_threads_option(CLI::App& command, ThreadDefault default_count);

// Collective over MPI_COMM_WORLD, first thing in the commands whose default is
// kCoreShare: without --threads or OMP_NUM_THREADS, sets the rank's OpenMP thread count to
// its share of the host's cores.
void settle_threads(const CLI::App& command);

}  // namespace wg::cli
