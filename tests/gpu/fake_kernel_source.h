#pragma once
// A kernel of `blocks` thread blocks of one warp (32 threads) and no instructions: what the
// dispatcher tests hand their fake SMs (test_sched_framework.cpp, test_dispatcher_streams.cpp).
#include <string>

#include "kernel/kernel.h"

namespace gpucosim::test {

class FakeKernelSource : public KernelSource {
 public:
  FakeKernelSource(std::string name, uint32_t blocks) {
    h_.name = std::move(name);
    h_.grid = Dim3{blocks, 1, 1};
    h_.block = Dim3{32, 1, 1};
  }
  const KernelHeader& header() const override { return h_; }
  const OpcodeTable& opcodes() const override { return ops_; }
  bool next_block(ThreadBlock& tb) override {
    if (next_ >= h_.grid.x) return false;
    tb = ThreadBlock{};
    tb.id = Dim3{next_++, 0, 0};
    tb.warps.resize(1);
    return true;
  }

 private:
  KernelHeader h_;
  OpcodeTable ops_;
  uint32_t next_ = 0;
};

}  // namespace gpucosim::test
