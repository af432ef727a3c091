#include "systemc/gpu/host_workers.h"

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <system_error>

namespace gpucosim {

namespace {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// How long a member spins before it sleeps: longer than the gap between two jobs of a clock edge
// (the crossbar's tick, the dispatcher), much shorter than a scheduler time slice.
constexpr auto kSpin = std::chrono::microseconds(100);

// Waits until done() holds: spins for kSpin, then sleeps on cv (woken by whoever makes done()
// true and sees sleepers > 0).
template <class Done>
void wait_until(Done&& done, std::atomic<uint32_t>& sleepers, std::mutex& mu, std::condition_variable& cv) {
  if (done()) return;
  const auto until = std::chrono::steady_clock::now() + kSpin;
  for (uint32_t i = 1;; ++i) {
    cpu_relax();
    if (done()) return;
    if ((i & 63) == 0 && std::chrono::steady_clock::now() >= until) break;
  }
  std::unique_lock<std::mutex> lk(mu);
  sleepers.fetch_add(1);  // seq_cst: a waker's store to its flag and its load of sleepers are ordered
  cv.wait(lk, done);      // against this increment and done()'s load (no lost wake-up)
  sleepers.fetch_sub(1);
}

}  // namespace

uint32_t HostWorkers::available() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return uint32_t(std::max(1, CPU_COUNT(&set)));
  return std::max(1u, std::thread::hardware_concurrency());
}

HostWorkers::HostWorkers(uint32_t threads) : n_(std::max(1u, threads)), errors_(n_) {
  try {
    for (uint32_t m = 1; m < n_; ++m) threads_.emplace_back([this, m] { worker(m); });
  } catch (const std::system_error&) {
    n_ = uint32_t(threads_.size()) + 1;  // no more threads to be had: a smaller team
  }
}

HostWorkers::~HostWorkers() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stop_.store(true);
    epoch_.fetch_add(1);
    cv_.notify_all();
  }
  for (std::thread& t : threads_) t.join();
}

void HostWorkers::call(uint32_t member) {
  try {
    thunk_(job_, member);
  } catch (...) {
    errors_[member] = std::current_exception();
  }
}

void HostWorkers::worker(uint32_t member) {
  uint64_t seen = 0;
  for (;;) {
    wait_until([&] { return epoch_.load() != seen; }, sleepers_, mu_, cv_);
    seen = epoch_.load();
    if (stop_.load()) return;
    call(member);
    if (pending_.fetch_sub(1) == 1 && sleepers_.load() > 0) {
      std::lock_guard<std::mutex> lk(mu_);
      cv_.notify_all();
    }
  }
}

void HostWorkers::run_erased(void* job, Thunk thunk) {
  if (n_ == 1) {
    thunk(job, 0);
    return;
  }
  job_ = job;
  thunk_ = thunk;
  pending_.store(n_ - 1);
  epoch_.fetch_add(1);  // publishes job_, thunk_ and pending_ to the workers
  if (sleepers_.load() > 0) {
    std::lock_guard<std::mutex> lk(mu_);
    cv_.notify_all();
  }
  call(0);
  wait_until([&] { return pending_.load() == 0; }, sleepers_, mu_, cv_);
  for (std::exception_ptr& e : errors_)
    if (e) {
      std::exception_ptr first = e;
      for (std::exception_ptr& x : errors_) x = nullptr;
      std::rethrow_exception(first);
    }
}

}  // namespace gpucosim
