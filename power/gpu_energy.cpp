// GPU energy model: SRAM sizing at construction, counts x energies per run (see gpu_energy.h).
#include "power/gpu_energy.h"

#include <algorithm>
#include <numeric>

#include "kernel/input_error.h"
#include "power/node_scaling.h"
#include "systemc/blocks/kit/block_decl.h"
#include "power/sram_macro.h"

namespace gpucosim::power {

namespace {

using Stats = StatsMap;

double get(const Stats& s, const std::string& k) {
  auto it = s.find(k);
  return it == s.end() ? 0.0 : it->second;
}

bool has(const Stats& s, const std::string& k) { return s.count(k) != 0; }

// Sums every "<prefix>N<suffix>" counter, e.g. dram[0].bytes_read + dram[1].bytes_read.
double sum_indexed(const Stats& s, const std::string& prefix, const std::string& suffix, bool* found) {
  double total = 0;
  for (auto it = s.lower_bound(prefix); it != s.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
    const std::string& k = it->first;
    if (k.size() > suffix.size() && k.compare(k.size() - suffix.size(), suffix.size(), suffix) == 0) {
      total += it->second;
      *found = true;
    }
  }
  return total;
}

constexpr double kPjPerNj = 1000.0;
// Bytes GPGPU-Sim's fetch stage reads from the instruction cache per access (shader.cc fetch()).
constexpr uint32_t kFetchBlockBytes = 16;

}  // namespace

double EnergyReport::dynamic_nj() const {
  return std::accumulate(components.begin(), components.end(), 0.0,
                         [](double a, const EnergyComponent& c) { return a + c.dynamic_nj; });
}
double EnergyReport::leakage_nj() const {
  return std::accumulate(components.begin(), components.end(), 0.0,
                         [](double a, const EnergyComponent& c) { return a + c.leakage_nj; });
}
double EnergyReport::total_nj() const { return dynamic_nj() + leakage_nj(); }
double EnergyReport::average_power_w() const { return runtime_s > 0 ? total_nj() * 1e-9 / runtime_s : 0.0; }

const EnergyComponent* EnergyReport::find(const std::string& name) const {
  for (const auto& c : components)
    if (c.name == name) return &c;
  return nullptr;
}

GpuEnergyModel::GpuEnergyModel(const GpuConfig& cfg, const EnergyOptions& options)
    : core_hz_(cfg.clock.core_mhz * 1e6), node_nm_(options.node_nm), options_(options) {
  const CoreConfig& core = cfg.core;
  const double n_sms = double(core.n_sms());
  const double nj_to_pj = kPjPerNj;

  // Every array at the model's node and cell family: a single-ported RAM macro of `words` rows
  // of `bits`, or a cache of sets x ways x lines with its tags.
  const auto ram = [&](uint64_t words, uint64_t bits) {
    RamMacroSpec spec;
    spec.bits = std::max<uint64_t>(1, bits);
    spec.words = std::max<uint64_t>(1, words);
    spec.node_nm = node_nm_;
    spec.cell = options.sram_cell;
    return estimate_ram_macro(spec);
  };
  const auto cache = [&](uint32_t sets, uint32_t ways, uint32_t line_bytes) {
    CacheArraySpec spec;
    spec.sets = sets;
    spec.ways = ways;
    spec.line_bytes = line_bytes;
    spec.node_nm = node_nm_;
    spec.cell = options.sram_cell;
    return estimate_cache_array(spec);
  };

  // Register file: reg_banks single-ported banks per SM; an access reads or writes one warp
  // register (warp_size lanes x 4 bytes) in one bank.
  const SramEstimate rf = ram(uint64_t(core.registers) / std::max<uint32_t>(1, core.reg_banks) / core.warp_size,
                              uint64_t(core.warp_size) * 32);
  e_.rf_read_pj = rf.read_energy_nj * nj_to_pj;
  e_.rf_write_pj = rf.write_energy_nj * nj_to_pj;
  e_.rf_leak_mw = rf.leakage_mw * core.reg_banks * n_sms;

  // L1 data cache, one per SM.
  if (core.l1d.enabled) {
    const SramEstimate e = cache(core.l1d.nsets, core.l1d.assoc, core.l1d.line_bytes);
    e_.l1_read_pj = e.read_energy_nj * nj_to_pj;
    e_.l1_write_pj = e.write_energy_nj * nj_to_pj;
    e_.l1_leak_mw = e.leakage_mw * n_sms;
  }

  // Shared memory: shmem_banks 4-byte banks accessed together, one row per pass.
  if (core.shmem_bytes > 0) {
    const uint64_t row_bits = uint64_t(std::max<uint32_t>(1, core.shmem_banks)) * 32;
    const SramEstimate e = ram(uint64_t(core.shmem_bytes) * 8 / row_bits, row_bits);
    e_.shmem_access_pj = 0.5 * (e.read_energy_nj + e.write_energy_nj) * nj_to_pj;  // loads and stores unknown
    e_.shmem_leak_mw = e.leakage_mw * n_sms;
  }

  // L2: one slice per memory sub-partition.
  if (cfg.mem.l2.enabled) {
    const SramEstimate e = cache(cfg.mem.l2.nsets, cfg.mem.l2.assoc, cfg.mem.l2.line_bytes);
    e_.l2_read_pj = e.read_energy_nj * nj_to_pj;
    e_.l2_write_pj = e.write_energy_nj * nj_to_pj;
    e_.l2_leak_mw = e.leakage_mw * cfg.mem.n_partitions();
  }

  // Instruction cache (gpgpu_cache:il1), one per SM. A fetch reads one fetch block, not the
  // line: GPGPU-Sim's fetch stage asks the instruction cache for 16 bytes (one or two
  // instructions) per access, so the data arrays read 16 bytes of each way of the set. The cache
  // is modelled as the fetch sees it: the same capacity and ways in 16-byte blocks (reading whole
  // 128-byte lines of all 16 ways of a 128 KB cache charged about 25x a register-bank access per
  // fetch; and a 4-set cache has too few rows for the SRAM model's subarrays).
  const CacheConfig& il1 = core.il1;
  const uint32_t fetch_bytes = std::min<uint32_t>(kFetchBlockBytes, il1.line_bytes);
  SramEstimate ic;
  try {
    ic = cache(il1.nsets * std::max<uint32_t>(1, il1.line_bytes / fetch_bytes), il1.assoc, fetch_bytes);
  } catch (const InputError& e) {
    throw InputError("gpgpu_cache:il1", 0,
                     "an instruction cache the SRAM model can size for the energy report: " + std::string(e.what()));
  }
  e_.fetch_pj = ic.read_energy_nj * nj_to_pj;
  e_.icache_leak_mw = ic.leakage_mw * n_sms;

  // Research blocks switched on that declare arrays: each array sized as a RAM macro.
  for (const kit::BlockDecl* d : kit::builtin_block_decls()) {
    const kit::BlockSettings& bs = cfg.block(d->name);
    if (!d->energy || bs.mode == kit::BlockMode::Off) continue;
    const kit::BlockEnergy be = d->energy(bs, core.n_schedulers);
    BlockEnergyModel m{d->name, be.component, be.replaces, {}, be.extra_fetches};
    for (const kit::BlockEnergyArray& a : be.arrays) {
      const SramEstimate e = ram(a.words, a.bits);
      m.arrays.push_back(BlockArrayEnergy{a.name, e.read_energy_nj * nj_to_pj, e.write_energy_nj * nj_to_pj,
                                          e.leakage_mw * a.per_sm * n_sms, a.reads, a.writes});
    }
    blocks_.push_back(std::move(m));
  }

  e_.dram_pj_per_byte = options.dram.pj_per_bit * 8;

  const double k = stillmaker_scaling(options.ops.published_node_nm, node_nm_).energy;
  e_.int_pj = options.ops.int_op_pj * k;
  e_.sp_pj = options.ops.sp_op_pj * k;
  e_.dp_pj = options.ops.dp_op_pj * k;
  e_.sfu_pj = options.ops.sfu_op_pj * k;
  e_.tensor_pj = options.ops.tensor_op_pj * k;
}

EnergyReport GpuEnergyModel::evaluate(const Stats& s) const {
  EnergyReport r;
  r.node_nm = node_nm_;
  r.runtime_s = core_hz_ > 0 ? get(s, "gpu_sim_cycle") / core_hz_ : 0.0;
  const double leak_nj_per_mw = r.runtime_s * 1e6;  // mW x s = mJ = 1e6 nJ
  auto add = [&r](std::string name, std::string from, double events, double dyn_pj, double leak_nj) {
    r.components.push_back(EnergyComponent{std::move(name), std::move(from), events, dyn_pj / kPjPerNj, leak_nj});
  };

  auto replaced = [this](const char* component) {
    return std::any_of(blocks_.begin(), blocks_.end(), [&](const BlockEnergyModel& b) { return b.replaces == component; });
  };
  auto sum = [&s](const std::vector<std::string>& keys) {
    double t = 0;
    for (const std::string& k : keys) t += get(s, k);
    return t;
  };
  auto joined = [](const std::vector<std::string>& keys) {
    std::string out;
    for (const std::string& k : keys) out += (out.empty() ? "" : " + ") + k;
    return out;
  };

  // Register file (unless a block takes its place).
  if (!replaced("register_file")) {
  const double rf_reads = get(s, "gpgpu_n_regfile_reads");
  double rf_writes = get(s, "gpgpu_n_regfile_writes");
  if (!has(s, "gpgpu_n_regfile_writes")) {
    rf_writes = std::max(0.0, get(s, "warp_insn") - get(s, "gpgpu_n_store_insn"));
    if (rf_writes > 0) r.notes.push_back("gpgpu_n_regfile_writes not reported: one register write per non-store warp instruction");
  }
  add("register_file", "gpgpu_n_regfile_reads + gpgpu_n_regfile_writes", rf_reads + rf_writes,
      rf_reads * e_.rf_read_pj + rf_writes * e_.rf_write_pj, e_.rf_leak_mw * leak_nj_per_mw);
  }

  // The blocks' arrays, one component per block.
  for (const BlockEnergyModel& b : blocks_) {
    double events = 0, dyn = 0, leak = 0;
    std::string from;
    for (const BlockArrayEnergy& a : b.arrays) {
      const double rd = sum(a.reads), wr = sum(a.writes);
      events += rd + wr;
      dyn += rd * a.read_pj + wr * a.write_pj;
      leak += a.leak_mw * leak_nj_per_mw;
      from += (from.empty() ? "" : "; ") + a.name + ": " + joined(a.reads) + " + " + joined(a.writes);
    }
    add(b.component, from, events, dyn, leak);
  }

  // Instruction fetch: one instruction-cache read per warp instruction, and per instruction a
  // block makes the SMs fetch besides the kernel's.
  std::vector<std::string> fetch_keys = {"warp_insn"};
  for (const BlockEnergyModel& b : blocks_) fetch_keys.insert(fetch_keys.end(), b.extra_fetches.begin(), b.extra_fetches.end());
  const double fetches = sum(fetch_keys);
  add("instruction_fetch", joined(fetch_keys), fetches, fetches * e_.fetch_pj, e_.icache_leak_mw * leak_nj_per_mw);

  // L1 data cache: reads, writes, and line fills (a fill writes the array).
  double l1_reads = get(s, "L1D_read_accesses");
  if (!has(s, "L1D_read_accesses") && has(s, "L1D_total_cache_accesses")) {
    l1_reads = get(s, "L1D_total_cache_accesses") - get(s, "L1D_write_accesses");
    if (l1_reads > 0) r.notes.push_back("L1D_read_accesses not reported: L1D_total_cache_accesses minus writes");
  }
  const double l1_writes = get(s, "L1D_write_accesses") + get(s, "L1D_fills");
  add("l1d", "L1D_read_accesses + L1D_write_accesses + L1D_fills", l1_reads + l1_writes,
      l1_reads * e_.l1_read_pj + l1_writes * e_.l1_write_pj, e_.l1_leak_mw * leak_nj_per_mw);

  // Shared memory: one pass per instruction plus one per extra bank-conflict pass.
  const double sh = get(s, "gpgpu_n_shmem_insn") + get(s, "gpgpu_n_shmem_bkconflict");
  add("shared_memory", "gpgpu_n_shmem_insn + gpgpu_n_shmem_bkconflict", sh, sh * e_.shmem_access_pj,
      e_.shmem_leak_mw * leak_nj_per_mw);

  // L2 slices.
  double l2_reads = get(s, "L2.read_accesses");
  if (!has(s, "L2.read_accesses") && has(s, "L2_total_cache_accesses")) {
    l2_reads = get(s, "L2_total_cache_accesses") - get(s, "L2.write_accesses");
    if (l2_reads > 0) r.notes.push_back("L2.read_accesses not reported: L2_total_cache_accesses minus writes");
  }
  const double l2_writes = get(s, "L2.write_accesses") + get(s, "L2.fills");
  add("l2", "L2.read_accesses + L2.write_accesses + L2.fills", l2_reads + l2_writes,
      l2_reads * e_.l2_read_pj + l2_writes * e_.l2_write_pj, e_.l2_leak_mw * leak_nj_per_mw);

  // DRAM: bytes moved.
  bool have_bytes = false;
  double bytes = sum_indexed(s, "dram[", "].bytes_read", &have_bytes) + sum_indexed(s, "dram[", "].bytes_written", &have_bytes);
  if (!have_bytes) {
    bytes = (get(s, "total_dram_reads") + get(s, "total_dram_writes")) * options_.dram.bytes_per_request;
    if (bytes > 0)
      r.notes.push_back("dram[N].bytes_read/bytes_written not reported: " +
                        std::to_string(int(options_.dram.bytes_per_request)) + " bytes per total_dram_reads/writes");
  }
  add("dram", "dram[N].bytes_read + dram[N].bytes_written", bytes, bytes * e_.dram_pj_per_byte, 0.0);

  // Arithmetic, per lane operation.
  const char* const kOps[] = {"exec_int_thread_ops", "exec_sp_thread_ops", "exec_dp_thread_ops", "exec_sfu_thread_ops",
                              "exec_tensor_thread_ops"};
  const bool per_unit = std::any_of(std::begin(kOps), std::end(kOps), [&s](const char* k) { return has(s, k); });
  double int_ops = get(s, kOps[0]), sp_ops = get(s, kOps[1]);
  if (!per_unit) {
    // No per-unit counts: every non-memory thread instruction counts as one FP32 FMA.
    const double warp = get(s, "warp_insn");
    const double mem = get(s, "gpgpu_n_load_insn") + get(s, "gpgpu_n_store_insn") + get(s, "gpgpu_n_shmem_insn") +
                       get(s, "gpgpu_n_atomic_insn") + get(s, "gpgpu_n_const_insn");
    const double non_mem = warp > 0 ? std::max(0.0, 1.0 - mem / warp) : 0.0;
    sp_ops = get(s, "gpu_sim_insn") * non_mem;
    if (sp_ops > 0) r.notes.push_back("exec_*_thread_ops not reported: non-memory thread instructions counted as FP32 FMAs");
  }
  add("int_alu", kOps[0], int_ops, int_ops * e_.int_pj, 0.0);
  add("fp32", per_unit ? kOps[1] : "gpu_sim_insn x non-memory share of warp_insn", sp_ops, sp_ops * e_.sp_pj, 0.0);
  add("fp64", kOps[2], get(s, kOps[2]), get(s, kOps[2]) * e_.dp_pj, 0.0);
  add("sfu", kOps[3], get(s, kOps[3]), get(s, kOps[3]) * e_.sfu_pj, 0.0);
  add("tensor", kOps[4], get(s, kOps[4]), get(s, kOps[4]) * e_.tensor_pj, 0.0);
  return r;
}

EnergyReport gpu_energy(const GpuConfig& cfg, const Stats& stats) { return GpuEnergyModel(cfg).evaluate(stats); }

EnergyReport gpu_energy(const GpuConfig& cfg, const Stats& stats, const EnergyOptions& options) {
  return GpuEnergyModel(cfg, options).evaluate(stats);
}

const std::vector<std::string>& energy_statistics_consumed() {
  static const std::vector<std::string> kNames = {
      "gpu_sim_cycle", "gpu_sim_insn", "warp_insn", "gpgpu_n_regfile_reads", "gpgpu_n_regfile_writes",
      "gpgpu_n_load_insn", "gpgpu_n_store_insn", "gpgpu_n_shmem_insn", "gpgpu_n_atomic_insn", "gpgpu_n_const_insn",
      "gpgpu_n_shmem_bkconflict", "L1D_read_accesses", "L1D_write_accesses", "L1D_fills", "L1D_total_cache_accesses",
      "L2.read_accesses", "L2.write_accesses", "L2.fills", "L2_total_cache_accesses", "dram[N].bytes_read",
      "dram[N].bytes_written", "total_dram_reads", "total_dram_writes", "exec_int_thread_ops", "exec_sp_thread_ops",
      "exec_dp_thread_ops", "exec_sfu_thread_ops", "exec_tensor_thread_ops"};
  return kNames;
}

}  // namespace gpucosim::power
