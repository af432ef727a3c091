#include "trace/trace_format.h"

#include <charconv>
#include <cstdint>
#include <string_view>

namespace gpucosim {
namespace {

constexpr char kFormatLine[] =
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
    "[adrrescompress?] [mem_addresses] immediate\n";

template <class T>
void dec(std::string& out, T v) {
  char b[24];
  auto r = std::to_chars(b, b + sizeof b, v);
  out.append(b, r.ptr);
}

// Lower-case hex, zero-padded to at least `width` digits (printf's %0*lx).
void hex(std::string& out, uint64_t v, int width) {
  char b[16];
  int n = 0;
  do {
    b[n++] = "0123456789abcdef"[v & 15];
    v >>= 4;
  } while (v);
  for (int k = n; k < width; ++k) out.push_back('0');
  while (n) out.push_back(b[--n]);
}

void key(std::string& out, std::string_view k) {
  out += '-';
  out += k;
  out += " = ";
}

void append_reg(std::string& out, uint8_t r) {
  out += 'R';
  dec(out, unsigned(r));
  out += ' ';
}

}  // namespace

void append_header(std::string& out, const KernelHeader& h) {
  key(out, "kernel name"), out += h.name, out += '\n';
  key(out, "kernel id"), dec(out, h.id), out += '\n';
  key(out, "grid dim"), out += '(', out += h.grid.str(), out += ")\n";
  key(out, "block dim"), out += '(', out += h.block.str(), out += ")\n";
  key(out, "shmem"), dec(out, h.shmem), out += '\n';
  key(out, "nregs"), dec(out, h.nregs), out += '\n';
  key(out, "binary version"), dec(out, h.binary_version), out += '\n';
  key(out, "cuda stream id"), dec(out, h.stream_id), out += '\n';
  key(out, "shmem base_addr"), out += "0x", hex(out, h.shmem_base, 16), out += '\n';
  key(out, "local mem base_addr"), out += "0x", hex(out, h.local_base, 16), out += '\n';
  key(out, "nvbit version"), out += h.nvbit_version, out += '\n';
  // The body is always written in the v5 grammar (with immediates), whatever was read.
  key(out, "accelsim tracer version"), out += "5\n";
  key(out, "enable lineinfo"), out += h.lineinfo ? "1\n" : "0\n";
  for (const auto& kv : h.extra) key(out, kv.first), out += kv.second, out += '\n';
  out += '\n';
  out += kFormatLine;
  out += "\n\n";
}

AddrMode encodable_mode(const Instruction& inst, const LaneAddrs& lanes) {
  if (inst.addr_mode == AddrMode::ListAll) return AddrMode::ListAll;
  if (inst.addr_mode == AddrMode::BaseDelta) return AddrMode::BaseDelta;
  const uint32_t m = inst.active_mask;
  if (m == 0) return AddrMode::BaseStride;
  int first = 0;
  while (!(m >> first & 1u)) ++first;
  const uint64_t run = uint64_t(m) >> first;
  if ((run & (run + 1)) != 0) return AddrMode::BaseDelta;  // active lanes not contiguous
  int last = first;
  while (last + 1 < kWarpSize && (m >> (last + 1) & 1u)) ++last;
  if (last == first) return AddrMode::BaseStride;
  const int64_t stride = int64_t(lanes[size_t(first + 1)] - lanes[size_t(first)]);
  if (stride < INT32_MIN || stride > INT32_MAX) return AddrMode::BaseDelta;  // the tracer prints %d
  for (int l = first + 1; l <= last; ++l)
    if (lanes[size_t(l)] - lanes[size_t(l - 1)] != uint64_t(stride)) return AddrMode::BaseDelta;
  return AddrMode::BaseStride;
}

void append_instruction(std::string& out, const Instruction& inst, const Warp& w, const KernelHeader& h,
                        const OpcodeTable& ops) {
  if (h.lineinfo) dec(out, inst.line_num), out += ' ';
  hex(out, inst.pc, 4), out += ' ';
  hex(out, inst.active_mask, 8), out += ' ';
  const int nd = inst.n_dst > kMaxDst ? kMaxDst : inst.n_dst;
  const int ns = inst.n_src > kMaxSrc ? kMaxSrc : inst.n_src;
  dec(out, nd), out += ' ';
  for (int k = 0; k < nd; ++k) append_reg(out, inst.dst[size_t(k)]);
  out += ops[inst.opcode].text, out += ' ';
  dec(out, ns), out += ' ';
  for (int k = 0; k < ns; ++k) append_reg(out, inst.src[size_t(k)]);
  dec(out, unsigned(inst.mem_width)), out += ' ';
  if (inst.mem_width > 0) {
    static const LaneAddrs kNone{};
    const LaneAddrs& lanes = inst.has_addresses() ? w.lane_addrs(inst) : kNone;
    const uint32_t m = inst.active_mask;
    const AddrMode mode = encodable_mode(inst, lanes);
    dec(out, int(mode)), out += ' ';
    int first = 0;
    while (first < kWarpSize && !(m >> first & 1u)) ++first;
    const uint64_t base = first < kWarpSize ? lanes[size_t(first)] : 0;
    if (mode == AddrMode::ListAll) {
      for (int l = 0; l < kWarpSize; ++l)
        if (m >> l & 1u) out += "0x", hex(out, lanes[size_t(l)], 16), out += ' ';
    } else if (mode == AddrMode::BaseStride) {
      int second = first + 1;
      while (second < kWarpSize && !(m >> second & 1u)) ++second;
      const int64_t stride = second < kWarpSize ? int64_t(lanes[size_t(second)] - base) : 0;
      out += "0x", hex(out, base, 0), out += ' ';
      dec(out, stride), out += ' ';
    } else {
      out += "0x", hex(out, base, 0), out += ' ';
      uint64_t prev = base;
      for (int l = first + 1; l < kWarpSize; ++l)
        if (m >> l & 1u) {
          dec(out, int64_t(lanes[size_t(l)] - prev)), out += ' ';
          prev = lanes[size_t(l)];
        }
    }
  }
  dec(out, inst.imm);
  out += " \n";
}

void append_thread_block(std::string& out, const ThreadBlock& tb, const KernelHeader& h, const OpcodeTable& ops) {
  out += "\n#BEGIN_TB\n\nthread block = ";
  out += tb.id.str();
  out += "\n\n";
  for (const Warp& w : tb.warps) {
    out += "warp = ", dec(out, w.id), out += '\n';
    out += "insts = ", dec(out, w.insts.size()), out += '\n';
    for (const Instruction& i : w.insts) append_instruction(out, i, w, h, ops);
    out += '\n';
  }
  out += "#END_TB\n";
}

}  // namespace gpucosim
