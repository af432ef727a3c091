// Research-block options: WarpPool (seed 000 ch. 3). Single values are checked here (the error
// names the option's file and line); combinations with the core (warps per queue, L1 geometry)
// are checked when the SMs are built (make_sm_options, systemc/blocks/block_factory.cpp).
#include "systemc/config/option_registry.h"
#include "systemc/config/option_values.h"

namespace gpucosim {

namespace {

using S = BuildState;
using V = const std::string&;

WarpPoolMode parse_warppool_mode(const std::string& v) {
  if (v == "off") return WarpPoolMode::Off;
  if (v == "tlm") return WarpPoolMode::Tlm;
  if (v == "rtl") return WarpPoolMode::Rtl;
  if (v == "lockstep") return WarpPoolMode::Lockstep;
  throw ValueError("expected off, tlm, rtl or lockstep, got '" + v + "'");
}

uint32_t parse_pow2(const std::string& v) {
  const uint32_t x = parse_u32_min(v, 2);
  if (x & (x - 1)) throw ValueError("expected a power of two, got '" + v + "'");
  return x;
}

uint32_t parse_range(const std::string& v, uint32_t lo, uint32_t hi) {
  const uint32_t x = parse_u32(v);
  if (x < lo || x > hi)
    throw ValueError("expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got '" + v +
                     "'");
  return x;
}

const OptionDef kWarpPool[] = {
    {"warppool", OptionType::String, "off", "warppool.mode",
     "WarpPool in every SM: off (baseline coalescer), tlm (C++ twin), rtl (Verilated RTL), lockstep (both, "
     "compared every cycle)",
     [](V v, S& s) { s.gpu.warppool.mode = parse_warppool_mode(v); }},
    {"gpucosim_warppool_iq_count", OptionType::Uint, "16", "warppool.iq_count", "instruction queues",
     [](V v, S& s) { s.gpu.warppool.iq_count = parse_range(v, 1, 64); }},
    {"gpucosim_warppool_iq_depth", OptionType::Uint, "8", "warppool.iq_depth", "entries per instruction queue",
     [](V v, S& s) { s.gpu.warppool.iq_depth = parse_range(v, 1, 64); }},
    {"gpucosim_warppool_warps_per_iq", OptionType::Uint, "0", "warppool.warps_per_iq",
     "warps mapped to each instruction queue (0 = warps per SM / queues, rounded up)",
     [](V v, S& s) { s.gpu.warppool.warps_per_iq = parse_range(v, 0, 64); }},
    {"gpucosim_warppool_coalescers", OptionType::Uint, "2", "warppool.coalescers", "intra-warp coalescers",
     [](V v, S& s) { s.gpu.warppool.coalescers = parse_range(v, 1, 4); }},
    {"gpucosim_warppool_tmt_entries", OptionType::Uint, "8", "warppool.tmt_entries", "thread map table entries",
     [](V v, S& s) { s.gpu.warppool.tmt_entries = parse_range(v, 1, 64); }},
    {"gpucosim_warppool_queues", OptionType::Uint, "32", "warppool.queues",
     "inter-warp coalescing queues (a power of two, at most the L1 set count)",
     [](V v, S& s) { s.gpu.warppool.queues = parse_pow2(v); }},
    {"gpucosim_warppool_tags_per_queue", OptionType::Uint, "2", "warppool.tags_per_queue",
     "tags (distinct lines) per inter-warp queue", [](V v, S& s) { s.gpu.warppool.tags_per_queue = parse_range(v, 1, 8); }},
    {"gpucosim_warppool_merges_per_tag", OptionType::Uint, "4", "warppool.merges_per_tag",
     "warp loads merged per tag (= per L1 request)",
     [](V v, S& s) { s.gpu.warppool.merges_per_tag = parse_range(v, 1, 8); }},
    {"gpucosim_warppool_mshr_requests", OptionType::Uint, "256", "warppool.mshr_requests",
     "L1 requests in flight (MSHR metadata table rows of merges_per_tag slots)",
     [](V v, S& s) { s.gpu.warppool.mshr_requests = parse_range(v, 2, 4096); }},
    {"gpucosim_warppool_wbq_depth", OptionType::Uint, "2", "warppool.wbq_depth", "writeback queue entries",
     [](V v, S& s) { s.gpu.warppool.wbq_depth = parse_range(v, 1, 8); }},
    {"gpucosim_warppool_addr_bits", OptionType::Uint, "48", "warppool.addr_bits", "byte address width",
     [](V v, S& s) { s.gpu.warppool.addr_bits = parse_range(v, 16, 64); }},
    {"gpucosim_warppool_tag_bits", OptionType::Uint, "5", "warppool.tag_bits",
     "per-warp instruction tag bits (2^n global loads/stores of a warp inside WarpPool)",
     [](V v, S& s) { s.gpu.warppool.tag_bits = parse_range(v, 1, 8); }},
    {"gpucosim_warppool_quantum", OptionType::Uint, "100000", "warppool.quantum",
     "cycles per policy quantum", [](V v, S& s) { s.gpu.warppool.quantum = parse_range(v, 2, 1u << 30); }},
    {"gpucosim_warppool_miss_pct", OptionType::Uint, "99", "warppool.miss_pct",
     "toggle the selection policy when a quantum's L1 miss rate is above this percentage",
     [](V v, S& s) { s.gpu.warppool.miss_pct = parse_range(v, 0, 100); }},
    {"gpucosim_warppool_age_cap", OptionType::Uint, "1024", "warppool.age_cap",
     "sends that may pass over the oldest request before it goes (0 = no cap)",
     [](V v, S& s) { s.gpu.warppool.age_cap = parse_u32(v); }},
    {"gpucosim_warppool_store_wait_cap", OptionType::Uint, "256", "warppool.store_wait_cap",
     "loads sent past a waiting store before the store goes (0 = loads always first)",
     [](V v, S& s) { s.gpu.warppool.store_wait_cap = parse_u32(v); }},
    {"gpucosim_warppool_vcd", OptionType::String, "", "warppool.vcd",
     "rtl/lockstep: write each SM's WarpPool waves to <prefix>_sm<N>.vcd (\"\" = none)",
     [](V v, S& s) { s.gpu.warppool.vcd = v; }},
};

}  // namespace

const OptionGroup kBlockOptionGroups[] = {
    {"WarpPool (seed 000 ch. 3)", kWarpPool, sizeof(kWarpPool) / sizeof(OptionDef)},
};
const size_t kBlockOptionGroupCount = sizeof(kBlockOptionGroups) / sizeof(OptionGroup);

}  // namespace gpucosim
