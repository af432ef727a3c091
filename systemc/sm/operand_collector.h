#pragma once
// Operand collectors over a banked register file.
//
// RESEARCH HOOK: register-file designs (RegLess, FineReg, register caches) replace this class. The
// SM talks to it only through OperandCollectorInterface: it allocates a collector for every issued
// instruction that reads registers, asks each cycle which instructions have all operands, and
// releases a collector when its instruction moved on to an execution unit. The SM takes an
// implementation at construction (SmOptions::operand_collector); the default is
// BankedOperandCollector.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"
#include "systemc/gpu/stats.h"

namespace gpucosim {

struct OperandRequest {
  uint32_t token = 0;       // the SM's id of the in-flight instruction
  uint32_t warp_slot = 0;
  uint32_t scheduler = 0;
  const Instruction* inst = nullptr;
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
  virtual void collect(StatsMap& m) const = 0;
  virtual std::string describe() const = 0;
};

// The baseline: `collector_units` collectors (in the sub-core model collector c serves scheduler
// c % n_schedulers only), `reg_banks` banks, bank = (register + warp slot) % banks as in
// GPGPU-Sim, each bank serving reg_port_throughput reads per cycle; collectors are served oldest
// first. An operand that loses arbitration waits for the next cycle and counts one bank conflict.
// A collector needs at least one cycle even when the instruction has no register sources.
class BankedOperandCollector : public OperandCollectorInterface {
 public:
  explicit BankedOperandCollector(const CoreConfig& c);
  bool can_allocate(uint32_t sched) const override;
  void allocate(const OperandRequest& r, uint64_t now) override;
  void cycle(uint64_t now) override;
  const std::vector<uint32_t>& ready() const override { return ready_; }
  void release(uint32_t token) override;
  bool empty() const override { return used_ == 0; }
  void collect(StatsMap& m) const override;
  std::string describe() const override;

  uint64_t bank_conflicts() const { return bank_conflicts_; }

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
  std::vector<uint32_t> bank_left_;
  uint32_t used_ = 0;
  uint64_t seq_ = 0;
  uint64_t bank_conflicts_ = 0, reads_ = 0;
};

}  // namespace gpucosim
