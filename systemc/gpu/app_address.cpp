#include "systemc/gpu/app_address.h"

#include <algorithm>
#include <sstream>

#include "kernel/input_error.h"
#include "workloads/generated_kernel.h"

namespace gpucosim {

namespace {

std::string hex(uint64_t v) {
  std::ostringstream o;
  o << "0x" << std::hex << v;
  return o.str();
}

std::string describe(const AddressRange& r) { return "[" + hex(r.lo) + ", " + hex(r.hi) + ")"; }

bool relocates(MemSpace s) { return s == MemSpace::Global || s == MemSpace::Local || s == MemSpace::Generic; }

}  // namespace

AddressRange claimed_range(const Application& app) {
  if (app.generated) {
    const uint64_t lo = wl::DeviceLayout::kBase + app.address_offset;
    return {lo, lo + kAppStride};
  }
  AddressRange r;
  for (const Command& c : app.memcpys) {
    if (c.bytes == 0) continue;
    if (r.empty()) r = {c.addr, c.addr + c.bytes};
    r.lo = std::min(r.lo, c.addr);
    r.hi = std::max(r.hi, c.addr + c.bytes);
  }
  return r;
}

void place_applications(std::vector<Application>& apps) {
  if (apps.size() < 2) return;
  std::vector<size_t> traced;
  for (size_t i = 0; i < apps.size(); ++i)
    if (!apps[i].generated) traced.push_back(i);
  for (size_t a = 0; a < traced.size(); ++a)
    for (size_t b = a + 1; b < traced.size(); ++b) {
      const AddressRange ra = claimed_range(apps[traced[a]]), rb = claimed_range(apps[traced[b]]);
      if (ra.overlaps(rb))
        throw InputError("--trace", 0,
                         "application " + std::to_string(traced[b] + 1) + " (" + apps[traced[b]].label +
                             "): its address range " + describe(rb) + " (the hull of its memcpy commands) overlaps " +
                             describe(ra) + " of application " + std::to_string(traced[a] + 1) + " (" +
                             apps[traced[a]].label +
                             "): traces keep their recorded addresses, so they cannot share the GPU");
    }
  // Generated applications take stride slots in order, skipping slots a trace claims.
  uint64_t slot = 0;
  for (Application& app : apps) {
    if (!app.generated) continue;
    const uint64_t before = app.address_offset;  // placing twice moves nothing twice
    for (;; ++slot) {
      app.address_offset = slot * kAppStride;
      bool clash = false;
      for (size_t t : traced) clash = clash || claimed_range(app).overlaps(claimed_range(apps[t]));
      if (!clash) break;
    }
    for (Command& c : app.memcpys) c.addr = c.addr - before + app.address_offset;
    ++slot;
  }
}

RelocatedKernelSource::RelocatedKernelSource(std::unique_ptr<KernelSource> inner, uint64_t offset, std::string label,
                                             std::vector<Foreign> foreign)
    : inner_(std::move(inner)), offset_(offset), label_(std::move(label)), foreign_(std::move(foreign)) {}

bool RelocatedKernelSource::next_block(ThreadBlock& tb) {
  if (!inner_->next_block(tb)) return false;
  const OpcodeTable& ops = inner_->opcodes();
  for (Warp& w : tb.warps)
    for (const Instruction& in : w.insts) {
      if (!in.has_addresses() || !relocates(ops[in.opcode].space)) continue;
      LaneAddrs& lanes = w.addrs[size_t(in.mem_slot)];
      for (int l = 0; l < kWarpSize; ++l) {
        if (!(in.active_mask >> l & 1u)) continue;
        lanes[size_t(l)] += offset_;
        for (const Foreign& f : foreign_)
          if (f.range.contains(lanes[size_t(l)]))
            throw InputError(label_, 0,
                             "kernel " + header().name + " accesses " + hex(lanes[size_t(l)]) +
                                 ", inside the address range " + describe(f.range) + " of application " + f.label +
                                 ": applications of one run must use disjoint addresses");
      }
    }
  return true;
}

}  // namespace gpucosim
