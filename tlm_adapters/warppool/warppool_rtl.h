#pragma once
// The Verilated WarpPool RTL behind the WarpPoolBlock interface (design brief §3.3: the bridge
// steps a --cc model; RTL seen only as pins plus clock and reset). A template over the Verilated
// class because each parameter set is its own Verilated model (Vwarppool: the GTX 480 set used
// by the GPU; the testbench adds a small one). One step() = inputs applied, the rising edge, then
// the falling edge; outputs are read after the rising edge. VCD waves on request.
// Quiet cycles are not evaluated: when the block was quiet (out.quiet) and nothing arrives, the
// only register that would change is the policy quantum counter, so the bridge holds the outputs
// and hands the number of such cycles to the next evaluated edge on the `skip` port. It never
// skips the quantum's last cycle (where the policy may toggle), nor anything while writing waves,
// so every output of every cycle is what the clocked RTL would show.
#include <verilated.h>
#include <verilated_vcd_c.h>

#include <array>
#include <memory>
#include <stdexcept>
#include <string>

#include "systemc/blocks/warppool/warppool_block.h"
#include "tlm_adapters/warppool/warppool_pins.h"

namespace gpucosim {

template <class VModel>
class WarpPoolRtl : public WarpPoolBlock {
 public:
  // `p` must equal the parameters the model was verilated with (checked by the factory); a
  // non-empty vcd_path writes the block's waves there.
  WarpPoolRtl(const WarpPoolParams& p, const std::string& vcd_path = "")
      : p_(p), ctx_(std::make_unique<VerilatedContext>()) {
    p_.validate();
    if (!vcd_path.empty()) ctx_->traceEverOn(true);
    m_ = std::make_unique<VModel>(ctx_.get(), "warppool");
    m_->clk = 0;
    m_->eval();
    if (!vcd_path.empty()) {
      vcd_ = std::make_unique<VerilatedVcdC>();
      m_->trace(vcd_.get(), 99);
      vcd_->open(vcd_path.c_str());
      if (!vcd_->isOpen()) throw std::runtime_error("warppool: cannot write VCD file " + vcd_path);
    }
  }
  ~WarpPoolRtl() override {
    if (vcd_) vcd_->close();
    m_->final();
  }

  void reset(WarpPoolOutputs& out) override {
    clear_inputs();
    m_->rst = 1;
    for (int i = 0; i < 2; ++i) edge();
    m_->rst = 0;
    read(out);
    last_ = out;
    cyc_ = 0;
    pending_ = 0;
  }

  void step(const WarpPoolInputs& in, WarpPoolOutputs& out) override {
    const bool nothing_arrives = !in.issue_valid && !in.ret_valid && in.skip == 0 && !last_.l1_valid;
    const bool last_of_quantum = cyc_ + 1 == p_.quantum;
    cyc_ = (cyc_ + 1 + in.skip) % p_.quantum;
    if (last_.quiet && nothing_arrives && !last_of_quantum && !vcd_) {
      pending_ += 1;
      skipped_ += 1;
      out = last_;
      return;
    }
    write(in, in.skip + pending_);
    pending_ = 0;
    edge();
    read(out);
    last_ = out;
  }
  uint64_t skipped_cycles() const { return skipped_; }
  // (the constructor leaves clk low and evaluated, so the first edge is seen)

  const WarpPoolParams& params() const override { return p_; }
  const char* kind() const override { return "rtl"; }

 private:
  // The rising edge with the inputs already applied: Verilator settles the input-driven logic
  // before it runs the clocked blocks of the edge, so one full eval per cycle suffices; the
  // falling edge that follows re-arms the clock and touches no logic.
  void edge() {
    m_->clk = 1;
    m_->eval();
    if (vcd_) vcd_->dump(2 * cycle_ + 1);
    m_->clk = 0;
    m_->eval();
    if (vcd_) vcd_->dump(2 * cycle_ + 2);
    ++cycle_;
  }

  void clear_inputs() {
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t) pins::put(m_->agu_addr, t * p_.addr_bits, p_.addr_bits, 0);
    agu_addr_.fill(0);
    m_->skip = 0;
    m_->issue_valid = 0;
    m_->ret_valid = 0;
    m_->l1_accept = 0;
    m_->l1_miss = 0;
    m_->agu_mask = 0;
  }

  void write(const WarpPoolInputs& in, uint32_t skip) {
    m_->skip = skip;
    m_->issue_valid = in.issue_valid;
    m_->issue_warp = in.issue_warp;
    m_->issue_tag = in.issue_tag;
    m_->issue_store = in.issue_store;
    m_->agu_mask = in.agu_mask;
    const uint32_t aw = p_.addr_bits;
    // Packing 32 lanes into the flattened vector is the bridge's own hot spot; a lane's bits are
    // rewritten only when its address changed (the port then holds exactly the same value).
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t)
      if (in.agu_addr[t] != agu_addr_[t]) {
        pins::put(m_->agu_addr, t * aw, aw, in.agu_addr[t]);
        agu_addr_[t] = in.agu_addr[t];
      }
    m_->l1_accept = in.l1_accept;
    m_->l1_miss = in.l1_miss;
    m_->ret_valid = in.ret_valid;
    m_->ret_id = in.ret_id;
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t) m_->ret_data[t] = in.ret_data[t];
  }

  void read(WarpPoolOutputs& o) const {
    const uint32_t nw = p_.n_warps, ww = p_.warp_bits(), tw = p_.tag_bits;
    o.issue_ready = pins::get(m_->issue_ready, 0, nw);
    o.ld_ok = pins::get(m_->ld_ok, 0, nw);
    o.st_ok = pins::get(m_->st_ok, 0, nw);
    o.agu_valid = m_->agu_valid;
    o.agu_warp = uint32_t(m_->agu_warp);
    o.agu_tag = uint32_t(m_->agu_tag);
    o.l1_valid = m_->l1_valid;
    o.l1_store = m_->l1_store;
    o.l1_line = pins::get(m_->l1_line, 0, p_.line_bits());
    o.l1_sectors = uint32_t(m_->l1_sectors);
    o.l1_id = uint32_t(m_->l1_id);
    o.l1_nslots = uint32_t(m_->l1_nslots);
    for (uint32_t k = 0; k < kWarpPoolMaxSlots; ++k) {
      const bool in_range = k < p_.slots_per_tag;
      o.slot_warp[k] = in_range ? uint32_t(pins::get(m_->slot_warp, k * ww, ww)) : 0;
      o.slot_tag[k] = in_range ? uint32_t(pins::get(m_->slot_tag, k * tw, tw)) : 0;
      o.slot_lanes[k] = in_range ? uint32_t(pins::get(m_->slot_lanes, k * 32, 32)) : 0;
      o.slot_class[k] = in_range ? uint32_t(pins::get(m_->slot_class, k * 3, 3)) : 0;
    }
    o.ret_ready = m_->ret_ready;
    o.wb_valid = m_->wb_valid;
    o.wb_warp = uint32_t(m_->wb_warp);
    o.wb_tag = uint32_t(m_->wb_tag);
    o.wb_lanes = m_->wb_lanes;
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t) o.wb_data[t] = m_->wb_data[t];
    o.policy = m_->policy;
    o.status = uint32_t(m_->status);
    o.quiet = m_->quiet;
    o.idle = m_->idle;
  }

  WarpPoolParams p_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<VModel> m_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t cycle_ = 0;
  WarpPoolOutputs last_;     // the pins presented now
  uint32_t cyc_ = 0;         // cycle within the policy quantum (skipped cycles included)
  uint32_t pending_ = 0;     // quiet cycles not yet handed to the RTL
  uint64_t skipped_ = 0;
  std::array<uint64_t, kWarpPoolLanes> agu_addr_{};  // the lane addresses on the agu_addr pins
};

}  // namespace gpucosim
