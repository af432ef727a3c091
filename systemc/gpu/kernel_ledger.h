#pragma once
// Exact per-kernel attribution of a component's cumulative counters (issue 13: statistics of
// kernels that overlap in time). A component keeps its one cumulative Counters struct, as before;
// before it counts anything on behalf of a kernel launch (a request, a warp instruction, a block)
// it names that launch with charge_to(). The ledger charges everything the counters gained since
// the previous switch to the launch that was current then, so
//   sum over launches of of(launch) == the cumulative counters,   exactly, for every field,
// whatever the interleaving. Launch 0 is "no kernel" (e.g. the host-to-device copies that warm
// the L2 before any kernel runs). The common case, one kernel, costs one comparison per charge.
//
// Counters must consist of uint64_t fields only (std::array<uint64_t, N> included): the ledger
// adds and subtracts them as an array of words. Charges are kept per launch that charged this
// component; forget() drops what a finished launch has been charged so far, once the caller
// has taken it, so memory stays bounded by the launches in flight (a trace may have thousands).
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <unordered_map>

namespace gpucosim {

// a + b, field by field, for a Counters struct of uint64_t fields only (as KernelLedger takes):
// e.g. one component's counters kept in two parts that host threads fill side by side.
template <class Counters>
Counters add_counters(const Counters& a, const Counters& b) {
  static_assert(std::is_trivially_copyable_v<Counters>, "add_counters: counters must be plain uint64_t fields");
  static_assert(sizeof(Counters) % sizeof(uint64_t) == 0, "add_counters: counters must be plain uint64_t fields");
  constexpr size_t kWords = sizeof(Counters) / sizeof(uint64_t);
  uint64_t x[kWords], y[kWords];
  std::memcpy(x, &a, sizeof x);
  std::memcpy(y, &b, sizeof y);
  for (size_t i = 0; i < kWords; ++i) x[i] += y[i];
  Counters c;
  std::memcpy(&c, x, sizeof x);
  return c;
}

template <class Counters>
class KernelLedger {
  static_assert(std::is_trivially_copyable_v<Counters>, "KernelLedger: counters must be plain uint64_t fields");
  static_assert(sizeof(Counters) % sizeof(uint64_t) == 0, "KernelLedger: counters must be plain uint64_t fields");
  static constexpr size_t kWords = sizeof(Counters) / sizeof(uint64_t);

 public:
  // From now on, what `now` gains is charged to `launch`.
  void charge_to(uint32_t launch, const Counters& now) {
    if (launch == current_) return;
    settle(now);
    current_ = launch;
  }
  // What has been charged to `launch` up to `now` (the component's current counters).
  Counters of(uint32_t launch, const Counters& now) const {
    auto it = charged_.find(launch);
    Counters c = it == charged_.end() ? Counters{} : it->second;
    if (launch == current_) accumulate(c, now, mark_);
    return c;
  }
  // Drops what has been charged to `launch` up to `now`; later charges start from zero.
  void forget(uint32_t launch, const Counters& now) {
    if (launch == current_) settle(now);
    charged_.erase(launch);
  }
  uint32_t current() const { return current_; }
  size_t launches_held() const { return charged_.size(); }  // launches with an entry (tests)
  // Whether of(launch, now) has a non-zero field (collecting it would add nothing otherwise).
  bool charged(uint32_t launch, const Counters& now) const {
    if (launch == current_ && std::memcmp(&now, &mark_, sizeof now) != 0) return true;
    auto it = charged_.find(launch);
    if (it == charged_.end()) return false;
    static constexpr Counters kZero{};
    return std::memcmp(&it->second, &kZero, sizeof kZero) != 0;
  }

 private:
  void settle(const Counters& now) {
    // Nothing gained: no entry (a launch forgotten at its end gets none back when the component
    // merely switches to the next launch, so charged_ holds only launches with charges).
    if (std::memcmp(&now, &mark_, sizeof now) != 0) accumulate(charged_[current_], now, mark_);
    mark_ = now;
  }
  // acc += now - mark, word by word.
  static void accumulate(Counters& acc, const Counters& now, const Counters& mark) {
    uint64_t a[kWords], n[kWords], m[kWords];
    std::memcpy(a, &acc, sizeof a);
    std::memcpy(n, &now, sizeof n);
    std::memcpy(m, &mark, sizeof m);
    for (size_t i = 0; i < kWords; ++i) a[i] += n[i] - m[i];
    std::memcpy(&acc, a, sizeof a);
  }

  uint32_t current_ = 0;
  Counters mark_{};
  std::unordered_map<uint32_t, Counters> charged_;
};

}  // namespace gpucosim
