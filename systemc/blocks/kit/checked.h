#pragma once
// A block's protocol checker on its pins, separate from twin and bridge, so it watches every mode
// (tlm, rtl, lockstep) the same way. The block provides
//   class XChecker { public: explicit XChecker(const Params&);
//                    // the environment's inputs against the pins presented this cycle
//                    void check_inputs(const Inputs& in, const Outputs& presented);
//                    // the block's outputs on their own (ranges, one-hot, implications)
//                    void check_outputs(const Outputs& out); };
// whose methods throw ProtocolViolation("<rule>: <what>"). kit::Checked runs it around any
// implementation: on by default in tests, `gpucosim_<block>_check 1` in runs.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "systemc/blocks/kit/block_impl.h"

namespace gpucosim::kit {

class ProtocolViolation : public std::logic_error {
 public:
  explicit ProtocolViolation(const std::string& what) : std::logic_error(what) {}
};

// One rule of a checker: throws ProtocolViolation("<name>: <what>") unless `ok`.
inline void rule(bool ok, const char* name, const std::string& what) {
  if (!ok) throw ProtocolViolation(std::string(name) + ": " + what);
}

// A pin value in a violation's message ("0x1f").
inline std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

template <class T, class Checker>
class Checked : public Impl<T> {
 public:
  using typename Impl<T>::Inputs;
  using typename Impl<T>::Outputs;
  using typename Impl<T>::Params;

  Checked(std::unique_ptr<Impl<T>> inner, std::string label)
      : inner_(std::move(inner)), checker_(inner_->params()), label_(std::move(label)) {}

  void reset(Outputs& out) override {
    cycle_ = 0;
    inner_->reset(out);
    run([&] { checker_.check_outputs(out); });
    presented_ = out;
  }
  void step(const Inputs& in, Outputs& out) override {
    run([&] { checker_.check_inputs(in, presented_); });
    ++cycle_;
    inner_->step(in, out);
    run([&] { checker_.check_outputs(out); });
    presented_ = out;
  }
  const Params& params() const override { return inner_->params(); }
  const char* kind() const override { return inner_->kind(); }
  bool evaluated() const override { return inner_->evaluated(); }
  void collect(StatsMap& m) const override { inner_->collect(m); }

 private:
  template <class F>
  void run(F&& f) {
    try {
      f();
    } catch (const ProtocolViolation& e) {
      throw ProtocolViolation(label_ + ": protocol violation at cycle " + std::to_string(cycle_) + ": " + e.what());
    }
  }
  std::unique_ptr<Impl<T>> inner_;
  Checker checker_;
  std::string label_;
  Outputs presented_{};
  uint64_t cycle_ = 0;
};

}  // namespace gpucosim::kit
