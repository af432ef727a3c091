#include "systemc/blocks/warppool/warppool_ports.h"

#include <sstream>
#include <vector>

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

void for_each_output(const WarpPoolOutputs& o, const std::function<void(const char*, int, uint64_t)>& f) {
  f("issue_ready", -1, o.issue_ready);
  f("ld_ok", -1, o.ld_ok);
  f("st_ok", -1, o.st_ok);
  f("agu_valid", -1, o.agu_valid);
  f("agu_warp", -1, o.agu_warp);
  f("agu_tag", -1, o.agu_tag);
  f("l1_valid", -1, o.l1_valid);
  f("l1_store", -1, o.l1_store);
  f("l1_line", -1, o.l1_line);
  f("l1_sectors", -1, o.l1_sectors);
  f("l1_id", -1, o.l1_id);
  f("l1_nslots", -1, o.l1_nslots);
  for (int k = 0; k < int(kWarpPoolMaxSlots); ++k) {
    f("slot_warp", k, o.slot_warp[size_t(k)]);
    f("slot_tag", k, o.slot_tag[size_t(k)]);
    f("slot_lanes", k, o.slot_lanes[size_t(k)]);
    f("slot_class", k, o.slot_class[size_t(k)]);
  }
  f("ret_ready", -1, o.ret_ready);
  f("wb_valid", -1, o.wb_valid);
  f("wb_warp", -1, o.wb_warp);
  f("wb_tag", -1, o.wb_tag);
  f("wb_lanes", -1, o.wb_lanes);
  for (int t = 0; t < int(kWarpPoolLanes); ++t) f("wb_data", t, o.wb_data[size_t(t)]);
  f("policy", -1, o.policy);
  f("status", -1, o.status);
  f("quiet", -1, o.quiet);
  f("idle", -1, o.idle);
}

std::string first_output_difference(const WarpPoolOutputs& a, const WarpPoolOutputs& b, const char* a_name,
                                    const char* b_name) {
  std::vector<uint64_t> va;
  for_each_output(a, [&](const char*, int, uint64_t v) { va.push_back(v); });
  size_t i = 0;
  std::string diff;
  for_each_output(b, [&](const char* name, int idx, uint64_t v) {
    if (diff.empty() && va[i] != v) {
      std::ostringstream s;
      s << name;
      if (idx >= 0) s << "[" << idx << "]";
      s << ": " << a_name << "=0x" << std::hex << va[i] << " " << b_name << "=0x" << v;
      diff = s.str();
    }
    ++i;
  });
  return diff;
}

}  // namespace gpucosim
