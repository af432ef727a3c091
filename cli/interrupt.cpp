#include "cli/interrupt.h"

#include <csignal>

namespace gpucosim::cli {

namespace {

// A signal handler can only reach objects of static storage duration: these are the one piece of
// process-wide state of the tool, written by the handler and read by the simulation loop.
std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;
struct sigaction g_old_int, g_old_term;

extern "C" void on_signal(int sig) {
  if (g_signal != 0) {
    // Second signal: give up on the clean stop.
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  g_signal = sig;
  g_stop.store(true, std::memory_order_relaxed);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_stop.store(false);
  g_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const { return &g_stop; }
bool InterruptGuard::interrupted() const { return g_stop.load(); }
int InterruptGuard::signal_number() const { return int(g_signal); }

}  // namespace gpucosim::cli
