#include "trace/instruction_line.h"

#include <cstdio>
#include <string>

namespace gpucosim {
namespace {

std::string hex8(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "%08x", v);
  return b;
}

uint8_t count_field(LineCursor& c, const char* what) {
  uint64_t v = c.dec(what, UINT64_MAX);
  if (v > 4) c.fail(std::string(what) + " " + std::to_string(v) + " is out of range: at most 4");
  return uint8_t(v);
}

// Mode 0 and mode 2 lines carry a mask-dependent number of fields; a wrong count is reported as
// such rather than as whichever field happened to be misread.
[[noreturn]] void lane_count_error(const LineCursor& from, AddrMode mode, uint32_t mask) {
  const size_t active = size_t(__builtin_popcount(mask));
  const size_t found = from.fields_left();
  if (mode == AddrMode::ListAll)
    from.fail("address mode 0 needs one address per active lane: mask " + hex8(mask) + " has " +
              std::to_string(active) + " active lanes, line has " + std::to_string(found) + " fields after the mode");
  from.fail("address mode 2 needs one delta per active lane after the first: expected " +
            std::to_string(active > 0 ? active - 1 : 0) + " deltas, line has " +
            std::to_string(found > 0 ? found - 1 : 0) + " fields after the base");
}

// The k-th active lane gets base + k*stride (unsigned: wraps instead of overflowing), also for
// non-contiguous masks, as in Accel-Sim.
static_assert(kWarpSize == 32, "one bit of a 32-bit mask per lane");
void fill_strided(LaneAddrs& lanes, uint32_t mask, uint64_t base, uint64_t stride) {
  if (mask == UINT32_MAX) {  // the common case; written as a running sum, the compiler vectorises it
    for (uint64_t& lane : lanes) {
      lane = base;
      base += stride;
    }
    return;
  }
  for (uint32_t m = mask; m != 0; m &= m - 1) {  // the set bits, lowest first
    lanes[size_t(__builtin_ctz(m))] = base;
    base += stride;
  }
}

}  // namespace

InstructionParser::InstructionParser(const KernelHeader& header, OpcodeTable& table)
    : old_prefix_(header.tracer_version < 3), lineinfo_(header.lineinfo), table_(table) {}

uint16_t InstructionParser::opcode_index(std::string_view text, uint32_t pc, const LineSource& ls) {
  CacheEntry& e = cache_[(pc >> 4) & (cache_.size() - 1)];
  if (e.index >= 0 && e.pc == pc && table_[uint16_t(e.index)].text == text) return uint16_t(e.index);
  int32_t idx = table_.intern(text);
  if (idx < 0)
    ls.fail("unknown opcode '" + std::string(text.substr(0, 40)) + "' for binary version " +
            std::to_string(table_.binary_version()));
  e.pc = pc;
  e.index = idx;
  return uint16_t(idx);
}

void InstructionParser::parse(std::string_view line, const LineSource& ls, Warp& warp) {
  // Most lines are a stored head with nothing after it (no prefix fields, no addresses): they are
  // copied here, in a function kept small so that this path sets up nothing more; any other line
  // goes on in parse_fields.
  const HeadCache::Entry* e = nullptr;
  if (!old_prefix_ && !lineinfo_) {
    LineCursor c(line, ls);
    c.skip_separators();
    e = heads_.find(c.rest());
    if (e && e->whole_line) {
      warp.insts.push_back(e->inst);
      return;
    }
  }
  parse_fields(line, ls, warp, e);
}

void InstructionParser::parse_fields(std::string_view line, const LineSource& ls, Warp& warp, const HeadCache::Entry* e) {
  LineCursor c(line, ls);
  if (old_prefix_) {
    c.dec("thread block x", UINT32_MAX);
    c.dec("thread block y", UINT32_MAX);
    c.dec("thread block z", UINT32_MAX);
    c.dec("warp id", UINT32_MAX);
  }
  const uint32_t line_num = lineinfo_ ? uint32_t(c.dec("line number", UINT32_MAX)) : 0;

  // The instruction is appended first and filled in place (a line with an error ends the read,
  // so a half-filled one is never used).
  c.skip_separators();
  if (!e) e = heads_.find(c.rest());
  if (e) {
    warp.insts.push_back(e->inst);
    c.advance(e->len);
  } else {
    Instruction& inst = warp.insts.emplace_back();
    const char* head = c.pos();
    inst.pc = uint32_t(c.hex("PC", UINT32_MAX));
    parse_head(c, ls, inst);
    // Without addresses the head runs to the end of the line, immediate included.
    const bool whole_line = inst.mem_width == 0;
    if (whole_line) parse_immediate(c, inst);
    heads_.store(std::string_view(head, size_t(c.pos() - head)), whole_line, inst);
  }
  Instruction& inst = warp.insts.back();
  inst.line_num = line_num;
  if (inst.mem_width > 0) {
    parse_addresses(c, inst, warp);
    parse_immediate(c, inst);
  }
}

void InstructionParser::parse_head(LineCursor& c, const LineSource& ls, Instruction& inst) {
  inst.active_mask = uint32_t(c.hex("active mask", UINT32_MAX));
  inst.n_dst = count_field(c, "dest_num");
  for (int k = 0; k < inst.n_dst; ++k) inst.dst[size_t(k)] = c.reg("destination register");
  inst.opcode = opcode_index(c.token("opcode"), inst.pc, ls);
  inst.n_src = count_field(c, "src_num");
  for (int k = 0; k < inst.n_src; ++k) inst.src[size_t(k)] = c.reg("source register");
  inst.mem_width = uint8_t(c.dec("mem_width", 255));
  if (inst.mem_width > 0) {
    const uint64_t mode = c.dec("address mode", UINT64_MAX);
    if (mode > 2) c.fail("unknown address mode " + std::to_string(mode) + ": expected 0, 1 or 2");
    inst.addr_mode = AddrMode(mode);
  }
}

void InstructionParser::parse_addresses(LineCursor& c, Instruction& inst, Warp& warp) {
  LaneAddrs& lanes = warp.addrs.emplace_back();  // value-initialised: inactive lanes stay 0
  const uint32_t mask = inst.active_mask;
  const LineCursor after_mode = c;
  if (inst.addr_mode == AddrMode::ListAll) {
    for (int lane = 0; lane < kWarpSize; ++lane)
      if (mask >> lane & 1u) {
        if (c.at_end()) lane_count_error(after_mode, inst.addr_mode, mask);
        lanes[size_t(lane)] = c.hex("address", UINT64_MAX);
      }
  } else if (inst.addr_mode == AddrMode::BaseStride) {
    // Accel-Sim gives the k-th active lane base + k*stride, also for non-contiguous masks.
    const uint64_t base = c.hex("base address", UINT64_MAX);
    const uint64_t stride = uint64_t(c.sdec("stride"));
    fill_strided(lanes, mask, base, stride);
  } else {
    uint64_t addr = c.hex("base address", UINT64_MAX);
    bool first = true;
    for (int lane = 0; lane < kWarpSize; ++lane)
      if (mask >> lane & 1u) {
        if (!first) {
          if (c.at_end()) lane_count_error(after_mode, inst.addr_mode, mask);
          addr += uint64_t(c.sdec("address delta"));
        }
        first = false;
        lanes[size_t(lane)] = addr;
      }
  }
  // Only the immediate may follow; more fields mean the lane count did not match the mask.
  if (inst.addr_mode != AddrMode::BaseStride && c.fields_left() > 1)
    lane_count_error(after_mode, inst.addr_mode, mask);
  inst.mem_slot = int32_t(warp.addrs.size() - 1);
}

void InstructionParser::parse_immediate(LineCursor& c, Instruction& inst) {
  // The immediate exists from tracer v5 on; older lines simply end here.
  if (!c.at_end()) inst.imm = c.sdec("immediate");
  if (!c.at_end()) c.fail("unexpected field '" + std::string(c.token("field").substr(0, 40)) + "' after the immediate");
}

}  // namespace gpucosim
