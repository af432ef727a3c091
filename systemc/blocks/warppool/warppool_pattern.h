#pragma once
// Mapping-pattern metadata of one load line request (spec §2.1.b, choices in docs/blocks/warppool.md):
// which lanes of the warp a line serves and which 4-byte word of the line each lane gets, in a
// 2-bit type + 10-bit payload (the thesis' "<= 10 bits instead of 320"):
//   type 0 RANGE     payload = first lane a (5) | first word w (5). Lanes a .. a+n-1 get words
//                    w .. w+n-1, n = min(32 - a, 32 - w): the run ends at the last lane or the end
//                    of the line. Covers every full-warp unit-stride access, aligned or not, and
//                    CONSECUTIVE is RANGE(0, 0) (lane t <-> word t, all 32 lanes).
//   type 1 SHORT     payload bit 9 = 0: BROADCAST, payload = word (5): all 32 lanes get the same word.
//                    payload bit 9 = 1: HALF RANGE {first lane a < 16 (4) | first word w (5)}: lanes
//                    a .. a+n-1 get words w .. w+n-1, n = min(16 - a, 32 - w): a run that ends at
//                    the end of the first half-warp or of the line. With RANGE it covers the thesis'
//                    "a consecutive subset of threads requests a consecutive subset of words" for
//                    blocks 16 threads wide (a warp = two rows of 16), aligned or not.
//   type 2 SINGLE    payload = lane (5) | word (5): one lane.
//   type 3 TABLE     payload = thread-map-table entry: any other mapping (per-lane valid + word).
// Classes (statistics, coverage) follow from the encoding: RANGE(0,0) is CONSECUTIVE, HALF RANGE
// is class RANGE.
#include <array>
#include <cstdint>

#include "systemc/blocks/warppool/warppool_ports.h"

namespace gpucosim {

using WpWords = std::array<uint8_t, kWarpPoolLanes>;  // word index (0..31) per lane

enum WpType : uint8_t { kWpRange = 0, kWpShort = 1, kWpSingle = 2, kWpTable = 3 };
constexpr uint16_t kWpHalfRangeFlag = 1u << 9;  // kWpShort payload: half range, not broadcast

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

// True when the encoded pattern is a HALF RANGE (coverage distinguishes it from RANGE).
inline bool wp_is_half_range(uint8_t type, uint16_t payload) {
  return type == kWpShort && (payload & kWpHalfRangeFlag) != 0;
}

// Lanes a .. a+n-1 as a mask (n may be 32).
inline uint32_t wp_run_mask(uint32_t a, uint32_t n) {
  return uint32_t(((uint64_t(1) << n) - 1) << a);
}

}  // namespace gpucosim
