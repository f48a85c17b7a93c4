#include "src/common/stop_signal.hpp"

#include <fmt/format.h>

#include <csignal>

#include "src/common/mpi_check.hpp"

namespace wg {

namespace {
// Written by the handler, so both must be lock-free to be async-signal-safe.
std::atomic<int> received_signal{0};
std::atomic<bool> requested{false};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free);

extern "C" void remember_signal(int signal_number) {
  received_signal = signal_number;
  requested = true;
}
}  // namespace

void install_stop_handlers() {
  received_signal = 0;
  requested = false;
  struct sigaction action {};
  action.sa_handler = remember_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  for (const int signal_number : {SIGUSR1, SIGTERM, SIGINT}) {
    sigaction(signal_number, &action, nullptr);
    sigaddset(&stop_signals, signal_number);
  }
  pthread_sigmask(SIG_UNBLOCK, &stop_signals, nullptr);
}

int stop_signal_received() { return received_signal; }

const std::atomic<bool>& stop_requested() { return requested; }

StoppedDuringSetup::StoppedDuringSetup(int signal_number, const char* stage)
    : std::runtime_error(fmt::format("stopped by signal {} while {}, before the first iteration",
                                     signal_number, stage)),
      signal_(signal_number) {}

void stop_if_signalled(MPI_Comm comm, const char* stage) {
  int signal_number = received_signal;
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &signal_number, 1, MPI_INT, MPI_MAX, comm));
  if (signal_number != 0) throw StoppedDuringSetup(signal_number, stage);
}

}  // namespace wg
