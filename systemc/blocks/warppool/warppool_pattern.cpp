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
    if (broadcast) return WpPattern{kWpBroadcast, words[0], WpClass::Broadcast};
  }
  const uint32_t a = uint32_t(__builtin_ctz(lanes));
  const uint32_t w = words[a];
  if ((lanes & (lanes - 1)) == 0) return WpPattern{kWpSingle, uint16_t(a << 5 | w), WpClass::Single};
  const uint32_t n = std::min(32 - a, 32 - w);
  bool range = lanes == wp_run_mask(a, n);
  for (uint32_t t = a; range && t < a + n; ++t) range = words[t] == w + (t - a);
  if (range) return WpPattern{kWpRange, uint16_t(a << 5 | w), WpClass::Range};
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
    case kWpBroadcast:
      words.fill(uint8_t(lo));
      return 0xffffffffu;
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
    case kWpBroadcast: return WpClass::Broadcast;
    case kWpSingle: return WpClass::Single;
    default: return WpClass::Random;
  }
}

}  // namespace gpucosim
