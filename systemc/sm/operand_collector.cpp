#include "systemc/sm/operand_collector.h"

#include <algorithm>
#include <sstream>

namespace gpucosim {

BankedOperandCollector::BankedOperandCollector(const CoreConfig& c)
    : n_sched_(std::max(1u, c.n_schedulers)),
      sub_core_(c.sub_core_model),
      n_banks_(std::max(1u, c.reg_banks)),
      port_tp_(std::max(1u, c.reg_port_throughput)) {
  uint32_t n = std::max(1u, c.collector_units);
  if (sub_core_ && n < n_sched_) n = n_sched_;  // every sub-core needs one
  units_.resize(n);
  free_per_sched_.assign(sub_core_ ? n_sched_ : 1, 0);
  for (uint32_t i = 0; i < n; ++i) free_per_sched_[sub_core_ ? i % n_sched_ : 0] += 1;
  order_.reserve(n);
  ready_.reserve(n);
  bank_left_.assign(n_banks_, 0);
  bank_gen_.assign(n_banks_, 0);
  write_left_.assign(n_banks_, 0);
  write_gen_.assign(n_banks_, 0);
}

bool BankedOperandCollector::can_allocate(uint32_t sched) const {
  return free_per_sched_[sub_core_ ? sched % n_sched_ : 0] > 0;
}

void BankedOperandCollector::allocate(const OperandRequest& r, uint64_t /*now*/) {
  // The first free unit (of the scheduler's sub-core: units sched, sched + n_sched, ...).
  const uint32_t step = sub_core_ ? n_sched_ : 1;
  uint32_t idx = sub_core_ ? r.scheduler % n_sched_ : 0;
  for (; idx < units_.size(); idx += step)
    if (!units_[idx].valid) break;
  Unit& u = units_[idx];
  u.valid = true;
  u.read_done = false;
  u.token = r.token;
  u.warp = r.warp_slot;
  if (slot_launch_.size() <= r.warp_slot) slot_launch_.resize(size_t(r.warp_slot) + 1, 0);
  slot_launch_[r.warp_slot] = r.launch;
  u.seq = seq_++;
  u.n_pending = 0;
  // Distinct non-RZ source registers, each read once.
  const Instruction& in = *r.inst;
  uint8_t regs[kMaxSrc];
  for (int k = 0; k < in.n_src; ++k) {
    uint8_t reg = in.src[size_t(k)];
    if (reg == kRegZero) continue;
    bool dup = false;
    for (int j = 0; j < u.n_pending; ++j) dup |= regs[j] == reg;
    if (dup) continue;
    regs[u.n_pending] = reg;
    u.banks[u.n_pending] = uint8_t((reg + r.warp_slot) % n_banks_);
    ++u.n_pending;
  }
  free_per_sched_[sub_core_ ? idx % n_sched_ : 0] -= 1;
  ++used_;
  order_.push_back(idx);  // allocation order == age order
}

void BankedOperandCollector::cycle(uint64_t /*now*/) {
  ready_.clear();
  if (used_ == 0) return;
  // Every bank has port_tp_ reads this cycle: a bank's count is reset when first used in a cycle
  // (its generation is older) instead of refilling every bank each cycle.
  ++read_gen_;
  for (uint32_t idx : order_) {
    Unit& u = units_[idx];
    if (u.read_done) {
      ready_.push_back(u.token);
      continue;
    }
    uint8_t kept = 0;
    if (u.n_pending) ledger_.charge_to(slot_launch_[u.warp], n_);
    for (uint8_t k = 0; k < u.n_pending; ++k) {
      uint8_t b = u.banks[k];
      if (bank_gen_[b] != read_gen_) {
        bank_gen_[b] = read_gen_;
        bank_left_[b] = port_tp_;
      }
      if (bank_left_[b] > 0) {
        bank_left_[b] -= 1;
        ++n_.reads;
      } else {
        ++n_.bank_conflicts;
        u.banks[kept++] = b;
      }
    }
    u.n_pending = kept;
    if (kept == 0) {
      u.read_done = true;
      ready_.push_back(u.token);
    }
  }
}

void BankedOperandCollector::release(uint32_t token) {
  for (size_t i = 0; i < order_.size(); ++i) {
    Unit& u = units_[order_[i]];
    if (u.token != token) continue;
    u.valid = false;
    free_per_sched_[sub_core_ ? order_[i] % n_sched_ : 0] += 1;
    --used_;
    order_.erase(order_.begin() + long(i));
    return;
  }
}

void BankedOperandCollector::write(uint32_t warp_slot, const Instruction& inst, uint64_t now) {
  if (inst.active_mask == 0) return;  // predicated off: nothing is written
  if (now != write_cycle_) {  // every bank's write ports free again (reset lazily, as in cycle())
    write_cycle_ = now;
    ++write_gen_now_;
  }
  if (warp_slot < slot_launch_.size()) ledger_.charge_to(slot_launch_[warp_slot], n_);
  for (uint32_t d = 0; d < inst.n_dst; ++d) {
    if (inst.dst[d] == kRegZero) continue;
    ++n_.writes;
    const uint32_t b = (inst.dst[d] + warp_slot) % n_banks_;
    if (write_gen_[b] != write_gen_now_) {
      write_gen_[b] = write_gen_now_;
      write_left_[b] = port_tp_;
    }
    uint32_t& left = write_left_[b];
    if (left)
      --left;
    else
      ++n_.write_conflicts;
  }
}

void BankedOperandCollector::collect(StatsMap& m) const { emit(m, n_); }

void BankedOperandCollector::collect_launch(StatsMap& m, uint32_t launch) const { emit(m, ledger_.of(launch, n_)); }

void BankedOperandCollector::emit(StatsMap& m, const Counters& n) {
  add_stat(m, "gpgpu_n_regfile_writes", double(n.writes));
  add_stat(m, "regfile_write_bank_conflicts", double(n.write_conflicts));
  add_stat(m, "gpgpu_n_regfile_bkconflict", double(n.bank_conflicts));
  add_stat(m, "gpgpu_n_regfile_reads", double(n.reads));
}

std::string BankedOperandCollector::describe() const {
  std::ostringstream o;
  o << "    operand collectors: " << used_ << "/" << units_.size() << " busy";
  for (uint32_t idx : order_) {
    const Unit& u = units_[idx];
    o << " [oc" << idx << " w" << u.warp << " tok" << u.token << (u.read_done ? " ready" : " reading") << "]";
  }
  o << "\n";
  return o.str();
}

}  // namespace gpucosim
