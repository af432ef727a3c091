#pragma once
// A free list of tlm_generic_payloads, each with a GpuExtension attached, so the hot path never
// allocates. Payloads are reference counted by TLM's memory-manager protocol: acquire() hands out
// a payload with one reference; release() (or the last tlm_generic_payload::release()) returns it.
#include <memory>
#include <vector>

#include "systemc/tlm/gpu_extension.h"

namespace gpucosim {

class PayloadPool : public tlm::tlm_mm_interface {
 public:
  PayloadPool() = default;
  PayloadPool(const PayloadPool&) = delete;
  PayloadPool& operator=(const PayloadPool&) = delete;
  ~PayloadPool() override = default;

  // A payload with a fresh GpuExtension, address 0, one reference held by the caller.
  tlm::tlm_generic_payload* acquire() {
    tlm::tlm_generic_payload* p;
    if (free_.empty()) {
      // Payloads are made in blocks: one allocation per kBlock payloads as the pool grows to the
      // largest number in flight.
      if (made_ % kBlock == 0) blocks_.push_back(std::make_unique<GpuPayload[]>(kBlock));
      p = &blocks_.back()[made_ % kBlock];
      p->set_mm(this);
      ++made_;
    } else {
      p = free_.back();
      free_.pop_back();
    }
    gpu_ext(*p) = GpuExtension{};
    p->set_address(0);
    p->set_data_length(0);
    p->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    p->acquire();
    return p;
  }

  size_t in_use() const { return made_ - free_.size(); }

  void free(tlm::tlm_generic_payload* p) override { free_.push_back(p); }

 private:
  static constexpr size_t kBlock = 256;
  std::vector<std::unique_ptr<GpuPayload[]>> blocks_;
  size_t made_ = 0;
  std::vector<tlm::tlm_generic_payload*> free_;
};

}  // namespace gpucosim
