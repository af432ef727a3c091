#include "trace/instruction_line.h"

#include <cstdio>
#include <string>

#include "trace/text_scan.h"

namespace gpucosim {
namespace {

using namespace trace_text;

// Enough for the longest legal line: 4 prefix + line + PC + mask + 1+4 dests + opcode + 1+4 srcs
// + width + mode + 32 addresses + immediate = 53.
constexpr size_t kMaxTokens = 64;

std::string q(std::string_view t) { return "'" + std::string(shorten(t)) + "'"; }

// Cursor over the tokens of one line; every accessor names what it expected on failure.
struct Tokens {
  std::array<std::string_view, kMaxTokens> tok;
  size_t n = 0, i = 0;
  const LineSource& ls;

  explicit Tokens(const LineSource& l) : ls(l) {}
  size_t left() const { return n - i; }
  std::string_view take(const char* what) {
    if (i >= n) ls.fail(std::string("line ends early: expected ") + what);
    return tok[i++];
  }
  template <class T>
  T dec(const char* what) {
    std::string_view t = take(what);
    T v{};
    if (!parse_dec(t, v)) ls.fail("bad " + std::string(what) + " " + q(t) + ": expected a decimal number in range");
    return v;
  }
  template <class T>
  T hex(const char* what) {
    std::string_view t = take(what);
    T v{};
    if (!parse_hex(t, v)) ls.fail("bad " + std::string(what) + " " + q(t) + ": expected a hex number in range");
    return v;
  }
  uint8_t reg(const char* what) {
    std::string_view t = take(what);
    unsigned v = 0;
    if (t.size() < 2 || t[0] != 'R' || !parse_dec(t.substr(1), v) || v > 255)
      ls.fail("bad " + std::string(what) + " " + q(t) + ": expected R0..R255 (R255 = RZ)");
    return uint8_t(v);
  }
  uint8_t count(const char* what) {
    unsigned v = dec<unsigned>(what);
    if (v > 4) ls.fail(std::string(what) + " " + std::to_string(v) + " is out of range: at most 4");
    return uint8_t(v);
  }
};

std::string hex8(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "%08x", v);
  return b;
}

int popcount32(uint32_t m) {
  int c = 0;
  for (; m; m &= m - 1) ++c;
  return c;
}

}  // namespace

InstructionParser::InstructionParser(const KernelHeader& header, OpcodeTable& table)
    : old_prefix_(header.tracer_version < 3), lineinfo_(header.lineinfo), table_(table) {}

uint16_t InstructionParser::opcode_index(std::string_view text, uint32_t pc, const LineSource& ls) {
  CacheEntry& e = cache_[(pc >> 4) & (cache_.size() - 1)];
  if (e.index >= 0 && e.pc == pc && table_[uint16_t(e.index)].text == text) return uint16_t(e.index);
  int32_t idx = table_.intern(text);
  if (idx < 0)
    ls.fail("unknown opcode " + q(text) + " for binary version " + std::to_string(table_.binary_version()));
  e.pc = pc;
  e.index = idx;
  return uint16_t(idx);
}

void InstructionParser::parse(std::string_view line, const LineSource& ls, Warp& warp) {
  Tokens t(ls);
  t.n = split_tokens(line, t.tok.data(), kMaxTokens);
  if (t.n > kMaxTokens) ls.fail("too many fields on an instruction line (more than 64)");

  Instruction inst;
  if (old_prefix_) {
    t.dec<uint32_t>("thread block x");
    t.dec<uint32_t>("thread block y");
    t.dec<uint32_t>("thread block z");
    t.dec<uint32_t>("warp id");
  }
  if (lineinfo_) inst.line_num = t.dec<uint32_t>("line number");
  inst.pc = t.hex<uint32_t>("PC");
  inst.active_mask = t.hex<uint32_t>("active mask");
  inst.n_dst = t.count("dest_num");
  for (int k = 0; k < inst.n_dst; ++k) inst.dst[size_t(k)] = t.reg("destination register");
  inst.opcode = opcode_index(t.take("opcode"), inst.pc, ls);
  inst.n_src = t.count("src_num");
  for (int k = 0; k < inst.n_src; ++k) inst.src[size_t(k)] = t.reg("source register");
  inst.mem_width = t.dec<uint8_t>("mem_width");

  LaneAddrs* lanes = nullptr;
  if (inst.mem_width > 0) {
    unsigned mode = t.dec<unsigned>("address mode");
    if (mode > 2) ls.fail("unknown address mode " + std::to_string(mode) + ": expected 0, 1 or 2");
    inst.addr_mode = AddrMode(mode);
    warp.addrs.emplace_back();
    lanes = &warp.addrs.back();
    lanes->fill(0);
    const uint32_t mask = inst.active_mask;
    const size_t active = size_t(popcount32(mask));
    if (inst.addr_mode == AddrMode::ListAll) {
      // One address per active lane, then maybe the immediate (v5) — the count decides.
      if (t.left() != active && t.left() != active + 1)
        ls.fail("address mode 0 needs one address per active lane: mask " + hex8(mask) + " has " + std::to_string(active) + " active lanes, line has " + std::to_string(t.left()) +
                " fields after the mode");
      for (int lane = 0; lane < kWarpSize; ++lane)
        if (mask >> lane & 1u) (*lanes)[size_t(lane)] = t.hex<uint64_t>("address");
    } else if (inst.addr_mode == AddrMode::BaseStride) {
      // Accel-Sim gives the k-th active lane base + k*stride, also for non-contiguous masks.
      uint64_t addr = t.hex<uint64_t>("base address");
      uint64_t stride = uint64_t(t.dec<int64_t>("stride"));
      for (int lane = 0; lane < kWarpSize; ++lane)
        if (mask >> lane & 1u) {
          (*lanes)[size_t(lane)] = addr;
          addr += stride;  // unsigned: wraps instead of overflowing
        }
    } else {
      uint64_t addr = t.hex<uint64_t>("base address");
      const size_t deltas = active > 0 ? active - 1 : 0;
      if (t.left() != deltas && t.left() != deltas + 1)
        ls.fail("address mode 2 needs one delta per active lane after the first: expected " + std::to_string(deltas) +
                " deltas, line has " + std::to_string(t.left()) + " fields after the base");
      bool first = true;
      for (int lane = 0; lane < kWarpSize; ++lane)
        if (mask >> lane & 1u) {
          if (!first) addr += uint64_t(t.dec<int64_t>("address delta"));
          first = false;
          (*lanes)[size_t(lane)] = addr;
        }
    }
  }
  // The immediate exists from tracer v5 on; older lines simply end here.
  if (t.left() > 0) inst.imm = t.dec<int64_t>("immediate");
  if (t.left() > 0) ls.fail("unexpected field " + q(t.tok[t.i]) + " after the immediate");

  if (lanes) inst.mem_slot = int32_t(warp.addrs.size() - 1);
  warp.insts.push_back(inst);
}

}  // namespace gpucosim
