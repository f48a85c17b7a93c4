#include "stop_signal.hpp"

#include <csignal>

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
  sigaction(SIGUSR1, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
}

int stop_signal_received() { return received_signal; }

const std::atomic<bool>& stop_requested() { return requested; }

}  // namespace wg
