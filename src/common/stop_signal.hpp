// Stopping a graph run or an alignment at the next safe point on SIGUSR1 (Slurm's warning
// signal, sbatch --signal=USR1@120), SIGTERM or SIGINT (Ctrl-C keeps the work done, as
// TERM does). The handler only records the signal; the ranks agree on stopping themselves:
// a graph run through its per-iteration convergence reduction (all ranks stop after the
// same iteration and write one checkpoint together), an alignment through its dispatcher
// (no new batches; the finished ones are written).
#pragma once

#include <atomic>

namespace wg {

// Installs the handlers and forgets any signal received before (a command starts afresh).
void install_stop_handlers();
// The signal received since install_stop_handlers, or 0.
int stop_signal_received();
// True once a signal was received: the flag the alignment dispatcher polls.
const std::atomic<bool>& stop_requested();

}  // namespace wg
