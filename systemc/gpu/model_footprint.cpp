#include "systemc/gpu/model_footprint.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "kernel/input_error.h"

namespace gpucosim {

namespace {

// Fixed parts, measured on the GTX480 preset (RSS of 1 vs 3000 SMs and 1 vs 512 channels, minus
// the sized structures below) and rounded up.
constexpr uint64_t kProcessBytes = 16ull << 20;   // libraries, SystemC kernel, one workload
constexpr uint64_t kSmFixedBytes = 28ull << 10;   // per SM: module, sockets, warp slots, units
// Slice and channel: measured again 2026-11-30 (vecadd on GTX480 with 1000 and 3000 channels of 2
// slices: 150 KB of RSS per channel, where 24 KB + 24 KB fixed parts estimated 116 KB).
constexpr uint64_t kSliceFixedBytes = 36ull << 10;
constexpr uint64_t kChannelFixedBytes = 36ull << 10;

// Sized structures (per element, with the allocator's and the element's own overhead).
constexpr uint64_t kTagLineBytes = 8 + 24;        // tag + CacheLineState (systemc/memory/cache/tag_array.h)
constexpr uint64_t kMshrSlotBytes = 4;            // hash slot (mshr_table.h); entries grow on demand
constexpr uint64_t kMissQueueBytes = 32 + 8;      // CacheRequest + the LSU's payload pointer
constexpr uint64_t kWheelBucketBytes = 24;        // one std::vector per cycle of horizon (timing_wheel.h)
constexpr uint64_t kBlockSlotBytes = 256;
constexpr uint64_t kCollectorBytes = 128;
constexpr uint64_t kTimedBytes = 16;              // L2 ROP / response queue entry
constexpr uint64_t kDramRequestBytes = 32;
constexpr uint64_t kDramBankBytes = 40;
constexpr uint64_t kDramPendingBytes = 64;
constexpr uint64_t kXbarPacketBytes = 24;

uint64_t sat_mul(uint64_t a, uint64_t b) { return b && a > UINT64_MAX / b ? UINT64_MAX : a * b; }
uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

uint64_t pow2_at_least(uint64_t x) {
  uint64_t n = 1;
  while (n < x && n < (uint64_t(1) << 62)) n <<= 1;
  return n;
}

// MshrTable: 2 x entries hash slots, a power of two >= 16.
uint64_t mshr_bytes(const CacheConfig& c) { return pow2_at_least(std::max<uint64_t>(16, 2 * uint64_t(c.mshr_entries))) * kMshrSlotBytes; }

uint64_t tag_bytes(const CacheConfig& c) { return c.enabled ? sat_mul(uint64_t(c.nsets) * c.assoc, kTagLineBytes) : 0; }

// The SM's timing wheel spans its longest latency (systemc/sm/sm.cpp wheel_horizon).
uint64_t wheel_horizon(const CoreConfig& c) {
  uint64_t h = std::max<uint64_t>({c.sp.latency, c.sfu.latency, c.dp.latency, c.int_.latency, c.tensor.latency,
                                   c.alu.latency, c.branch.latency, uint64_t(c.shmem_latency) + 4 * 32, c.l1_latency});
  return h + 8;
}

// The option behind the longest latency, for blame.
std::string longest_latency_option(const CoreConfig& c) {
  const std::pair<uint64_t, const char*> l[] = {
      {c.sp.latency, "ptx_opcode_latency_fp"},       {c.sfu.latency, "ptx_opcode_latency_sfu"},
      {c.dp.latency, "ptx_opcode_latency_dp"},       {c.int_.latency, "ptx_opcode_latency_int"},
      {c.tensor.latency, "ptx_opcode_latency_tesnor"}, {c.alu.latency, "gpucosim_alu_latency_initiation"},
      {c.branch.latency, "gpucosim_branch_latency_initiation"}, {c.shmem_latency, "gpgpu_smem_latency"},
      {c.l1_latency, "gpgpu_l1_latency"}};
  return std::max_element(std::begin(l), std::end(l))->second;
}

std::string largest_unit_option(const CoreConfig& c) {
  const std::pair<uint32_t, const char*> u[] = {{c.n_sp, "gpgpu_num_sp_units"},   {c.n_sfu, "gpgpu_num_sfu_units"},
                                                {c.n_dp, "gpgpu_num_dp_units"},   {c.n_int, "gpgpu_num_int_units"},
                                                {c.n_tensor, "gpgpu_num_tensor_core_units"}};
  return std::max_element(std::begin(u), std::end(u))->second;
}

}  // namespace

uint64_t FootprintPart::bytes() const { return sat_mul(count, unit_bytes); }

uint64_t ModelFootprint::total_bytes() const {
  uint64_t t = 0;
  for (const FootprintPart& p : parts) t = sat_add(t, p.bytes());
  return t;
}

ModelFootprint estimate_model_footprint(const GpuConfig& g) {
  const CoreConfig& c = g.core;
  const MemoryConfig& m = g.mem;
  const uint64_t sms = uint64_t(c.n_clusters) * c.cores_per_cluster;
  const uint64_t slices = uint64_t(m.n_channels) * m.sub_partitions;
  const std::string sm_count = c.cores_per_cluster > c.n_clusters ? "gpgpu_n_cores_per_cluster" : "gpgpu_n_clusters";
  const std::string slice_count =
      m.sub_partitions > m.n_channels ? "gpgpu_n_sub_partition_per_mchannel" : "gpgpu_n_mem";
  ModelFootprint f;
  auto add = [&f](const char* what, uint64_t count, uint64_t unit, std::string count_opt, std::string unit_opt) {
    f.parts.push_back({what, count, unit, std::move(count_opt), std::move(unit_opt)});
  };
  add("the process itself", 1, kProcessBytes, "", "");
  add("SMs (fixed part)", sms, kSmFixedBytes, sm_count, "");
  // The adaptive carve-out may grow the L1 up to the whole unified array (adaptive_l1_assoc(c, 0)).
  CacheConfig l1_largest = c.l1d;
  if (c.adaptive_l1 && c.l1d.enabled) l1_largest.assoc = std::max(c.l1d.assoc, adaptive_l1_assoc(c, 0));
  add("L1 tag arrays", sms, tag_bytes(l1_largest), sm_count, "gpgpu_cache:dl1");
  add("L1 MSHR tables", sms, c.l1d.enabled ? mshr_bytes(c.l1d) : 0, sm_count, "gpgpu_cache:dl1");
  add("L1 miss queues", sms, sat_mul(uint64_t(c.l1d.miss_queue) + 8, kMissQueueBytes), sm_count, "gpgpu_cache:dl1");
  add("SM timing wheels", sms, sat_mul(pow2_at_least(wheel_horizon(c) + 1), kWheelBucketBytes), sm_count,
      longest_latency_option(c));
  add("thread-block slots", sms, sat_mul(c.max_blocks, kBlockSlotBytes), sm_count, "gpgpu_shader_cta");
  add("operand collectors", sms, sat_mul(c.collector_units, kCollectorBytes), sm_count,
      "gpgpu_operand_collector_num_units_sp");
  add("register banks", sms, sat_mul(c.reg_banks, 16), sm_count, "gpgpu_num_reg_banks");
  uint64_t units = uint64_t(c.n_sp) + c.n_sfu + c.n_dp + c.n_int + c.n_tensor + c.n_mem_units;
  for (const SpecialUnit& s : c.special) units += s.units;
  add("execution units", sms, sat_mul(units, 8), sm_count, largest_unit_option(c));
  add("L2 slices (fixed part)", slices, kSliceFixedBytes, slice_count, "");
  add("L2 tag arrays", slices, tag_bytes(m.l2), slice_count, "gpgpu_cache:dl2");
  add("L2 MSHR tables", slices, m.l2.enabled ? mshr_bytes(m.l2) : 0, slice_count, "gpgpu_cache:dl2");
  add("L2 miss queues", slices, sat_mul(uint64_t(m.l2.miss_queue) + 8, kMissQueueBytes), slice_count,
      "gpgpu_cache:dl2");
  add("L2 ROP queues", slices, sat_mul(pow2_at_least(uint64_t(m.rop_latency) + std::max(1u, m.partition_queue)), kTimedBytes),
      slice_count, m.rop_latency >= m.partition_queue ? "gpgpu_l2_rop_latency" : "gpgpu_dram_partition_queues");
  add("L2 response and DRAM queues", slices,
      sat_add(sat_mul(pow2_at_least(uint64_t(m.l2_to_icnt_queue) + 16), kTimedBytes),
              sat_mul(pow2_at_least(m.l2_to_dram_queue), kDramRequestBytes)),
      slice_count, "gpgpu_dram_partition_queues");
  add("DRAM channels (fixed part)", m.n_channels, kChannelFixedBytes, "gpgpu_n_mem", "");
  add("DRAM banks", m.n_channels, sat_mul(m.timing.nbk, kDramBankBytes + 3), "gpgpu_n_mem", "gpgpu_dram_timing_opt");
  add("DRAM scheduler queues", m.n_channels, sat_mul(m.sched_queue, kDramPendingBytes), "gpgpu_n_mem",
      "gpgpu_frfcfs_dram_sched_queue_size");
  // Two networks (requests, replies), each with a 16-packet queue per port and a request bit set
  // per output.
  const uint64_t ports = sms + slices;
  add("interconnect ports", ports, 2 * (2 * 16 * kXbarPacketBytes + 64), sm_count, "");
  add("interconnect arbitration bits", 2 * slices, sat_mul((sms + 63) / 64, 8), sm_count, "");
  return f;
}

uint64_t default_memory_limit() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  const uint64_t phys = pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : (8ull << 30);
  return std::min<uint64_t>(phys / 2, 16ull << 30);
}

std::string human_bytes(uint64_t b) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
  double v = double(b);
  int u = 0;
  while (v >= 1024 && u < 6) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

uint64_t check_model_footprint(const GpuConfig& cfg, const OptionSet& options, uint64_t limit,
                               const std::string& limit_source) {
  const ModelFootprint f = estimate_model_footprint(cfg);
  const uint64_t total = f.total_bytes();
  if (limit == 0 || total <= limit) return total;
  const ModelFootprint base = estimate_model_footprint(GpuConfig{});
  const FootprintPart& worst =
      *std::max_element(f.parts.begin(), f.parts.end(),
                        [](const FootprintPart& a, const FootprintPart& b) { return a.bytes() < b.bytes(); });
  const FootprintPart* usual = nullptr;
  for (const FootprintPart& p : base.parts)
    if (p.what == worst.what) usual = &p;
  // Blame the factor that grew most against the defaults: the count or the size of one unit.
  const double count_growth = usual && usual->count ? double(worst.count) / double(usual->count) : 1;
  const double unit_growth = usual && usual->unit_bytes ? double(worst.unit_bytes) / double(usual->unit_bytes) : 1;
  std::string option = (count_growth >= unit_growth || worst.unit_option.empty()) ? worst.count_option : worst.unit_option;
  if (option.empty()) option = worst.unit_option;
  const OptionEntry* e = options.find(option);
  const std::string file = e ? e->origin.error_file() : "(configuration)";
  const uint64_t line = e ? e->origin.error_line() : 0;
  const std::string value = e ? " " + e->value : "";
  throw InputError(file, line,
                   "the GPU model this configuration describes would need about " + human_bytes(total) +
                       ", above the memory limit of " + human_bytes(limit) + " (" + limit_source + "); the largest part is " +
                       worst.what + ": " + std::to_string(worst.count) + " x " + human_bytes(worst.unit_bytes) +
                       " = " + human_bytes(worst.bytes()) + ". Expected a smaller -" + option + value);
}

}  // namespace gpucosim
