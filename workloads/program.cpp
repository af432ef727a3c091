#include "workloads/program.h"

#include <stdexcept>
#include <string>

#include "kernel/register_widths.h"

namespace gpucosim::wl {

int Program::add(std::string_view opcode, int dst, std::initializer_list<int> srcs, int64_t imm) {
  const int32_t op = opcodes_.intern(opcode);
  if (op < 0) throw std::logic_error("generator uses unknown opcode " + std::string(opcode));
  if (srcs.size() > size_t(kMaxSrc)) throw std::logic_error("more than 4 sources: " + std::string(opcode));
  Instruction in;
  in.pc = uint32_t(sites_.size() * 16);
  in.opcode = uint16_t(op);
  auto note = [&](int r) {
    if (r < 0 || r > RZ) throw std::logic_error("bad register in " + std::string(opcode));
    if (r != RZ && uint32_t(r) > max_reg_) max_reg_ = uint32_t(r);
  };
  if (dst != kNoReg) {
    note(dst);
    in.n_dst = 1;
    in.dst[0] = uint8_t(dst);
  }
  for (int r : srcs) {
    note(r);
    in.src[in.n_src++] = uint8_t(r);
  }
  const OpcodeInfo& info = opcodes_[uint16_t(op)];
  // Memory instructions are those that carry lane addresses in a trace: global, shared, local
  // and generic accesses (constant loads such as ULDC/LDC do not).
  const bool addressed = info.space == MemSpace::Global || info.space == MemSpace::Shared ||
                         info.space == MemSpace::Local || info.space == MemSpace::Generic;
  in.mem_width = addressed ? info.access_width : 0;
  in.imm = imm;
  sites_.push_back(in);
  // Destination width: the registers liveness and the RegLess front end take it to cover
  // (kernel/register_widths.h), so the lane values a generator attaches fill exactly those.
  const int regs = in.n_dst && in.dst[0] != RZ ? operand_widths(info, in.n_src).dst[0] : 0;
  dst_regs_.push_back(uint8_t(regs));
  return int(sites_.size() - 1);
}

void WarpStream::check_room() const {
  if (warp_stream_bytes(warp_.insts.size(), warp_.addrs.size(), warp_.values.size()) >= kMaxWarpStreamBytes)
    throw StreamLimitError("warp " + std::to_string(warp_.id) + "'s instruction stream reached " +
                           std::to_string(warp_.insts.size()) + " instructions, the bound of " + stream_limit_text());
}

void WarpStream::op(int site, uint32_t mask) { push(site, mask, nullptr, nullptr, 0); }

void WarpStream::push(int site, uint32_t mask, const LaneAddrs* lanes, const LaneValues* vals, int n_vals) {
  if (!lanes && prog_.is_memory(site)) throw std::logic_error("memory site emitted without addresses");
  check_room();
  Instruction in = prog_.site(site);
  in.active_mask = mask;
  warp_.push(in, lanes, vals, n_vals);
}

void WarpStream::mem_lanes(int site, uint32_t mask, const LaneAddrs& lanes, const LaneValues* vals, int n_vals) {
  if (!prog_.is_memory(site)) throw std::logic_error("addresses given to a non-memory site");
  if (mask == 0) throw std::logic_error("memory instruction with no active lane");
  check_room();
  Instruction in = prog_.site(site);
  in.active_mask = mask;
  in.addr_mode = choose_addr_mode(mask, lanes);
  warp_.push(in, &lanes, vals, n_vals);
}

AddrMode choose_addr_mode(uint32_t mask, const LaneAddrs& lanes) {
  if (mask == 0) return AddrMode::BaseStride;
  int first = 0;
  while (!(mask >> first & 1u)) ++first;
  const uint64_t run = uint64_t(mask) >> first;
  if ((run & (run + 1)) != 0) return AddrMode::BaseDelta;  // a gap among the active lanes
  int last = first;
  while (last + 1 < kWarpSize && (mask >> (last + 1) & 1u)) ++last;
  if (last == first) return AddrMode::BaseStride;
  const int64_t stride = int64_t(lanes[size_t(first + 1)] - lanes[size_t(first)]);
  if (stride < INT32_MIN || stride > INT32_MAX) return AddrMode::BaseDelta;
  for (int l = first + 1; l <= last; ++l)
    if (int64_t(lanes[size_t(l)] - lanes[size_t(l - 1)]) != stride) return AddrMode::BaseDelta;
  return AddrMode::BaseStride;
}

}  // namespace gpucosim::wl
