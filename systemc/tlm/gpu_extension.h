#pragma once
// The GPU extension carried by every tlm_generic_payload between SMs, the interconnect and the
// memory partitions: who asked, what kind of access, which 32-byte sectors of the line.
#include <systemc>
#include <tlm>

#include <cstdint>

namespace gpucosim {

enum class MemAccessKind : uint8_t {
  GlobalRead,    // load miss / bypassed load
  GlobalWrite,   // store (write-through or bypassing L1)
  Atomic,        // atomic or reduction, performed at the L2
  LocalRead,
  LocalWrite,
  L1Writeback,   // write-back of a dirty L1 line (write-back L1 configurations only)
  L2Writeback,   // L2 eviction to DRAM (inside a memory partition only)
  MemcpyHtoD,    // copy-engine write that warms the L2 (Accel-Sim's memory copy engine)
};

// Which client of the SM's memory path made a request (memory_clients.h), so L2 and DRAM traffic
// can be attributed: the LSU's baseline path, a block front end between dispatch and the L1
// (WarpPool), a register backing store (RegLess), a context mover (preemption, context
// switching), metadata or instruction fetch.
enum class MemClient : uint8_t { Lsu, FrontEnd, RegisterBacking, ContextMover, Metadata };
constexpr uint32_t kMemClients = 5;
inline const char* to_string(MemClient c) {
  static const char* const kNames[kMemClients] = {"lsu", "front_end", "register_backing", "context_mover",
                                                  "metadata"};
  return uint32_t(c) < kMemClients ? kNames[uint32_t(c)] : "?";
}

inline bool is_write(MemAccessKind k) {
  return k == MemAccessKind::GlobalWrite || k == MemAccessKind::LocalWrite || k == MemAccessKind::L1Writeback ||
         k == MemAccessKind::L2Writeback || k == MemAccessKind::MemcpyHtoD;
}

// Field order is for the host's caches: every stage of a request's way (crossbar, L2 slice,
// the SM's reply) reads the fields up to issue_cycle, which PayloadPool places in one cache line
// together with the payload's reference count and memory manager (payload_pool.h); warp and id
// (reports only) come after it.
struct GpuExtension : tlm::tlm_extension<GpuExtension> {
  MemAccessKind kind = MemAccessKind::GlobalRead;
  MemClient client = MemClient::Lsu;  // who in the SM asked (statistics only)
  uint8_t sector_mask = 0xf;   // 32-byte sectors of the 128-byte line that are accessed
  uint32_t sm = 0;             // requesting SM
  uint32_t kernel = 0;         // kernel launch id
  uint32_t partition = 0;      // destination memory sub-partition (set by the SM's address mapper)
  uint32_t bytes = 0;          // bytes moved on the interconnect by the request (data + header)
  uint32_t reply_bytes = 0;    // bytes the reply moves back
  void* origin = nullptr;      // requester's own bookkeeping (e.g. its MSHR entry); opaque elsewhere
  uint64_t issue_cycle = 0;    // core cycle the request left the SM (latency statistics)
  uint32_t warp = 0;           // warp slot inside the SM
  uint64_t id = 0;             // request id, unique per SM, for tracing and deadlock reports

  tlm::tlm_extension_base* clone() const override { return new GpuExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const GpuExtension&>(other);
  }
};

// A payload that carries its GpuExtension inside itself. PayloadPool makes only these, so
// gpu_ext() reads the member instead of looking the extension up by ID inside the SystemC library
// on every use (a call into the shared library per hop: 8 % of a memory-bound run), and a new
// payload costs no separate allocation for its extension.
class GpuPayload : public tlm::tlm_generic_payload {
 public:
  GpuPayload() { set_extension(&ext_); }
  // The extension is a member: take it out so the base destructor does not free it.
  ~GpuPayload() override { clear_extension(&ext_); }
  GpuPayload(const GpuPayload&) = delete;
  GpuPayload& operator=(const GpuPayload&) = delete;
  GpuExtension& ext() { return ext_; }

 private:
  GpuExtension ext_;
};

inline GpuExtension& gpu_ext(tlm::tlm_generic_payload& p) {
#ifndef NDEBUG
  GpuExtension* e = nullptr;
  p.get_extension(e);
  sc_assert(e != nullptr && dynamic_cast<GpuPayload*>(&p) != nullptr && &static_cast<GpuPayload&>(p).ext() == e);
#endif
  return static_cast<GpuPayload&>(p).ext();
}
inline const GpuExtension& gpu_ext(const tlm::tlm_generic_payload& p) {
  return gpu_ext(const_cast<tlm::tlm_generic_payload&>(p));
}

}  // namespace gpucosim
