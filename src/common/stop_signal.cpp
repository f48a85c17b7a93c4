#include "engine/stop_signal.hpp"

#include <csignal>

namespace wg::engine {

namespace {
volatile std::sig_atomic_t received_signal = 0;

extern "C" void remember_signal(int signal_number) { received_signal = signal_number; }
}  // namespace

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = remember_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGUSR1, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);  // Ctrl-C keeps the work done, as TERM does
}

int stop_signal_received() { return received_signal; }

}  // namespace wg::engine
