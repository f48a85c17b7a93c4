// Stopping a graph run or an alignment at the next safe point on SIGUSR1 (Slurm's warning
// signal, sbatch --signal=USR1@120), SIGTERM or SIGINT (Ctrl-C keeps the work done, as
// TERM does). The handler only records the signal; the ranks agree on stopping themselves:
// a graph run through its per-iteration convergence reduction (all ranks stop after the
// same iteration and write one checkpoint together), an alignment through its dispatcher
// (no new batches; the finished ones are written). Before a graph run's first iteration
// (reading the graph, partitioning, setting up devices) there is nothing to save: the ranks
// agree at each stage boundary (stop_if_signalled) and leave at once.
#pragma once

#include <mpi.h>

#include <atomic>
#include <stdexcept>

namespace wg {

// Installs the handlers, unblocks the three signals (a launcher may have blocked them; one
// that arrived while blocked is then delivered at once) and forgets any signal received
// before (a command starts afresh).
void install_stop_handlers();
// The signal received since install_stop_handlers, or 0.
int stop_signal_received();
// True once a signal was received: the flag the alignment dispatcher polls.
const std::atomic<bool>& stop_requested();

// Thrown on every rank together when a stop signal arrived during a graph run's setup.
class StoppedDuringSetup : public std::runtime_error {
 public:
  StoppedDuringSetup(int signal_number, const char* stage);
  int signal() const { return signal_; }

 private:
  int signal_;
};

// Collective over comm: throws StoppedDuringSetup on every rank when any rank has received
// a stop signal. `stage` names what was going on, for the message.
void stop_if_signalled(MPI_Comm comm, const char* stage);

}  // namespace wg
