// Statistics and deadlock report of the load/store unit.
#include <sstream>

#include "systemc/sm/ldst_unit.h"

namespace gpucosim {

void LdstUnit::collect(StatsMap& m) const {
  emit(m, n_, nc_);
  if (l1_) {
    l1_->sector_stats().collect(m, "L1D_total_cache_", "Total_core_cache_stats_breakdown",
                                "Total_core_cache_fail_stats_breakdown");
    l1_->collect(m, "L1D_");
  } else {
    SectorStats().collect(m, "L1D_total_cache_", "Total_core_cache_stats_breakdown",
                          "Total_core_cache_fail_stats_breakdown");
  }
  for (const MemoryClient* c : clients_) c->collect(m);
  if (fe_) fe_->collect(m);
}

void LdstUnit::collect_launch(StatsMap& m, uint32_t launch) const {
  emit(m, ledger_.of(launch, n_), cledger_.of(launch, nc_));
  if (l1_) {
    l1_->sector_stats_of(launch).collect(m, "L1D_total_cache_", "Total_core_cache_stats_breakdown",
                                         "Total_core_cache_fail_stats_breakdown");
    l1_->collect_launch(m, "L1D_", launch);
  } else {
    SectorStats().collect(m, "L1D_total_cache_", "Total_core_cache_stats_breakdown",
                          "Total_core_cache_fail_stats_breakdown");
  }
}

void LdstUnit::emit(StatsMap& m, const Counters& cn, const std::array<ClientCounters, kMemClients>& cc) const {
  // Requests each memory client sent towards memory (memory_clients.h); the attached clients'
  // L1 accesses, port and miss-queue refusals, and data delivered.
  for (uint32_t k = 0; k < kMemClients; ++k)
    add_stat(m, std::string("sm_client_") + to_string(MemClient(k)) + "_requests", double(cc[k].requests));
  for (const MemoryClient* c : clients_) {
    const ClientCounters& n = cc[size_t(c->kind())];
    const std::string p = std::string("sm_client_") + to_string(c->kind());
    add_stat(m, p, "_l1_accesses", double(n.l1_accesses));
    add_stat(m, p, "_port_stalls", double(n.port_stalls));
    add_stat(m, p, "_queue_stalls", double(n.queue_stalls));
    add_stat(m, p, "_data", double(n.data));
  }
  add_stat(m, "gpgpu_n_load_insn", double(cn.load_insn));
  add_stat(m, "gpgpu_n_store_insn", double(cn.store_insn));
  add_stat(m, "gpgpu_n_shmem_insn", double(cn.shmem_insn));
  add_stat(m, "gpgpu_n_atomic_insn", double(cn.atomic_insn));
  add_stat(m, "gpgpu_n_const_insn", double(cn.const_insn));
  add_stat(m, "gpgpu_n_shmem_bkconflict", double(cn.shmem_bkconflict));
  add_stat(m, "coalescer_global_load_insn", double(cn.coalesced_load_insn));
  add_stat(m, "coalescer_load_requests", double(cn.coalesced_load_reqs));
  add_stat(m, "coalescer_store_requests", double(cn.coalesced_store_reqs));
  // L1D_total_cache_* and the breakdowns (by the callers): Accel-Sim's per-sector counts
  // (sector_stats.h); the cache's own per-request counters are under L1D_ (L1D_accesses ...).
  add_stat(m, "ldst_stall_l1_reservation_fail", double(cn.l1_stall_resfail));
  add_stat(m, "gpgpu_n_mem_l1_writeback", double(cn.mem_wb));
  add_stat(m, "gpgpu_n_mem_read_global", double(cn.mem_read));
  add_stat(m, "gpgpu_n_mem_write_global", double(cn.mem_write));
  add_stat(m, "gpgpu_n_mem_read_local", double(cn.mem_read_local));
  add_stat(m, "gpgpu_n_mem_write_local", double(cn.mem_write_local));
  add_stat(m, "gpgpu_n_mem_atomic", double(cn.mem_atomic));
  add_stat(m, "gpgpu_n_mem_bypass_read", double(cn.bypass_reads));
  add_stat(m, "ldst_stall_cycles", double(cn.stall_cycles));
  add_stat(m, "ldst_stall_miss_queue_full", double(cn.stall_missq_full));
  add_stat(m, "sm_mem_read_latency_sum", double(cn.read_latency_sum));
  add_stat(m, "sm_mem_read_replies", double(cn.read_replies));
}

std::string LdstUnit::describe() const {
  std::ostringstream o;
  o << "    ldst: input " << (input_valid_ ? "w" + std::to_string(input_.warp) : std::string("-"));
  if (cur_valid_)
    o << ", serving w" << cur_.warp << " pc 0x" << std::hex << cur_.inst->pc << std::dec << " request " << req_idx_
      << "/" << reqs_.size() << (stalled_ ? " (stalled)" : "");
  else
    o << ", nothing in service";
  o << "; miss queue " << missq_count_ << "/" << missq_.size() << ", " << in_flight_ << " requests in memory, "
    << (loads_.size() - free_loads_.size()) << " loads waiting";
  if (l1_) o << ", L1 MSHR lines in flight " << l1_->mshr_lines_in_flight() << ", L1 queue " << l1_->requests_queued();
  o << "\n";
  if (fe_) o << fe_->describe();
  for (size_t k = 0; k < missq_count_ && k < 8; ++k) {
    const GpuExtension& e = gpu_ext(*missq_[(missq_head_ + k) % missq_.size()]);
    o << "      queued: id " << e.id << " w" << e.warp << " addr 0x" << std::hex
      << missq_[(missq_head_ + k) % missq_.size()]->get_address() << std::dec << " sectors " << int(e.sector_mask)
      << "\n";
  }
  return o.str();
}

}  // namespace gpucosim
