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
  ~PayloadPool() override = default;  // each payload's destructor frees its extension

  // A payload with a fresh GpuExtension, address 0, one reference held by the caller.
  tlm::tlm_generic_payload* acquire() {
    tlm::tlm_generic_payload* p;
    if (free_.empty()) {
      all_.push_back(std::make_unique<GpuPayload>(this));
      p = all_.back().get();
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

  size_t in_use() const { return all_.size() - free_.size(); }

  void free(tlm::tlm_generic_payload* p) override { free_.push_back(p); }

 private:
  std::vector<std::unique_ptr<GpuPayload>> all_;
  std::vector<tlm::tlm_generic_payload*> free_;
};

}  // namespace gpucosim
