// Stopping a graph run at the next iteration boundary on SIGUSR1 (Slurm's warning
// signal, sbatch --signal=USR1@120), SIGTERM or SIGINT. The handler only sets a flag; the ranks
// agree on stopping through the per-iteration convergence reduction, so all of them stop
// after the same iteration and write one checkpoint together.
#pragma once

namespace wg::engine {

// Installs the handlers (idempotent).
void install_stop_handlers();
// The signal received so far, or 0.
int stop_signal_received();

}  // namespace wg::engine
