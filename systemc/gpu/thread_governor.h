#pragma once
// Whether the host threads (HostWorkers) make a run faster, found out by timing it: a probe
// alternates slices of kSlice calls on one thread and on the team (kSlices slices, so both sides
// sample the same stretch of the run and its changing load), then the chosen side runs on for a
// while. A run length doubles (up to kMaxRun) while the same side keeps winning clearly and
// starts again at kRun when the other side wins; a decisive win (the loser kDecisive percent
// slower) runs for kMaxRun at once; a close call holds for kCloseRun only; a run
// ends early when its slices stop looking like the probe's. A small GPU whose edges hold a few
// microseconds of work can lose more to waking the team than it gains; an 80-SM GPU gains;
// another program on the cores can turn either way at any time. Whatever is chosen, the results
// are the same (docs/architecture.md, "Host threads"); only the wall time changes.
//
// The team is the default and one thread has to earn its runs: a run starts on the team, and one
// thread wins a probe only when its median slice is more than kCloseMargin percent faster. A
// probe is biased against the team: after each one-thread slice the workers have gone to sleep
// (a slice outlasts their spin) and must be woken, and half the SMs' state has moved to the
// simulation thread's core and must move back; running on, the team pays neither. (Measured on
// the 2-core machine, fixture_x10 on SM7_QV100: a probe at the run's start, while the trace
// reader fills its read-ahead, chose one thread for a third of the run, and the run took 18 %
// longer than on the team throughout.)
#include <algorithm>
#include <chrono>
#include <cstdint>

namespace gpucosim {

class ThreadGovernor {
 public:
  // One edge that could use the team; true: use it.
  bool parallel() {
    if (++calls_ >= length_) next_phase();
    return side_ == kTeam;
  }
  // Whether the next `calls` parallel() calls answer as the last one did (none of them ends a
  // slice or a stretch of a run).
  bool keeps_side_for(uint64_t calls) const { return calls_ + calls < length_; }
  // Probes that chose the team over one thread, and the other way (tests, diagnostics).
  uint64_t team_wins() const { return team_wins_; }
  uint64_t alone_wins() const { return alone_wins_; }
  // Calls the side the last probe chose runs for (unless a check ends its run early).
  uint64_t run_length() const { return run_; }

  static constexpr uint64_t kSlice = 8, kSlices = 32;  // a probe: 16 slices a side
  static constexpr uint64_t kProbe = kSlice * kSlices;
  static constexpr uint64_t kCheck = 256;  // calls between checks of a run
  static constexpr uint64_t kRun = 4096, kMaxRun = 32768;  // calls
  static constexpr uint64_t kCloseRun = 1024, kCloseMargin = 15, kDecisive = 50;

 private:
  enum Side : uint8_t { kAlone, kTeam };

  static uint64_t now_ns() {
    return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count());
  }
  static Side other(Side s) { return s == kTeam ? kAlone : kTeam; }

  void next_phase() {
    const uint64_t t = now_ns();
    const uint64_t took = t - started_;
    started_ = t;
    calls_ = 0;
    if (probing_) {
      slice_ns_[side_][slices_ / 2] = took;
      if (++slices_ < kSlices) {
        side_ = other(side_);
        length_ = kSlice;
        return;
      }
      // Each side's median slice: one slice holding a rare costly event (a kernel's start takes
      // its statistics, milliseconds) must not decide the probe, as it would a sum.
      for (int sd : {kAlone, kTeam}) {
        uint64_t* v = slice_ns_[sd];
        std::nth_element(v, v + kSlices / 4, v + kSlices / 2);
        probe_ns_[sd] = v[kSlices / 4] * (kSlices / 2);  // a probe side's time, at its median slice
      }
      // One thread wins only by more than kCloseMargin percent (the probe's bias, above).
      const bool alone_clearly = probe_ns_[kAlone] * (100 + kCloseMargin) < probe_ns_[kTeam] * 100;
      const Side winner = alone_clearly ? kAlone : kTeam;
      // A close call (the sides within kCloseMargin percent) holds only for a short run: what
      // made them close (another thread of the process busy for a while, such as the trace
      // reader filling its read-ahead at a kernel's start) may soon pass. Clear wins by the same
      // side lengthen the runs.
      const uint64_t fast = std::min(probe_ns_[kAlone], probe_ns_[kTeam]);
      const uint64_t slow = std::max(probe_ns_[kAlone], probe_ns_[kTeam]);
      const bool close = slow * 100 <= fast * (100 + kCloseMargin);
      // A decisive win (the other side's median slice kDecisive percent slower or more) runs for
      // the longest run at once: probing again sooner would only find the same, and each probe
      // runs the losing side for half its calls (on the 2-core machine an 80-SM GPU's probes
      // cost 7-10 % of the run when they came every kRun calls, doubling).
      const bool decisive = slow * 100 >= fast * (100 + kDecisive);
      if (close) run_ = kCloseRun;
      else if (decisive) run_ = kMaxRun;
      else run_ = winner == last_winner_ && !last_close_ ? (run_ * 2 > kMaxRun ? kMaxRun : run_ * 2) : kRun;
      last_winner_ = winner;
      last_close_ = close;
      (winner == kTeam ? team_wins_ : alone_wins_) += 1;
      probing_ = false;
      side_ = winner;
      run_left_ = run_;
      check_ns_ = probe_ns_[winner] * kCheck / (kProbe / 2);
      length_ = kCheck;
      return;
    }
    // A run is checked every kCheck calls: a stretch taking a very different time from the
    // probe's (the run moved into a busier or quieter part, or the machine's load changed) ends
    // it early, so a choice made while little happened does not outlive its part of the run.
    run_left_ = run_left_ > kCheck ? run_left_ - kCheck : 0;
    // (The first run, before any probe, has nothing to compare with: check_ns_ is 0.)
    const bool changed =
        check_ns_ > 0 && (took > 3 * check_ns_ + kNoiseNs || 3 * took + kNoiseNs < check_ns_);
    if (run_left_ > 0 && !changed) {
      length_ = kCheck;
      return;
    }
    // A new probe, starting with the side that started second last time.
    first_ = other(first_);
    probing_ = true;
    slices_ = 0;
    side_ = first_;
    length_ = kSlice;
  }

  // The run starts on the team for kRun calls (checked every kCheck), then probes. first_ is
  // the side that began the last probe: a probe begins with the other, so the first with the team.
  bool probing_ = false;
  Side first_ = kAlone, side_ = kTeam, last_winner_ = kTeam;
  bool last_close_ = false;
  uint64_t calls_ = 0, length_ = kCheck, slices_ = 0, run_ = kRun / 2, run_left_ = kRun;
  uint64_t check_ns_ = 0;  // what kCheck calls of the winning side took in its probe
  static constexpr uint64_t kNoiseNs = 20'000;  // differences below this are not a change
  uint64_t started_ = now_ns();
  uint64_t probe_ns_[2] = {0, 0};  // the last probe's sides, at their median slices
  uint64_t slice_ns_[2][kSlices / 2] = {};  // the current probe's slice times, by side
  uint64_t team_wins_ = 0, alone_wins_ = 0;
};

}  // namespace gpucosim
