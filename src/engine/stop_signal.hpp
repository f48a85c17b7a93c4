// Stopping a graph run on SIGUSR1 (Slurm's warning signal, sbatch --signal=USR1@120),
// SIGTERM or SIGINT. The handler only sets a flag. Once iterating, the ranks agree on
// stopping through the per-iteration convergence reduction, so all of them stop after the
// same iteration and write one checkpoint together. Before the first iteration (reading
// the graph, partitioning, setting up devices) there is nothing to save: the ranks agree
// at each stage boundary (stop_if_signalled) and leave at once.
#pragma once

#include <mpi.h>

#include <stdexcept>

namespace wg::engine {

// Installs the handlers and unblocks the three signals (a launcher may have blocked them;
// one that arrived while blocked is then delivered at once). Idempotent.
void install_stop_handlers();
// The signal received so far, or 0.
int stop_signal_received();

// Thrown on every rank together when a stop signal arrived during setup.
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

}  // namespace wg::engine
