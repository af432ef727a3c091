#include "sweep/local_backend.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <set>
#include <thread>

namespace gpucosim::sweep {

namespace {

// What the workers and the signal-watching thread share.
class Pool {
 public:
  // Registers a started child; false when the sweep is stopping (the caller then ends it).
  bool started(pid_t pid) {
    std::lock_guard<std::mutex> g(mu_);
    if (stopping_) return false;
    running_.insert(pid);
    return true;
  }
  void ended(pid_t pid) {
    std::lock_guard<std::mutex> g(mu_);
    running_.erase(pid);
  }
  void stop(int sig) {
    std::lock_guard<std::mutex> g(mu_);
    if (!stopping_) stop_signal_ = sig;
    stopping_ = true;
    for (pid_t pid : running_) kill(pid, SIGTERM);
  }
  bool stopping() {
    std::lock_guard<std::mutex> g(mu_);
    return stopping_;
  }
  int stop_signal() {
    std::lock_guard<std::mutex> g(mu_);
    return stop_signal_;
  }

 private:
  std::mutex mu_;
  bool stopping_ = false;
  int stop_signal_ = 0;
  std::set<pid_t> running_;
};

}  // namespace

PoolOutcome run_local_pool(const std::string& exe, const std::vector<PointTask>& tasks, unsigned jobs,
                           const std::function<void(const std::string&)>& progress) {
  PoolOutcome out;
  if (tasks.empty()) return out;
  jobs = std::max(1u, std::min<unsigned>(jobs, unsigned(tasks.size())));

  // The signals are received by this thread alone (sigtimedwait below): block them here before
  // the workers start, so the workers inherit the mask. Children get default handling back.
  sigset_t watched, old;
  sigemptyset(&watched);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&watched, s);
  pthread_sigmask(SIG_BLOCK, &watched, &old);

  Pool pool;
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  std::mutex report_mu;
  auto worker = [&] {
    for (;;) {
      const size_t i = next.fetch_add(1);
      if (i >= tasks.size() || pool.stopping()) break;
      pid_t child = 0;
      const PointRun run = run_point(exe, tasks[i].dir, [&](pid_t pid) {
        child = pid;
        return pool.started(pid);
      });
      if (child) pool.ended(child);
      std::lock_guard<std::mutex> g(report_mu);
      if (run.interrupted) {
        ++out.interrupted;
        continue;
      }
      const size_t n = ++done;
      char head[64];
      std::snprintf(head, sizeof head, "[%zu/%zu] %-6s ", n, tasks.size(), to_string(run.result.state));
      char tail[32];
      std::snprintf(tail, sizeof tail, "  %.1f s", run.result.wall_s);
      if (run.result.state == PointState::Ok) {
        ++out.ok;
      } else {
        ++out.failed;
        out.failed_tasks.push_back(i);
      }
      progress(std::string(head) + tasks[i].label + tail);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < jobs; ++j) threads.emplace_back(worker);

  // Watch for signals until every worker has finished.
  std::atomic<bool> finished{false};
  std::thread joiner([&] {
    for (auto& t : threads) t.join();
    finished = true;
  });
  const timespec tick{0, 50 * 1000 * 1000};
  while (!finished) {
    const int sig = sigtimedwait(&watched, nullptr, &tick);
    if (sig > 0) pool.stop(sig);
  }
  joiner.join();
  // A signal that arrives after the last worker ended is still a request to stop.
  const timespec none{0, 0};
  for (int sig; (sig = sigtimedwait(&watched, nullptr, &none)) > 0;) pool.stop(sig);
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  out.stop_signal = pool.stop_signal();
  std::sort(out.failed_tasks.begin(), out.failed_tasks.end());
  return out;
}

}  // namespace gpucosim::sweep
