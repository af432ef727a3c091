#include "systemc/blocks/warppool/warppool_ports.h"

namespace gpucosim {

const char* to_string(WpClass c) {
  switch (c) {
    case WpClass::Consecutive: return "consecutive";
    case WpClass::Broadcast: return "broadcast";
    case WpClass::Single: return "single";
    case WpClass::Range: return "range";
    case WpClass::Random: return "random";
  }
  return "?";
}

const char* wp_status_name(uint32_t bit) {
  static const char* const kNames[kWpStatusBits] = {"iq_full",     "tmt_full",   "tag_stall",    "port_conflict",
                                                    "mshr_full",   "wbq_full",   "store_waits",  "age_forced",
                                                    "store_forced", "tmt_stall", "coal_busy"};
  return bit < kWpStatusBits ? kNames[bit] : "?";
}

}  // namespace gpucosim
