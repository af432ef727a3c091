#pragma once
// RESEARCH HOOK (sm_hooks.h): clients of the SM's memory path besides the load/store unit. The
// load/store unit arbitrates the L1's one port per cycle in a fixed order - its own baseline path
// first, then a GlobalFrontEnd (ldst_unit_frontend.h), then the memory clients in the order they
// were attached - and tags every request leaving the SM with its client (GpuExtension::client),
// so the L2 and DRAM count traffic per client (L2_client_<name>_accesses, ..._dram_reads) and the
// SM counts what each client sent (sm_client_<name>_requests, ..._l1_accesses, ..._port_stalls).
//
// Per core cycle, in the LSU's process stage, each client's cycle() is called once and may make
// requests through the port it is given:
//   read()   a read of sectors of a 128-byte line through the L1 (metadata, register fills);
//            data(token) follows when it is there (hit: after the L1 latency; miss: at the fill)
//   write()  a write of sectors through the L1 (register spills: full sectors are written without
//            fetching, as far as the L1's write policy allocates at all)
//   write_back() a write of whole sectors that the L1 keeps as a dirty line, allocated without a
//            fetch, whatever the L1's own write policies (the register backing store: a policy
//            of this port, not of the data L1)
//   bypass() past the L1 straight to memory (context save/restore); data(token) follows a read,
//            nothing follows a write
// A read()/write() is refused when the L1 port was taken this cycle or the L1 refuses
// (reservation failure); a bypass() when the LSU's miss queue is full. Refused requests are the
// client's to retry.
#include <cstdint>
#include <string>

#include "systemc/gpu/stats.h"
#include "systemc/tlm/gpu_extension.h"

namespace gpucosim {

class MemoryClientPort {
 public:
  struct Result {
    bool accepted = false;
    bool hit = false;  // a read that hit in the L1
  };
  virtual ~MemoryClientPort() = default;
  virtual Result read(uint64_t line_addr, uint8_t sectors, uint32_t token, uint64_t now) = 0;
  virtual Result write(uint64_t line_addr, uint8_t sectors, uint64_t now) = 0;
  virtual Result write_back(uint64_t line_addr, uint8_t sectors, uint64_t now) { return write(line_addr, sectors, now); }
  // `launch`: the kernel launch the request is charged to (kernel_ledger.h; 0 = none).
  virtual Result bypass(uint64_t line_addr, uint8_t sectors, bool write, uint32_t token, uint64_t now,
                        uint32_t launch = 0) = 0;
};

class MemoryClient {
 public:
  virtual ~MemoryClient() = default;
  // RegisterBacking, ContextMover or Metadata (Lsu and FrontEnd are the LSU's own).
  virtual MemClient kind() const = 0;
  virtual void cycle(uint64_t now, MemoryClientPort& port) = 0;
  // The data of read `token` is there.
  virtual void data(uint32_t token, uint64_t now) = 0;
  // Nothing to send and nothing awaited.
  virtual bool idle() const = 0;
  virtual void collect(StatsMap& m) const { (void)m; }
};

}  // namespace gpucosim
