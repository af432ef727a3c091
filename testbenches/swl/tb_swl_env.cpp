#include "tb_swl_env.h"

#include "systemc/blocks/kit/checked.h"

namespace gpucosim::tb {

using kit::hex;

namespace {
uint32_t pop(uint64_t m) { return uint32_t(__builtin_popcountll(m)); }
}  // namespace

std::string SwlCoverage::missing() const {
  std::string s;
  const std::pair<const char*, uint64_t> points[] = {
      {"throttled", throttled},     {"all_live", all_live},       {"reuse", reuse},
      {"multi_launch", multi_launch}, {"multi_retire", multi_retire}, {"parked_room", parked_room},
      {"parked_change", parked_change}, {"promoted", promoted},   {"quiet", quiet}};
  for (const auto& [name, hits] : points)
    if (hits == 0) s += (s.empty() ? "" : ", ") + std::string(name);
  return s;
}

SwlEnv::SwlEnv(SwlBlock& dut, uint32_t limit, uint64_t seed, SwlCoverage& cov)
    : dut_(dut),
      n_(dut.params().n_warps),
      limit_(limit),
      mask_(n_ >= 64 ? ~uint64_t(0) : (uint64_t(1) << n_) - 1),
      rng_(seed),
      cov_(cov),
      seq_(n_, 0) {
  dut_.reset(out_);
}

// Phases of 200 cycles: 0 fill, 1 steady, 2 bursts, 3 drain, 4 silence with parked changes.
SwlInputs SwlEnv::stimulus(uint32_t phase) {
  static const uint32_t kLaunchPct[] = {35, 6, 0, 0, 0}, kRetirePct[] = {1, 6, 0, 12, 0};
  static const uint32_t kParkPct[] = {3, 5, 5, 3, 8}, kReusePct[] = {0, 30, 0, 0, 0};
  auto chance = [&](uint32_t pct) { return rng_() % 100 < pct; };
  SwlInputs in;
  in.limit = limit_;
  if (phase == 2 && chance(10)) {  // a burst: retire several at once, launch into every free slot
    for (uint64_t m = live_; m; m &= m - 1)
      if (chance(50)) in.retire |= m & -m;
    in.launch = ~(live_ & ~in.retire) & mask_;
  } else if (!(phase == 4 && chance(80))) {
    for (uint32_t w = 0; w < n_; ++w) {
      const uint64_t b = uint64_t(1) << w;
      if ((live_ & b) && chance(kRetirePct[phase])) in.retire |= b;
      if (!(live_ & b & ~in.retire) && chance((live_ & b) ? kReusePct[phase] : kLaunchPct[phase])) in.launch |= b;
    }
  }
  const uint64_t live_after = (live_ & ~in.retire) | in.launch;
  in.parked = parked_ & live_after;
  if (phase == 4 && chance(85)) return in;  // mostly quiet: nothing changes
  for (uint64_t m = live_after; m; m &= m - 1)
    if (chance(kParkPct[phase])) in.parked ^= m & -m;
  return in;
}

SwlOutputs SwlEnv::reference() const {
  SwlOutputs o;
  o.live = live_;
  for (uint32_t w = 0; w < n_; ++w) {
    if (!((live_ >> w) & 1u)) continue;
    uint32_t ahead = 0;
    for (uint32_t v = 0; v < n_; ++v)
      ahead += v != w && ((live_ & ~parked_) >> v & 1u) && seq_[v] < seq_[w];
    if (ahead < limit_) o.allow |= uint64_t(1) << w;
  }
  return o;
}

void SwlEnv::cover(const SwlInputs& in, uint64_t parked_before, const SwlOutputs& before, const SwlOutputs& after) {
  const uint64_t active = live_ & ~parked_;
  cov_.throttled += (active & ~after.allow) != 0;
  cov_.all_live += live_ == mask_;
  cov_.reuse += (in.launch & in.retire) != 0;
  cov_.multi_launch += pop(in.launch) >= 2;
  cov_.multi_retire += pop(in.retire) >= 2;
  for (uint64_t m = after.allow & active; m; m &= m - 1) {
    const uint32_t w = uint32_t(__builtin_ctzll(m));
    uint32_t older_live = 0;
    for (uint32_t v = 0; v < n_; ++v) older_live += v != w && ((live_ >> v) & 1u) && seq_[v] < seq_[w];
    if (older_live >= limit_) {
      cov_.parked_room += 1;
      break;
    }
  }
  cov_.parked_change += !in.launch && !in.retire && after.allow != before.allow;
  cov_.promoted += in.retire != 0 && (after.allow & ~before.allow & before.live & ~in.retire) != 0;
  cov_.quiet += !in.launch && !in.retire && in.parked == parked_before;
}

bool SwlEnv::run(uint64_t cycles) {
  for (uint64_t k = 0; k < cycles; ++k, ++cycle_) {
    const SwlInputs in = stimulus(uint32_t(cycle_ / 200 % 5));
    const uint64_t parked_before = parked_;
    const SwlOutputs before = out_;
    try {
      dut_.step(in, out_);
    } catch (const std::exception& e) {
      error_ = "cycle " + std::to_string(cycle_) + ": " + e.what();
      return false;
    }
    live_ = (live_ & ~in.retire) | in.launch;
    for (uint64_t m = in.launch; m; m &= m - 1) seq_[size_t(__builtin_ctzll(m))] = next_seq_++;
    parked_ = in.parked;
    const SwlOutputs want = reference();
    if (out_ != want) {
      error_ = "cycle " + std::to_string(cycle_) + ": scoreboard: live " + hex(out_.live) + " allow " +
               hex(out_.allow) + ", reference live " + hex(want.live) + " allow " + hex(want.allow) + " (limit " +
               std::to_string(limit_) + ")";
      return false;
    }
    cover(in, parked_before, before, out_);
  }
  return true;
}

}  // namespace gpucosim::tb
