#pragma once
// The applications of a run and their runs: which kernel launch belongs to which application,
// run and stream, when each run arrived and finished, and the relaunches AppOptions::repeat asks
// for (a run after the first is queued when the previous one finishes, while at least one other
// application is still unfinished: co-run studies keep the others under contention).
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/gpu/application.h"
#include "systemc/gpu/dispatcher.h"

namespace gpucosim {

struct AppRunRecord {
  uint32_t run = 0;
  uint64_t arrival_cycle = 0;  // queued: start=CYCLE for the first run, the previous run's end after
  uint64_t end_cycle = 0;      // its last kernel finished (valid when finished)
  bool finished = false;
  uint32_t kernels_left = 0;
};

struct KernelOwner {
  uint32_t app = 0;            // index into the run's applications (0-based)
  uint32_t run = 0;            // which run of the application (0-based)
  uint64_t stream = 0;         // the application's own stream id
};

class ApplicationRuns {
 public:
  // `apps` placed (app_address.h) already; with more than one application every kernel is
  // wrapped so that its addresses move to its application's range.
  // `n_sms`: DSS budgets of applications without tokens=N (equal sharing, spec 003 §5.3.4:
  // floor(N_sm / N_p) each, the N_sm mod N_p remaining SMs to the earliest arrivals, by start
  // cycle then command-line order).
  explicit ApplicationRuns(std::vector<Application> apps, uint32_t n_sms = 0);
  // The DSS token budget each kernel of application `app` enters the KSRT with.
  int64_t tokens(uint32_t app) const { return tokens_.at(app); }

  const std::vector<Application>& apps() const { return apps_; }
  // Queues the first run of every application.
  void launch_first_runs(Dispatcher& d);
  // Dispatcher hook: records the end of a run and queues the next one when due.
  void kernel_finished(uint32_t launch_id, uint64_t cycle, Dispatcher& d);
  const KernelOwner& owner(uint32_t launch_id) const { return owners_.at(launch_id - 1); }
  const std::vector<AppRunRecord>& runs(uint32_t app) const { return runs_.at(app); }
  // Thread blocks of every kernel queued so far (progress estimates).
  uint64_t blocks_queued() const { return blocks_queued_; }

 private:
  void launch_run(uint32_t app, uint64_t arrival, Dispatcher& d);
  bool unfinished(uint32_t app) const;

  std::vector<Application> apps_;
  std::vector<std::vector<AppRunRecord>> runs_;
  std::vector<KernelOwner> owners_;  // by launch id - 1
  std::vector<int64_t> tokens_;      // by application
  uint64_t blocks_queued_ = 0;
};

}  // namespace gpucosim
