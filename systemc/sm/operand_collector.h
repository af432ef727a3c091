#pragma once
// Operand collectors over a banked register file: the register storage of the SM.
//
// RESEARCH HOOK (sm_hooks.h): register-file designs (RegLess, FineReg, register caches) replace
// this class. The SM talks to it only through OperandCollectorInterface: it allocates a collector
// for every issued instruction that reads registers, asks each cycle which instructions have all
// operands, releases a collector when its instruction moved on to an execution unit, hands it
// every result write (write(), in the writeback stage of the cycle the result is due) and tells
// it when a warp's registers come into use and are freed (warp_launched/warp_exited). The SM
// takes an implementation at construction (SmOptions::operand_collector); the default is
// BankedOperandCollector.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"
#include "systemc/gpu/kernel_ledger.h"
#include "systemc/gpu/stats.h"

namespace gpucosim {

struct OperandRequest {
  uint32_t token = 0;       // the SM's id of the in-flight instruction
  uint32_t warp_slot = 0;
  uint32_t scheduler = 0;
  const Instruction* inst = nullptr;
  uint32_t launch = 0;      // kernel launch of the warp (per-kernel statistics, kernel_ledger.h)
};

class OperandCollectorInterface {
 public:
  virtual ~OperandCollectorInterface() = default;
  // Whether scheduler `sched` may allocate a collector now.
  virtual bool can_allocate(uint32_t sched) const = 0;
  virtual void allocate(const OperandRequest& r, uint64_t now) = 0;
  // One cycle of register reads. Afterwards ready() lists, oldest first, the tokens whose operands
  // have all been read (including ones not yet released).
  virtual void cycle(uint64_t now) = 0;
  virtual const std::vector<uint32_t>& ready() const = 0;
  virtual void release(uint32_t token) = 0;
  virtual bool empty() const = 0;
  // The destination registers of `inst` (warp slot `warp_slot`) are written at `now`.
  virtual void write(uint32_t warp_slot, const Instruction& inst, uint64_t now) = 0;
  // A warp's registers come into use (nregs per thread) / are no longer needed.
  virtual void warp_launched(uint32_t warp_slot, uint32_t nregs) { (void)warp_slot, (void)nregs; }
  virtual void warp_exited(uint32_t warp_slot) { (void)warp_slot; }
  virtual void collect(StatsMap& m) const = 0;
  // The statistics charged to kernel launch `launch` (kernel_ledger.h). The default charges
  // nothing: the caller then reports the collector's counters over the kernel's time window.
  virtual void collect_launch(StatsMap& m, uint32_t launch) const { (void)m, (void)launch; }
  virtual void forget_launch(uint32_t launch) { (void)launch; }
  virtual bool charged(uint32_t launch) const { return (void)launch, false; }  // since forgotten
  virtual std::string describe() const = 0;
};

// The baseline: `collector_units` collectors (in the sub-core model collector c serves scheduler
// c % n_schedulers only), `reg_banks` banks, bank = (register + warp slot) % banks as in
// GPGPU-Sim, each bank serving reg_port_throughput reads per cycle; collectors are served oldest
// first. An operand that loses arbitration waits for the next cycle and counts one bank conflict.
// A collector needs at least one cycle even when the instruction has no register sources.
// Writes: every non-RZ destination register of an instruction with active lanes is one register
// write (gpgpu_n_regfile_writes) to bank (register + warp slot) % banks. Each bank takes
// reg_port_throughput writes per cycle on its own write port; writes beyond that in one cycle
// are counted (regfile_write_bank_conflicts) but do not delay the writeback, because GPGPU-Sim's
// writeback stage, which our latency figures follow, does not stall on them either.
class BankedOperandCollector : public OperandCollectorInterface {
 public:
  explicit BankedOperandCollector(const CoreConfig& c);
  bool can_allocate(uint32_t sched) const override;
  void allocate(const OperandRequest& r, uint64_t now) override;
  void cycle(uint64_t now) override;
  const std::vector<uint32_t>& ready() const override { return ready_; }
  void release(uint32_t token) override;
  bool empty() const override { return used_ == 0; }
  void write(uint32_t warp_slot, const Instruction& inst, uint64_t now) override;
  void collect(StatsMap& m) const override;
  void collect_launch(StatsMap& m, uint32_t launch) const override;
  void forget_launch(uint32_t launch) override { ledger_.forget(launch, n_); }
  bool charged(uint32_t launch) const override { return ledger_.charged(launch, n_); }
  std::string describe() const override;

  uint64_t bank_conflicts() const { return n_.bank_conflicts; }

 private:
  struct Unit {
    bool valid = false;
    bool read_done = false;
    uint32_t token = 0, warp = 0;
    uint64_t seq = 0;              // allocation order, for oldest-first arbitration
    uint8_t n_pending = 0;
    uint8_t banks[kMaxSrc] = {};   // banks of operands still to read
  };
  uint32_t n_sched_;
  bool sub_core_;
  uint32_t n_banks_, port_tp_;
  std::vector<Unit> units_;
  std::vector<uint32_t> free_per_sched_;  // sub-core: free collectors per scheduler; else [0] = all
  std::vector<uint32_t> order_;           // valid collector indices, oldest first
  std::vector<uint32_t> ready_;
  std::vector<uint32_t> bank_left_;       // reads left per bank this cycle, valid where bank_gen_ == read_gen_
  std::vector<uint64_t> bank_gen_;
  uint64_t read_gen_ = 0;                 // cycle() calls so far
  uint32_t used_ = 0;
  uint64_t seq_ = 0;
  struct Counters {
    uint64_t bank_conflicts = 0, reads = 0, writes = 0, write_conflicts = 0;
  } n_;
  KernelLedger<Counters> ledger_;         // n_ per kernel launch of the warp counted
  std::vector<uint32_t> slot_launch_;     // kernel launch of each warp slot's latest instruction
  static void emit(StatsMap& m, const Counters& n);
  uint64_t write_cycle_ = ~uint64_t(0);   // the cycle write_left_ belongs to
  std::vector<uint32_t> write_left_;      // write ports left per bank this cycle, valid where write_gen_ == write_gen_now_
  std::vector<uint64_t> write_gen_;
  uint64_t write_gen_now_ = 0;            // cycles with writes so far
};

}  // namespace gpucosim
