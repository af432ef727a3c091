// Per dynamic register write, the lanes' shape from emitted values or the analysis.
#include "systemc/blocks/regless/regless_value_shapes.h"

#include <array>

namespace gpucosim {

const char* to_string(ReglessValueSource s) {
  switch (s) {
    case ReglessValueSource::Emitted: return "emitted";
    case ReglessValueSource::Analysis: return "analysis";
    case ReglessValueSource::Unknown: break;
  }
  return "unknown";
}

void ReglessValueShapes::build(const Warp& w, const std::vector<int32_t>& sidx, const ReglessKernelCode& code) {
  first_.assign(w.insts.size() + 1, 0);
  packed_.clear();
  std::array<ReglessLanes, 64> lanes{};  // the shard's registers as the warp's writes left them
  std::array<uint32_t, 64> known{};      // lanes whose value is known
  for (size_t i = 0; i < w.insts.size(); ++i) {
    first_[i] = uint32_t(packed_.size());
    const Instruction& in = w.insts[i];
    const ReglessStaticInst& s = code.insts()[size_t(sidx[i])];
    if (!s.defs) continue;
    uint64_t emitted = 0;  // the shard's registers this instruction carries values for
    if (in.has_values() && in.n_dst > 0 && in.dst[0] != kRegZero)
      for (int k = 0; k < in.n_vals && in.dst[0] + k < kRegZero; ++k) {
        const uint8_t r = code.reg_of(uint8_t(in.dst[0] + k));
        if (r >= 64 || !((s.defs >> r) & 1)) continue;
        const LaneValues& v = w.lane_values(in, k);
        for (int l = 0; l < kWarpSize; ++l)
          if (in.active_mask >> l & 1u) lanes[r][size_t(l)] = v[size_t(l)];
        known[r] |= in.active_mask;
        emitted |= uint64_t(1) << r;
      }
    for (uint32_t r = 0; r < 64; ++r) {
      if (!((s.defs >> r) & 1)) continue;
      if (!((emitted >> r) & 1)) known[r] &= ~in.active_mask;  // written with values nobody gave
      ReglessValueShape sh;
      if (known[r] == 0xffffffffu) {
        sh.source = ReglessValueSource::Emitted;
        sh.pattern = compress(lanes[r]).pattern;
        if (sh.pattern == ReglessPattern::None) sh.pattern = ReglessPattern::KnownOther;
      } else {
        sh.pattern = ReglessPattern(s.shape[r]);
        sh.source = sh.pattern == ReglessPattern::None ? ReglessValueSource::Unknown : ReglessValueSource::Analysis;
      }
      packed_.push_back(uint8_t(uint8_t(sh.pattern) | uint8_t(sh.source) << 4));
    }
  }
  first_[w.insts.size()] = uint32_t(packed_.size());
}

ReglessValueShape ReglessValueShapes::at(uint32_t dyn, uint32_t reg, uint64_t defs) const {
  ReglessValueShape sh;
  if (dyn + 1 >= first_.size() || reg >= 64 || !((defs >> reg) & 1)) return sh;
  const size_t k = first_[dyn] + size_t(__builtin_popcountll(defs & ((uint64_t(1) << reg) - 1)));
  if (k >= first_[dyn + 1]) return sh;
  sh.pattern = ReglessPattern(packed_[k] & 0xF);
  sh.source = ReglessValueSource(packed_[k] >> 4);
  return sh;
}

}  // namespace gpucosim
