// One streaming pass over a kernel: PC -> static instruction, observed transfers, stream ends.
#include "compiler/static_code.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

#include "compiler/instruction_size.h"
#include "kernel/input_error.h"

namespace gpucosim::compiler {
std::string hex_pc(uint32_t pc) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%04x", pc);
  return b;
}

namespace {

bool same_shape(const Instruction& a, const Instruction& b) {
  if (a.opcode != b.opcode || a.n_dst != b.n_dst || a.n_src != b.n_src) return false;
  for (int k = 0; k < a.n_dst; ++k)
    if (a.dst[size_t(k)] != b.dst[size_t(k)]) return false;
  for (int k = 0; k < a.n_src; ++k)
    if (a.src[size_t(k)] != b.src[size_t(k)]) return false;
  return true;
}

std::string shape_text(const Instruction& i, const OpcodeTable& ops) {
  StaticInstruction s;
  s.op = ops[i.opcode];
  s.n_dst = i.n_dst;
  s.n_src = i.n_src;
  s.dst = i.dst;
  s.src = i.src;
  return describe(s);
}

// The first dynamic instance of a PC and where it was seen (for the shape-mismatch message),
// its dynamic counts and the PCs seen right after it with their slots.
struct Slot {
  Instruction inst;
  Dim3 block;
  uint32_t warp;
  uint64_t executions = 0, predicated_off = 0, partial = 0;
  LanePattern address_pattern;
  std::vector<std::pair<uint32_t, uint32_t>> next;  // (pc, slot), usually one or two
};

StaticInstruction make_static(const Slot& f, const OpcodeTable& ops) {
  StaticInstruction s;
  s.pc = f.inst.pc;
  s.op = ops[f.inst.opcode];
  s.n_dst = f.inst.n_dst;
  s.n_src = f.inst.n_src;
  s.dst = f.inst.dst;
  s.src = f.inst.src;
  s.imm = f.inst.imm;
  s.executions = f.executions;
  s.predicated_off = f.predicated_off;
  s.partial = f.partial;
  s.address_pattern = f.address_pattern;
  s.widths = operand_widths(s.op, s.n_src);
  for (int k = 0; k < s.n_dst; ++k)
    for_each_register(s.dst[size_t(k)], s.widths.dst[size_t(k)], [&](uint8_t r) { s.defs.set(r); });
  for (int k = 0; k < s.n_src; ++k)
    for_each_register(s.src[size_t(k)], s.widths.src[size_t(k)], [&](uint8_t r) { s.uses.set(r); });
  return s;
}

}  // namespace

std::string describe(const StaticInstruction& s) {
  std::string out = s.op.text;
  auto reg = [](uint8_t r) { return r == kRegZero ? std::string("RZ") : "R" + std::to_string(r); };
  for (int k = 0; k < s.n_dst; ++k) out += (k ? ", " : " ") + reg(s.dst[size_t(k)]);
  out += " <-";
  for (int k = 0; k < s.n_src; ++k) out += (k ? ", " : " ") + reg(s.src[size_t(k)]);
  return out;
}

StaticCode::StaticCode(KernelHeader header, std::vector<StaticInstruction> insts,
                       std::vector<std::pair<uint32_t, uint32_t>> transfers, std::vector<uint32_t> entry_pcs,
                       std::vector<uint32_t> final_pcs, uint64_t warps)
    : header_(std::move(header)),
      inst_size_(compiler::instruction_size(header_.binary_version)),
      insts_(std::move(insts)),
      transfers_(std::move(transfers)),
      entry_pcs_(std::move(entry_pcs)),
      final_pcs_(std::move(final_pcs)),
      warps_(warps) {}

int64_t StaticCode::index_of(uint32_t pc) const {
  auto it = std::lower_bound(insts_.begin(), insts_.end(), pc,
                             [](const StaticInstruction& s, uint32_t p) { return s.pc < p; });
  return it != insts_.end() && it->pc == pc ? int64_t(it - insts_.begin()) : -1;
}

uint64_t StaticCode::dynamic_instructions() const {
  uint64_t n = 0;
  for (const StaticInstruction& s : insts_) n += s.executions;
  return n;
}

StaticCode scan_kernel(KernelSource& src, const std::string& origin) {
  const KernelHeader& h = src.header();
  std::vector<Slot> slots;                         // in order of first sight
  std::unordered_map<uint32_t, uint32_t> slot_of;  // pc -> index into slots
  std::unordered_set<uint32_t> entries, finals;
  uint64_t warps = 0;

  // The slot of `i`, a new one on first sight of its PC; checks that the PC keeps its shape.
  auto slot_for = [&](const Instruction& i, const ThreadBlock& tb, const Warp& w) -> uint32_t {
    auto it = slot_of.find(i.pc);
    if (it == slot_of.end()) {
      slots.push_back({i, tb.id, w.id, 0, 0, 0, {}, {}});
      return slot_of.emplace(i.pc, uint32_t(slots.size() - 1)).first->second;
    }
    return it->second;
  };

  ThreadBlock tb;
  while (src.next_block(tb)) {
    for (const Warp& w : tb.warps) {
      if (w.insts.empty()) continue;
      ++warps;
      entries.insert(w.insts.front().pc);
      finals.insert(w.insts.back().pc);
      uint32_t prev = 0;
      // Lanes that have not exited: every lane the stream ever names, less those an EXIT ended.
      uint32_t live = 0;
      for (const Instruction& i : w.insts) live |= i.active_mask;
      for (size_t k = 0; k < w.insts.size(); ++k) {
        const Instruction& i = w.insts[k];
        // Most steps repeat one the previous PC was already seen to take: no hashing then.
        uint32_t slot = UINT32_MAX;
        if (k > 0)
          for (const auto& [pc, s] : slots[prev].next)
            if (pc == i.pc) slot = s;
        if (slot == UINT32_MAX) {
          slot = slot_for(i, tb, w);
          if (k > 0) slots[prev].next.emplace_back(i.pc, slot);
        }
        Slot& sl = slots[slot];
        if (!same_shape(sl.inst, i))
          throw InputError(origin, 0,
                           "kernel " + h.name + " (id " + std::to_string(h.id) + "): PC " + hex_pc(i.pc) +
                               " has two static shapes: '" + shape_text(sl.inst, src.opcodes()) + "' in thread block (" +
                               sl.block.str() + ") warp " + std::to_string(sl.warp) + ", '" +
                               shape_text(i, src.opcodes()) + "' in thread block (" + tb.id.str() + ") warp " +
                               std::to_string(w.id) + "; one PC must always be the same instruction");
        ++sl.executions;
        if (i.active_mask == 0) ++sl.predicated_off;
        if (i.active_mask != 0 && i.active_mask != live) ++sl.partial;
        if (i.has_addresses() && i.active_mask == 0xffffffffu)
          sl.address_pattern = merge(sl.address_pattern, classify_lanes(i.active_mask, w.lane_addrs(i)));
        if (src.opcodes()[i.opcode].unit == UnitClass::EXIT) live &= ~i.active_mask;
        prev = slot;
      }
    }
  }

  // The opcode table is complete only now (it grows as the source is read).
  std::vector<StaticInstruction> insts;
  insts.reserve(slots.size());
  for (const Slot& sl : slots) insts.push_back(make_static(sl, src.opcodes()));
  std::sort(insts.begin(), insts.end(), [](const StaticInstruction& a, const StaticInstruction& b) { return a.pc < b.pc; });
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  for (const Slot& sl : slots)
    for (const auto& n : sl.next) pairs.emplace_back(sl.inst.pc, n.first);
  std::sort(pairs.begin(), pairs.end());
  std::vector<uint32_t> e(entries.begin(), entries.end()), f(finals.begin(), finals.end());
  std::sort(e.begin(), e.end());
  std::sort(f.begin(), f.end());
  return StaticCode(h, std::move(insts), std::move(pairs), std::move(e), std::move(f), warps);
}

}  // namespace gpucosim::compiler
