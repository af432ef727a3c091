#include "systemc/blocks/regless/regless_kernel_code.h"

#include <algorithm>

#include "compiler/kernel_analysis.h"
#include "compiler/regions.h"
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

}  // namespace

ReglessKernelCode::ReglessKernelCode(const KernelHeader& h, const OpcodeTable& ops,
                                     const std::vector<const ThreadBlock*>& blocks, const ReglessParams& p) {
  std::vector<uint8_t> remap;
  compiler::KernelAnalysis a = analyse(h, ops, blocks, remap);
  compiler::RegisterSet used;
  for (const auto& s : a.code.instructions()) used |= s.defs | s.uses;
  const std::vector<uint8_t> regs = compiler::registers_of(used);
  if (!regs.empty() && regs.back() >= p.n_regs) {
    if (regs.size() > p.n_regs)
      throw InputError(h.name, 0,
                       "regless: the kernel uses " + std::to_string(regs.size()) + " registers (up to R" +
                           std::to_string(regs.back()) + "); the shard tags " + std::to_string(p.n_regs) +
                           " per warp (-gpucosim_regless_regs, at most 64)");
    remap.resize(256);
    for (size_t r = 0; r < remap.size(); ++r) remap[r] = uint8_t(r);  // RZ and unused numbers unchanged
    for (size_t k = 0; k < regs.size(); ++k) remap[regs[k]] = uint8_t(k);
    a = analyse(h, ops, blocks, remap);
    renumbered_ = true;
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
