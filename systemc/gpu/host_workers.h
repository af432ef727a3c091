#pragma once
// A fixed team of host threads that run one job at a time, all together: the calling thread is
// member 0, threads()-1 workers are the others. The GPU top level uses it to tick independent
// components of one clock edge side by side (docs/architecture.md, "Host threads"): the memory
// partitions of a DRAM/L2 edge, the SMs of a core edge. run() returns when every member has
// finished the job, so everything a member wrote is visible to the caller afterwards, and
// everything the caller wrote before run() is visible to the members.
//
// Waiting: a member spins a short while (a clock edge's work is tens of microseconds; sleeping
// and waking through the kernel costs about as much), then sleeps on a condition variable, so
// an idle team or an oversubscribed machine does not burn a core.
//
// A job that throws: run() rethrows the exception of the lowest-numbered member that threw, after
// every member has finished (the same one whatever the timing).
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace gpucosim {

class HostWorkers {
 public:
  // `threads` members in all (at least 1; 1 = the caller alone, no thread is started).
  explicit HostWorkers(uint32_t threads);
  ~HostWorkers();
  HostWorkers(const HostWorkers&) = delete;
  HostWorkers& operator=(const HostWorkers&) = delete;

  uint32_t threads() const { return n_; }

  // Calls job(member) once for every member in [0, threads()), member 0 on the calling thread.
  template <class Job>
  void run(Job& job) {
    run_erased(&job, [](void* j, uint32_t m) { (*static_cast<Job*>(j))(m); });
  }

  // Host threads this process may run on (its CPU affinity), at least 1.
  static uint32_t available();

 private:
  using Thunk = void (*)(void*, uint32_t);
  void run_erased(void* job, Thunk thunk);
  void worker(uint32_t member);
  void call(uint32_t member);  // job(member), its exception kept in errors_[member]

  uint32_t n_;
  std::vector<std::thread> threads_;
  std::vector<std::exception_ptr> errors_;
  void* job_ = nullptr;
  Thunk thunk_ = nullptr;
  // A job starts when epoch_ grows; pending_ counts the workers that have not finished it.
  std::atomic<uint64_t> epoch_{0};
  std::atomic<uint32_t> pending_{0};
  std::atomic<uint32_t> sleepers_{0};  // members waiting on cv_ (the wakers take mu_ only then)
  std::atomic<bool> stop_{false};      // set before the destructor's last epoch increment
  std::mutex mu_;
  std::condition_variable cv_;
};

}  // namespace gpucosim
