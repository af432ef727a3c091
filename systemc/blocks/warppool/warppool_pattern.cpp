#include "systemc/blocks/warppool/warppool_pattern.h"

#include <algorithm>

namespace gpucosim {

WpPattern wp_classify(uint32_t lanes, const WpWords& words) {
  WpPattern p;
  if (lanes == 0xffffffffu) {
    bool consecutive = true, broadcast = true;
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t) {
      consecutive = consecutive && words[t] == t;
      broadcast = broadcast && words[t] == words[0];
    }
    if (consecutive) return WpPattern{kWpRange, 0, WpClass::Consecutive};
    if (broadcast) return WpPattern{kWpShort, words[0], WpClass::Broadcast};
  }
  const uint32_t a = uint32_t(__builtin_ctz(lanes));
  const uint32_t w = words[a];
  if ((lanes & (lanes - 1)) == 0) return WpPattern{kWpSingle, uint16_t(a << 5 | w), WpClass::Single};
  // Every served lane t must get word w + (t - a); then the lanes decide between the run to the
  // end of the warp (RANGE) and the run to the end of the first half-warp (HALF RANGE).
  bool unit_stride = true;
  for (uint32_t t = a; unit_stride && t < kWarpPoolLanes; ++t)
    if ((lanes >> t) & 1u) unit_stride = words[t] == w + (t - a);
  if (unit_stride && lanes == wp_run_mask(a, std::min(32 - a, 32 - w)))
    return WpPattern{kWpRange, uint16_t(a << 5 | w), WpClass::Range};
  if (unit_stride && a < 16 && lanes == wp_run_mask(a, std::min(16 - a, 32 - w)))
    return WpPattern{kWpShort, uint16_t(kWpHalfRangeFlag | a << 5 | w), WpClass::Range};
  p.type = kWpTable;
  p.payload = 0;
  p.cls = WpClass::Random;
  return p;
}

uint32_t wp_decode(uint8_t type, uint16_t payload, WpWords& words) {
  words.fill(0);
  const uint32_t hi = (payload >> 5) & 31, lo = payload & 31;
  switch (type) {
    case kWpRange: {
      const uint32_t n = std::min(32 - hi, 32 - lo);
      for (uint32_t t = hi; t < hi + n; ++t) words[t] = uint8_t(lo + (t - hi));
      return wp_run_mask(hi, n);
    }
    case kWpShort: {
      if (!(payload & kWpHalfRangeFlag)) {
        words.fill(uint8_t(lo));
        return 0xffffffffu;
      }
      const uint32_t a = hi & 15, n = std::min(16 - a, 32 - lo);
      for (uint32_t t = a; t < a + n; ++t) words[t] = uint8_t(lo + (t - a));
      return wp_run_mask(a, n);
    }
    case kWpSingle:
      words[hi] = uint8_t(lo);
      return 1u << hi;
    default:
      return 0;
  }
}

WpClass wp_class_of(uint8_t type, uint16_t payload) {
  switch (type) {
    case kWpRange: return payload == 0 ? WpClass::Consecutive : WpClass::Range;
    case kWpShort: return (payload & kWpHalfRangeFlag) ? WpClass::Range : WpClass::Broadcast;
    case kWpSingle: return WpClass::Single;
    default: return WpClass::Random;
  }
}

}  // namespace gpucosim
