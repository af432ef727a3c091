#pragma once
// Mapping-pattern metadata of one load line request (spec §2.1.b, choices in docs/blocks/warppool.md):
// which lanes of the warp a line serves and which 4-byte word of the line each lane gets, in a
// 2-bit type + 10-bit payload (the thesis' "<= 10 bits instead of 320"):
//   type 0 RANGE     payload = first lane a (5) | first word w (5). Lanes a .. a+n-1 get words
//                    w .. w+n-1, n = min(32 - a, 32 - w): the run ends at the last lane or the end
//                    of the line. Covers every full-warp unit-stride access, aligned or not, and
//                    CONSECUTIVE is RANGE(0, 0) (lane t <-> word t, all 32 lanes).
//   type 1 BROADCAST payload = word (5): all 32 lanes get the same word.
//   type 2 SINGLE    payload = lane (5) | word (5): one lane.
//   type 3 TABLE     payload = thread-map-table entry: any other mapping (per-lane valid + word).
// Classes (statistics, coverage) follow from the encoding: RANGE(0,0) is CONSECUTIVE.
#include <array>
#include <cstdint>

#include "systemc/blocks/warppool/warppool_ports.h"

namespace gpucosim {

using WpWords = std::array<uint8_t, kWarpPoolLanes>;  // word index (0..31) per lane

enum WpType : uint8_t { kWpRange = 0, kWpBroadcast = 1, kWpSingle = 2, kWpTable = 3 };

struct WpPattern {
  uint8_t type = kWpRange;
  uint16_t payload = 0;
  WpClass cls = WpClass::Consecutive;
};

// Classifies a line request: `lanes` (non-zero) and words[t] for t in lanes (other entries ignored).
// Random patterns come back as type kWpTable with payload 0 (the caller allocates the entry).
WpPattern wp_classify(uint32_t lanes, const WpWords& words);

// Lanes and per-lane words of an encoded (non-table) pattern. Words of other lanes are set to 0.
uint32_t wp_decode(uint8_t type, uint16_t payload, WpWords& words);

// Class of an encoded pattern.
WpClass wp_class_of(uint8_t type, uint16_t payload);

// Lanes a .. a+n-1 as a mask (n may be 32).
inline uint32_t wp_run_mask(uint32_t a, uint32_t n) {
  return uint32_t(((uint64_t(1) << n) - 1) << a);
}

}  // namespace gpucosim
