#pragma once
// A Verilated block behind kit::Impl (design brief §3.3: the bridge steps a --cc model; the RTL is
// seen only as pins plus clock and reset). Generic over the block's traits T, its Verilated model
// (one per parameter set) and its pin packing P, which the block's RTL library expands from its
// pin list:
//   struct P {
//     static void write(VModel&, const Inputs& in, Inputs& written, const Params&, bool all);
//     static void read(const VModel&, Outputs&, const Params&);
//     // Quiet-cycle skipping: which cycles need no evaluation, and how held cycles are handed on.
//     struct Hold { explicit Hold(const Params&); void reset();
//                   bool may_hold(const Outputs& last, const Inputs& in);   // called every step
//                   void release(Inputs& in, uint32_t held); };             // before an evaluated edge
//   };
// One step() = inputs applied, the rising edge, then the falling edge; outputs are read after the
// rising edge. Clock `clk`, synchronous active-high reset `rst` held for two edges. VCD waves on
// request (ImplOptions::vcd_path). With waves on or ImplOptions::eval_every_cycle set, no cycle is
// held. Testbench hygiene: ImplOptions::rand_reset randomises every register before reset (the
// block testbench's models are verilated with --x-initial unique), coverage_path writes the
// structural coverage of a model verilated with --coverage.
#include <verilated.h>
#include <verilated_vcd_c.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "systemc/blocks/kit/block_impl.h"

namespace gpucosim::kit {

namespace detail {
// Verilator 5 detects a clock edge by comparing the clock with its value at the previous eval()
// (the root's __Vtrigrprev__TOP__clk), and every eval() re-runs the whole input-combinational
// region first, changed inputs or not. The falling edge after a rising one changes no logic (the
// RTL is posedge-only and the inputs are those the rising edge already settled), so recording the
// low clock directly gives the same state as its eval() without a third evaluation of the
// combinational logic per cycle (a third of RegLess's rtl time). Available where the model's root
// header is included (the <Prefix>_params.h that gpucosim_verilate_block generates includes it)
// and the Verilator version names the member so; otherwise the falling edge is evaluated.
template <class M, class = void>
struct CanRearmClock : std::false_type {};
template <class M>
struct CanRearmClock<M, std::void_t<decltype(std::declval<M&>().rootp->__Vtrigrprev__TOP__clk = 0)>>
    : std::true_type {};
template <class M>
bool rearm_clock(M& m) {
  if constexpr (CanRearmClock<M>::value) {
    m.rootp->__Vtrigrprev__TOP__clk = 0;
    return true;
  } else {
    return false;
  }
}
}  // namespace detail

template <class T, class VModel, class P>
class VerilatedBridge : public Impl<T> {
 public:
  using typename Impl<T>::Inputs;
  using typename Impl<T>::Outputs;
  using typename Impl<T>::Params;

  // `p` must equal the parameters the model was verilated with (checked by the block's maker).
  VerilatedBridge(const Params& p, const ImplOptions& o)
      : p_(p),
        hold_(p),
        ctx_(std::make_unique<VerilatedContext>()),
        eval_every_cycle_(o.eval_every_cycle),
        coverage_path_(o.coverage_path) {
    if (!o.vcd_path.empty()) ctx_->traceEverOn(true);
    if (o.rand_reset) {  // before the model exists: its registers take their initial values then
      ctx_->randReset(o.rand_reset);
      ctx_->randSeed(o.rand_seed);
    }
    m_ = std::make_unique<VModel>(ctx_.get(), T::kName);
    m_->clk = 0;
    m_->eval();
    if (!o.vcd_path.empty()) {
      vcd_ = std::make_unique<VerilatedVcdC>();
      m_->trace(vcd_.get(), 99);
      vcd_->open(o.vcd_path.c_str());
      if (!vcd_->isOpen()) throw std::runtime_error(std::string(T::kName) + ": cannot write VCD file " + o.vcd_path);
    }
  }
  ~VerilatedBridge() override {
    if (vcd_) vcd_->close();
    m_->final();
#if VM_COVERAGE
    if (!coverage_path_.empty()) ctx_->coveragep()->write(coverage_path_.c_str());
#endif
  }

  void reset(Outputs& out) override {
    written_ = Inputs{};
    P::write(*m_, written_, written_, p_, true);
    m_->rst = 1;
    for (int i = 0; i < 2; ++i) edge();
    m_->rst = 0;
    P::read(*m_, out, p_);
    last_ = out;
    hold_.reset();
    held_ = 0;
    evaluated_ = true;
  }

  void step(const Inputs& in, Outputs& out) override {
    const bool may_hold = hold_.may_hold(last_, in);
    if (may_hold && !vcd_ && !eval_every_cycle_) {
      held_ += 1;
      held_total_ += 1;
      evaluated_ = false;
      out = last_;
      return;
    }
    Inputs x = in;
    hold_.release(x, held_);
    held_ = 0;
    P::write(*m_, x, written_, p_, false);
    edge();
    P::read(*m_, out, p_);
    last_ = out;
    evaluated_ = true;
  }

  const Params& params() const override { return p_; }
  const char* kind() const override { return "rtl"; }
  bool evaluated() const override { return evaluated_; }
  uint64_t held_cycles() const { return held_total_; }
  // Whether the falling edge is recorded without an eval() (detail::rearm_clock).
  static constexpr bool rearms_clock_without_eval() { return detail::CanRearmClock<VModel>::value; }

 private:
  // The rising edge with the inputs already applied: Verilator settles the input-driven logic
  // before it runs the clocked blocks of the edge, so one full eval per cycle suffices; the
  // falling edge that follows re-arms the clock and touches no logic (detail::rearm_clock), so it
  // is evaluated only for waves or where the clock cannot be re-armed directly.
  void edge() {
    m_->clk = 1;
    m_->eval();
    if (vcd_) vcd_->dump(2 * cycle_ + 1);
    m_->clk = 0;
    if (vcd_ || !detail::rearm_clock(*m_)) m_->eval();
    if (vcd_) vcd_->dump(2 * cycle_ + 2);
    ++cycle_;
  }

  Params p_;
  typename P::Hold hold_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<VModel> m_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  bool eval_every_cycle_;
  std::string coverage_path_;
  uint64_t cycle_ = 0;
  Outputs last_{};       // the pins presented now
  Inputs written_{};     // the values on the model's input ports
  uint32_t held_ = 0;    // cycles held since the last evaluated edge
  uint64_t held_total_ = 0;
  bool evaluated_ = true;
};

}  // namespace gpucosim::kit
