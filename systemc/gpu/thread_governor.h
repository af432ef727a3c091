#pragma once
// Whether the host threads (HostWorkers) make a run faster, found out by timing it: runs of
// edges alternate between short probes, kProbe calls on one thread and kProbe calls on the
// team (in alternating order, so a run's changing load does not favour one side), and long runs
// of whichever probe was faster. A run length doubles (up to kMaxRun) while the same side keeps
// winning and starts again at kRun when the other side wins. A small GPU whose edges hold a few
// microseconds of work (GTX480: 15 SMs, 6 channels) loses more to waking the team than it gains;
// an 80-SM GPU gains; another program on the cores can turn either way at any time. Whatever is
// chosen, the results are the same (docs/architecture.md, "Host threads"); only the wall time
// changes.
#include <chrono>
#include <cstdint>

namespace gpucosim {

class ThreadGovernor {
 public:
  // One edge phase that could use the team (a DRAM/L2, interconnect or core edge); true: use it.
  bool parallel() {
    if (++calls_ >= length_) next_phase();
    return side_ == kTeam;
  }
  // Runs of the team chosen over one thread, and the other way (tests, diagnostics).
  uint64_t team_wins() const { return team_wins_; }
  uint64_t alone_wins() const { return alone_wins_; }

  static constexpr uint64_t kProbe = 512, kRun = 8 * kProbe, kMaxRun = 64 * kProbe;

 private:
  enum Side : uint8_t { kAlone, kTeam };
  enum Phase : uint8_t { kFirstProbe, kSecondProbe, kRunWinner };

  static uint64_t now_ns() {
    return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count());
  }

  void next_phase() {
    const uint64_t t = now_ns();
    const uint64_t took = t - started_;
    started_ = t;
    calls_ = 0;
    switch (phase_) {
      case kFirstProbe:
        probe_ns_[side_] = took;
        side_ = side_ == kTeam ? kAlone : kTeam;
        phase_ = kSecondProbe;
        length_ = kProbe;
        break;
      case kSecondProbe: {
        probe_ns_[side_] = took;
        const Side winner = probe_ns_[kTeam] < probe_ns_[kAlone] ? kTeam : kAlone;
        run_ = winner == last_winner_ ? (run_ * 2 > kMaxRun ? kMaxRun : run_ * 2) : kRun;
        last_winner_ = winner;
        (winner == kTeam ? team_wins_ : alone_wins_) += 1;
        side_ = winner;
        phase_ = kRunWinner;
        length_ = run_;
        break;
      }
      case kRunWinner:
        // The next probes start with the side that went second last time.
        first_ = first_ == kTeam ? kAlone : kTeam;
        side_ = first_;
        phase_ = kFirstProbe;
        length_ = kProbe;
        break;
    }
  }

  Phase phase_ = kFirstProbe;
  Side first_ = kTeam, side_ = kTeam, last_winner_ = kTeam;
  uint64_t calls_ = 0, length_ = kProbe, run_ = kRun / 2;
  uint64_t started_ = now_ns();
  uint64_t probe_ns_[2] = {0, 0};
  uint64_t team_wins_ = 0, alone_wins_ = 0;
};

}  // namespace gpucosim
