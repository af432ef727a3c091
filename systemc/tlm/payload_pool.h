#pragma once
// A free list of tlm_generic_payloads, each with a GpuExtension attached, so the hot path never
// allocates. Payloads are reference counted by TLM's memory-manager protocol: acquire() hands out
// a payload with one reference; release() (or the last tlm_generic_payload::release()) returns it.
//
// Where a payload lies, for the host's caches: a request's payload is touched by each stage of
// its way (the crossbar's two ends, the L2 slice's ROP stage, access and fill, the SM's reply),
// hundreds of simulated cycles apart, by which time the host cache has long dropped it: each
// touch costs a miss per cache line it reads. The stages read the GpuExtension's leading fields
// (gpu_extension.h) and the reference count and memory manager of the release, the last members
// of tlm_generic_payload (m_mm, m_ref_count: its final 16 bytes, in the IEEE 1666 reference
// implementation). Each payload is therefore placed in a 64-byte-aligned slot at the offset that
// starts a cache line 16 bytes before the base class ends, so that those 16 bytes and the
// extension's hot fields share one line. The placement only moves misses; a library with
// another layout works the same, less well.
#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include "systemc/tlm/gpu_extension.h"

namespace gpucosim {

class PayloadPool : public tlm::tlm_mm_interface {
 public:
  static constexpr size_t kLine = 64;
  // Offset of a payload in its slot: the base's final 16 bytes start a cache line.
  static constexpr size_t kOffset = (kLine - (sizeof(tlm::tlm_generic_payload) - 16) % kLine) % kLine;
  static constexpr size_t kSlot = (kOffset + sizeof(GpuPayload) + kLine - 1) / kLine * kLine;

  PayloadPool() = default;
  PayloadPool(const PayloadPool&) = delete;
  PayloadPool& operator=(const PayloadPool&) = delete;
  ~PayloadPool() override {
    for (size_t i = 0; i < made_; ++i) payload_at(i)->~GpuPayload();
    for (std::byte* b : blocks_) ::operator delete[](b, std::align_val_t(kLine));
  }

  // A payload with a fresh GpuExtension, address 0, one reference held by the caller.
  tlm::tlm_generic_payload* acquire() {
    tlm::tlm_generic_payload* p;
    if (free_.empty()) {
      // Payloads are made in blocks: one allocation per kBlock payloads as the pool grows to the
      // largest number in flight.
      if (made_ % kBlock == 0)
        blocks_.push_back(static_cast<std::byte*>(::operator new[](kBlock * kSlot, std::align_val_t(kLine))));
      p = new (blocks_.back() + (made_ % kBlock) * kSlot + kOffset) GpuPayload;
      p->set_mm(this);
      // No GPU transfer is a streaming one: a streaming width at least the data length says so
      // (IEEE 1666, the generic payload's streaming width attribute), set once here rather than
      // written (into a line nothing else on the request's way reads) with every request.
      p->set_streaming_width(~0u);
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
  GpuPayload* payload_at(size_t i) const {
    return std::launder(reinterpret_cast<GpuPayload*>(blocks_[i / kBlock] + (i % kBlock) * kSlot + kOffset));
  }
  std::vector<std::byte*> blocks_;
  size_t made_ = 0;
  std::vector<tlm::tlm_generic_payload*> free_;
};

}  // namespace gpucosim
