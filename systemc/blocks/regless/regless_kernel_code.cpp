#include "systemc/blocks/regless/regless_kernel_code.h"

#include <algorithm>

#include "compiler/kernel_analysis.h"
#include "compiler/regions.h"
#include "compiler/register_values.h"
#include "systemc/blocks/regless/regless_compression.h"
#include "kernel/input_error.h"

namespace gpucosim {

namespace {

// The given thread blocks as a kernel source, their register numbers mapped through `remap`
// (empty: unchanged).
class BlocksSource : public KernelSource {
 public:
  BlocksSource(const KernelHeader& h, const OpcodeTable& ops, const std::vector<const ThreadBlock*>& blocks,
               const std::vector<uint8_t>& remap)
      : h_(h), ops_(ops), blocks_(blocks), remap_(remap) {}
  const KernelHeader& header() const override { return h_; }
  const OpcodeTable& opcodes() const override { return ops_; }
  bool next_block(ThreadBlock& tb) override {
    if (next_ >= blocks_.size()) return false;
    tb = *blocks_[next_++];
    if (!remap_.empty())
      for (Warp& w : tb.warps)
        for (Instruction& i : w.insts) {
          for (uint8_t k = 0; k < i.n_dst; ++k) i.dst[k] = remap_[i.dst[k]];
          for (uint8_t k = 0; k < i.n_src; ++k) i.src[k] = remap_[i.src[k]];
        }
    return true;
  }

 private:
  const KernelHeader& h_;
  const OpcodeTable& ops_;
  const std::vector<const ThreadBlock*>& blocks_;
  const std::vector<uint8_t>& remap_;
  size_t next_ = 0;
};

// The compressor's name for an analysed lane shape.
ReglessPattern pattern_of(const compiler::LanePattern& v) {
  if (!v.known()) return ReglessPattern::None;
  const std::string n = compiler::compressor_pattern(v);
  if (n == "constant") return ReglessPattern::Constant;
  if (n == "stride-1") return ReglessPattern::Stride1;
  if (n == "stride-4") return ReglessPattern::Stride4;
  if (n == "half-stride-1") return ReglessPattern::HalfStride1;
  if (n == "half-stride-4") return ReglessPattern::HalfStride4;
  return ReglessPattern::KnownOther;
}

uint64_t mask_of(const compiler::RegisterSet& s) {
  uint64_t m = 0;
  for (size_t r = 0; r < 64; ++r)
    if (s.test(r)) m |= uint64_t(1) << r;
  return m;
}

compiler::KernelAnalysis analyse(const KernelHeader& h, const OpcodeTable& ops,
                                 const std::vector<const ThreadBlock*>& blocks, const std::vector<uint8_t>& remap) {
  BlocksSource src(h, ops, blocks, remap);
  return compiler::analyse_kernel(src, h.name);
}

// Register numbers below `n_regs` for a kernel whose numbers reach it, as a register allocator
// would give them: registers that are never live at once may share a number (interference from
// the liveness: what is live into an instruction, and what it defines with what is live out of
// it), and the registers of one multi-register operand (a 64-bit pair, a vector) keep their
// order and adjacency, so widening the renumbered operand covers the renumbered registers.
// Greedy, largest groups first. Empty when the registers do not fit.
std::vector<uint8_t> renumber(const compiler::KernelAnalysis& a, uint32_t n_regs) {
  const size_t n = kRegZero;
  // Contiguous groups: each operand's registers, merged where operands overlap.
  std::vector<int> lo(n), hi(n);
  for (size_t r = 0; r < n; ++r) lo[r] = hi[r] = int(r);
  auto join = [&](uint8_t first, uint8_t count) {
    if (first == kRegZero || count < 2) return;
    const int a0 = first, b0 = std::min<int>(first + count - 1, int(n) - 1);
    int l = a0, h = b0;
    for (int r = a0; r <= b0; ++r) l = std::min(l, lo[size_t(r)]), h = std::max(h, hi[size_t(r)]);
    bool grown = true;
    while (grown) {  // absorb groups overlapping [l, h]
      grown = false;
      for (int r = l; r <= h; ++r)
        if (lo[size_t(r)] < l || hi[size_t(r)] > h) l = std::min(l, lo[size_t(r)]), h = std::max(h, hi[size_t(r)]), grown = true;
    }
    for (int r = l; r <= h; ++r) lo[size_t(r)] = l, hi[size_t(r)] = h;
  };
  compiler::RegisterSet used;
  std::vector<compiler::RegisterSet> adj(n);
  for (size_t i = 0; i < a.code.size(); ++i) {
    const compiler::StaticInstruction& s = a.code[i];
    used |= s.defs | s.uses;
    for (uint8_t k = 0; k < s.n_dst; ++k) join(s.dst[k], s.widths.dst[k]);
    for (uint8_t k = 0; k < s.n_src; ++k) join(s.src[k], s.widths.src[k]);
    const compiler::RegisterSet in = a.live.live_in(i), out = a.live.live_out(i) | s.defs;
    for (const compiler::RegisterSet* set : {&in, &out})
      for (uint8_t r : compiler::registers_of(*set)) adj[r] |= *set;
  }
  struct Group {
    int lo, hi;
    compiler::RegisterSet adj;
    int base = -1;
  };
  std::vector<Group> groups;
  for (uint8_t r : compiler::registers_of(used)) {
    if (!groups.empty() && groups.back().lo == lo[r]) continue;
    Group g{lo[r], hi[r], {}};
    for (int x = g.lo; x <= g.hi; ++x) g.adj |= adj[size_t(x)];
    groups.push_back(g);
  }
  std::vector<size_t> order(groups.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return groups[x].hi - groups[x].lo > groups[y].hi - groups[y].lo;
  });
  for (size_t gi : order) {
    Group& g = groups[gi];
    uint64_t taken = 0;  // numbers held by interfering groups already placed
    for (const Group& h : groups) {
      if (h.base < 0) continue;
      bool meets = false;
      for (int x = h.lo; x <= h.hi && !meets; ++x) meets = g.adj.test(size_t(x));
      if (meets)
        for (int x = 0; x <= h.hi - h.lo; ++x) taken |= uint64_t(1) << (h.base + x);
    }
    const int size = g.hi - g.lo + 1;
    for (int b = 0; b + size <= int(n_regs) && g.base < 0; ++b) {
      const uint64_t span = (size >= 64 ? ~uint64_t(0) : ((uint64_t(1) << size) - 1)) << b;
      if (!(taken & span)) g.base = b;
    }
    if (g.base < 0) return {};
  }
  std::vector<uint8_t> remap(256);
  for (size_t r = 0; r < remap.size(); ++r) remap[r] = uint8_t(r);  // RZ and unused numbers unchanged
  for (const Group& g : groups)
    for (int x = g.lo; x <= g.hi; ++x) remap[size_t(x)] = uint8_t(g.base + (x - g.lo));
  return remap;
}

}  // namespace

ReglessKernelCode::ReglessKernelCode(const KernelHeader& h, const OpcodeTable& ops,
                                     const std::vector<const ThreadBlock*>& blocks, const ReglessParams& p) {
  std::vector<uint8_t> remap;
  compiler::KernelAnalysis a = analyse(h, ops, blocks, remap);
  compiler::RegisterSet used;
  for (const auto& s : a.code.instructions()) used |= s.defs | s.uses;
  const std::vector<uint8_t> regs = compiler::registers_of(used);
  if (!regs.empty() && regs.back() >= p.n_regs) {
    remap = renumber(a, p.n_regs);
    if (remap.empty())
      throw InputError(h.name, 0,
                       "regless: the kernel uses " + std::to_string(regs.size()) + " registers (up to R" +
                           std::to_string(regs.back()) + ") that cannot be renumbered below " + std::to_string(p.n_regs) +
                           ", the registers the shard tags per warp (-gpucosim_regless_regs, at most 64)");
    a = analyse(h, ops, blocks, remap);
    renumbered_ = true;
    remap_ = remap;
  }

  compiler::RegionOptions o;
  o.banks = p.n_banks;
  o.bank_lines = p.lines_per_bank;
  o.max_regs_per_region = std::min(o.max_regs_per_region, p.n_banks * p.lines_per_bank);
  const compiler::RegionAnalysis ra = compiler::analyse_regions(a, o);
  const compiler::RegionTable& t = ra.table;

  for (const compiler::Region& g : t.regions) {
    ReglessRegion r;
    r.first = uint32_t(g.first);
    r.last = uint32_t(g.last);
    for (size_t b = 0; b < g.bank_usage.size() && b < kReglessMaxBanks; ++b) {
      r.usage[b] = g.bank_usage[b];
      if (g.bank_usage[b] > p.lines_per_bank)
        throw InputError(h.name, 0,
                         "regless: the region at PC " + compiler::hex_pc(g.first_pc) + " needs " +
                             std::to_string(g.bank_usage[b]) + " lines in one OSU bank, which holds " +
                             std::to_string(p.lines_per_bank) +
                             " (-gpucosim_regless_lines_per_bank): it could never be activated");
    }
    r.pre = mask_of(g.inputs);
    r.inv = mask_of(g.invalidating_reads);
    r.cinv = mask_of(g.cache_invalidations);
    r.metadata = g.metadata_instructions;
    regions_.push_back(r);
  }
  insts_.resize(a.code.size());
  for (size_t i = 0; i < a.code.size(); ++i) {
    ReglessStaticInst& s = insts_[i];
    s.pc = a.code[i].pc;
    s.region = t.region_of[i];
    s.uses = mask_of(a.code[i].uses);
    s.defs = mask_of(a.code[i].defs);
    s.erase = mask_of(t.annotations[i].erase);
    s.evict = mask_of(t.annotations[i].evict);
  }
  transfers_ = a.code.transfers();
  if (p.compressor) {
    const compiler::RegisterValues v = compiler::analyse_register_values(a);
    for (const compiler::ValueDefinition& d : v.defs)
      if (d.index < insts_.size() && d.reg < 64) insts_[d.index].shape[d.reg] = uint8_t(pattern_of(d.value));
  }
}

int64_t ReglessKernelCode::index_of(uint32_t pc) const {
  auto it = std::lower_bound(insts_.begin(), insts_.end(), pc,
                             [](const ReglessStaticInst& s, uint32_t v) { return s.pc < v; });
  return (it == insts_.end() || it->pc != pc) ? -1 : int64_t(it - insts_.begin());
}

bool ReglessKernelCode::covers(const Warp& w) const {
  for (size_t i = 0; i < w.insts.size(); ++i) {
    if (index_of(w.insts[i].pc) < 0) return false;
    if (i > 0 && !std::binary_search(transfers_.begin(), transfers_.end(),
                                     std::make_pair(w.insts[i - 1].pc, w.insts[i].pc)))
      return false;
  }
  return true;
}

}  // namespace gpucosim
