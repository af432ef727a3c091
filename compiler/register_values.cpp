// Uniform/affine dataflow over the CFG, S2R role search, attribution of observed addresses.
#include "compiler/register_values.h"

#include <algorithm>
#include <array>

namespace gpucosim::compiler {
namespace {

enum class Role : uint8_t { Uniform, TidX, TidY, Unknown };
const char* role_name(Role r) {
  switch (r) {
    case Role::Uniform: return "uniform";
    case Role::TidX: return "tid.x";
    case Role::TidY: return "tid.y";
    case Role::Unknown: break;
  }
  return "unknown";
}

constexpr size_t kMaxReaching = 16;

struct AbsVal {
  LanePattern p;                 // None: not written yet
  bool has_value = false;        // uniform with this known value
  int64_t value = 0;
  std::vector<int32_t> reaching;  // definition ids that may have written it (sorted)
  bool overflow = false;          // more than kMaxReaching

  bool operator==(const AbsVal& o) const {
    return p == o.p && has_value == o.has_value && (!has_value || value == o.value) && reaching == o.reaching &&
           overflow == o.overflow;
  }
};

AbsVal join(const AbsVal& a, const AbsVal& b) {
  if (a.p.kind == LanePattern::Kind::None) return b;
  if (b.p.kind == LanePattern::Kind::None) return a;
  AbsVal r;
  r.p = merge(a.p, b.p);
  r.has_value = a.has_value && b.has_value && a.value == b.value;
  r.value = r.has_value ? a.value : 0;
  std::set_union(a.reaching.begin(), a.reaching.end(), b.reaching.begin(), b.reaching.end(), std::back_inserter(r.reaching));
  r.overflow = a.overflow || b.overflow || r.reaching.size() > kMaxReaching;
  if (r.overflow) r.reaching.clear();
  return r;
}

using State = std::array<AbsVal, 256>;

// Lane shapes of threadIdx.x / .y in a warp, from the block's dimensions.
LanePattern tid_pattern(Role role, const Dim3& block) {
  const uint32_t bx = block.x, byz = block.y * block.z;
  if (role == Role::TidX) {
    if (byz <= 1 || bx % 32 == 0) return LanePattern::affine(1);
    if (bx == 16) return LanePattern::affine(1, true);
    return LanePattern::unknown();
  }
  if (block.y <= 1) return LanePattern::uniform();  // threadIdx.y = 0
  if (bx % 32 == 0) return LanePattern::uniform();
  if (bx == 16) return LanePattern::affine(0, true);
  return LanePattern::unknown();
}

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

struct Evaluator {
  const StaticCode& code;
  const Dim3 block;

  // The pattern the instruction writes to its (first) destination register.
  AbsVal eval(size_t i, const State& st, const std::vector<Role>& s2r_role_of) const {
    const StaticInstruction& s = code[i];
    const std::string& base = s.op.base;
    const std::string& text = s.op.text;
    AbsVal out;
    auto pat = [&](int k) -> const AbsVal& {
      static const AbsVal zero = [] {
        AbsVal z;
        z.p = LanePattern::uniform();
        z.has_value = true;
        return z;
      }();
      const uint8_t r = s.src[size_t(k)];
      return r == kRegZero ? zero : st[r];
    };
    auto known = [&](const AbsVal& v) { return v.p.kind == LanePattern::Kind::Affine; };
    if (base == "S2R") {
      const Role role = s2r_role_of[i];
      out.p = role == Role::Uniform ? LanePattern::uniform()
              : role == Role::Unknown ? LanePattern::unknown()
                                      : tid_pattern(role, block);
      return out;
    }
    if (base == "CS2R") {
      out.p = LanePattern::uniform();
      return out;
    }
    if (s.op.unit == UnitClass::ATOMIC || s.op.unit == UnitClass::TEXTURE || s.op.unit == UnitClass::TENSOR) {
      out.p = LanePattern::unknown();
      return out;
    }
    if (s.op.unit == UnitClass::LOAD || s.op.space == MemSpace::Constant) {
      // A warp-uniform address: every lane reads the same word.
      out.p = s.n_src == 0 || pat(0).p.is_uniform() ? LanePattern::uniform() : LanePattern::unknown();
      return out;
    }
    bool all_uniform = true, any_unknown = false;
    for (int k = 0; k < s.n_src; ++k) {
      const AbsVal& v = pat(k);
      if (!known(v)) any_unknown = true;
      if (!v.p.is_uniform()) all_uniform = false;
    }
    const bool mov = base == "MOV" || base == "MOV32I" || starts_with(text, "IMAD.MOV");
    if (mov) {
      if (s.n_src == 0) {
        out.p = LanePattern::uniform();
        out.has_value = true;
        out.value = s.imm;
      } else {
        out = pat(s.n_src - 1);
        out.reaching.clear();
      }
      return out;
    }
    if (all_uniform) {  // deterministic operations of warp-uniform inputs (and VOTE, SHFL of them)
      out.p = LanePattern::uniform();
      return out;
    }
    if (any_unknown) {
      out.p = LanePattern::unknown();
      return out;
    }
    // Affine arithmetic.
    bool split = false, stride_known = true;
    int64_t stride = 0;
    auto add = [&](const AbsVal& v) {
      split = split || v.p.split;
      stride_known = stride_known && v.p.stride_known;
      stride += v.p.stride;
    };
    auto mul = [&](const AbsVal& x, const AbsVal& y) {  // x * y, one of them uniform
      const AbsVal& u = x.p.is_uniform() ? x : y;
      const AbsVal& v = x.p.is_uniform() ? y : x;
      if (!u.p.is_uniform()) return false;
      split = split || v.p.split;
      if (v.p.stride == 0 && v.p.stride_known) return true;  // both uniform
      if (u.has_value && v.p.stride_known)
        stride += v.p.stride * u.value;
      else
        stride_known = false;
      return true;
    };
    auto affine_out = [&] {
      out.p = stride_known ? LanePattern::affine(stride, split) : LanePattern::affine_unknown_stride(split);
      return out;
    };
    const bool adder = base == "IADD3" || base == "IADD" || base == "IADD32I" || base == "VIADD" ||
                       starts_with(text, "IMAD.IADD");
    const bool shifter = base == "SHL" || starts_with(text, "SHF.L") || starts_with(text, "IMAD.SHL");
    if (adder) {
      for (int k = 0; k < s.n_src; ++k) add(pat(k));
      return affine_out();
    }
    if (shifter && s.n_src == 1) {
      const AbsVal& x = pat(0);
      split = x.p.split;
      stride_known = x.p.stride_known && s.imm >= 0 && s.imm < 32;
      stride = stride_known ? x.p.stride * (int64_t(1) << s.imm) : 0;
      return affine_out();
    }
    if (base == "LEA" && s.n_src == 2 && s.imm >= 0 && s.imm < 32) {  // (a << imm) + b
      const AbsVal& x = pat(0);
      split = x.p.split;
      stride_known = x.p.stride_known;
      stride = x.p.stride * (int64_t(1) << s.imm);
      add(pat(1));
      return affine_out();
    }
    if (base == "IMAD" || base == "IMUL" || base == "XMAD") {
      if (s.n_src >= 3) {  // a * b + c
        if (!mul(pat(0), pat(1))) {
          out.p = LanePattern::unknown();
          return out;
        }
        add(pat(2));
        return affine_out();
      }
      if (s.n_src == 2) {
        const AbsVal &x = pat(0), &y = pat(1);
        if ((x.p.is_uniform() && x.has_value) || (y.p.is_uniform() && y.has_value)) {
          mul(x, y);  // x * y + constant
          return affine_out();
        }
        // Ambiguous: read as nvcc's `IMAD Rd, Ra, c[bank][offset], Rc` (Ra * constant + Rc).
        if (!x.p.is_uniform()) stride_known = false;
        split = x.p.split;
        add(y);
        return affine_out();
      }
      if (s.n_src == 1) {
        split = pat(0).p.split;
        stride_known = false;  // times an unknown constant
        return affine_out();
      }
    }
    out.p = LanePattern::unknown();
    return out;
  }
};

struct RunResult {
  std::vector<LanePattern> def_values;               // per definition id
  std::vector<std::vector<int32_t>> reaching_low;     // per instruction: defs reaching src[0]
  std::vector<std::vector<int32_t>> reaching_high;    // and src[0] + 1 (wide addresses)
  uint32_t matched = 0;     // address sites whose predicted shape is the observed one
  uint32_t consistent = 0;  // or an affine shape of unknown stride where a non-uniform one was seen
};

class Analyzer {
 public:
  explicit Analyzer(const KernelAnalysis& a) : a_(a), ev_{a.code, a.code.header().block} {
    for (size_t i = 0; i < a.code.size(); ++i) {
      def_base_.push_back(int32_t(def_reg_.size()));
      for (uint8_t r : registers_of(a.code[i].defs)) {
        def_reg_.push_back(r);
        def_inst_.push_back(i);
      }
    }
  }
  size_t definitions() const { return def_reg_.size(); }
  size_t def_inst(size_t d) const { return def_inst_[d]; }
  uint8_t def_reg(size_t d) const { return def_reg_[d]; }

  RunResult run(const std::vector<Role>& roles) const {
    const StaticCode& code = a_.code;
    const ControlFlowGraph& cfg = a_.cfg;
    const size_t nb = cfg.blocks().size();
    std::vector<State> in(nb);
    std::vector<char> reached(nb, 0);
    for (int s : cfg.succs(cfg.entry()))
      if (cfg.is_block(s)) reached[size_t(s)] = 1;
    RunResult res;
    res.def_values.assign(def_reg_.size(), LanePattern::none());
    res.reaching_low.assign(code.size(), {});
    res.reaching_high.assign(code.size(), {});
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t b = 0; b < nb; ++b) {
        if (!reached[b]) continue;
        State st = in[b];
        for (size_t i = cfg.blocks()[b].first; i <= cfg.blocks()[b].last; ++i) step(i, st, roles, res);
        for (int s : cfg.succs(int(b))) {
          if (!cfg.is_block(s)) continue;
          State merged;
          for (size_t r = 0; r < 256; ++r) merged[r] = reached[size_t(s)] ? join(in[size_t(s)][r], st[r]) : st[r];
          if (!reached[size_t(s)] || !(merged == in[size_t(s)])) {
            in[size_t(s)] = std::move(merged);
            reached[size_t(s)] = 1;
            changed = true;
          }
        }
      }
    }
    // A last pass with the fixpoint's entry states records what each definition writes.
    for (size_t b = 0; b < nb; ++b) {
      State st = in[b];
      for (size_t i = cfg.blocks()[b].first; i <= cfg.blocks()[b].last; ++i) {
        const StaticInstruction& s = code[i];
        if (s.address_pattern.kind == LanePattern::Kind::Affine && s.n_src > 0 && s.src[0] != kRegZero) {
          const AbsVal& v = st[s.src[0]];
          if (v.p == s.address_pattern)
            ++res.matched;
          else if (v.p.kind == LanePattern::Kind::Affine && !v.p.stride_known && !s.address_pattern.is_uniform())
            ++res.consistent;
          if (!v.overflow) res.reaching_low[i] = v.reaching;
          if (s.widths.src[0] >= 2 && s.src[0] + 1 < kRegZero && !st[s.src[0] + 1].overflow)
            res.reaching_high[i] = st[s.src[0] + 1].reaching;
        }
        step(i, st, roles, res, true);
      }
    }
    return res;
  }

 private:
  void step(size_t i, State& st, const std::vector<Role>& roles, RunResult& res, bool record = false) const {
    const StaticInstruction& s = a_.code[i];
    if (s.defs.none()) return;
    AbsVal v = ev_.eval(i, st, roles);
    if (v.p.kind == LanePattern::Kind::None) v.p = LanePattern::unknown();
    if (s.partial > 0) v = AbsVal{LanePattern::unknown(), false, 0, {}, false};
    // The first register of each destination operand takes the value; the upper words of a wide
    // one are warp-uniform when the value is affine (carries across 2^32 are ignored).
    RegisterSet lows;
    for (int k = 0; k < s.n_dst; ++k)
      if (s.dst[size_t(k)] != kRegZero) lows.set(s.dst[size_t(k)]);
    int32_t id = def_base_[i];
    for (uint8_t r : registers_of(s.defs)) {
      AbsVal w;
      w.p = lows.test(r) ? v.p : (v.p.kind == LanePattern::Kind::Affine ? LanePattern::uniform() : LanePattern::unknown());
      w.has_value = lows.test(r) && v.has_value;
      w.value = v.value;
      w.reaching = {id};
      if (s.predicated_off > 0) {  // some warps skip it: the old value survives there
        AbsVal old = st[r];
        if (old.p.kind == LanePattern::Kind::None) old.p = LanePattern::unknown();
        w = join(old, w);
      }
      if (record) res.def_values[size_t(id)] = w.p;
      st[r] = std::move(w);
      ++id;
    }
  }

  const KernelAnalysis& a_;
  Evaluator ev_;
  std::vector<int32_t> def_base_;
  std::vector<uint8_t> def_reg_;
  std::vector<size_t> def_inst_;
};

}  // namespace

RegisterValues analyse_register_values(const KernelAnalysis& a) {
  const StaticCode& code = a.code;
  const Analyzer an(a);
  std::vector<size_t> s2r;
  for (size_t i = 0; i < code.size(); ++i)
    if (code[i].op.base == "S2R" && code[i].defs.any()) s2r.push_back(i);
  // Search: every S2R among the first six takes each role whose lane shape differs from the
  // roles before it (threadIdx.y of a 1-D block is as uniform as blockIdx.x). Score: two per
  // address shape predicted exactly, one per shape not contradicted; ties go to the assignment
  // under which the most definitions have a known shape (in `IMAD Rd, Ra, Rc` the thread index is
  // the addend, as nvcc writes blockIdx * blockDim + threadIdx), then to the one with the most
  // uniform S2Rs (thread indices are claimed only on evidence), then to the first.
  const Dim3 block = code.header().block;
  std::vector<Role> candidates;
  std::vector<LanePattern> seen;
  for (Role r : {Role::Uniform, Role::TidX, Role::TidY}) {
    const LanePattern p = r == Role::Uniform ? LanePattern::uniform() : tid_pattern(r, block);
    if (p.kind == LanePattern::Kind::Unknown || std::find(seen.begin(), seen.end(), p) != seen.end()) continue;
    seen.push_back(p);
    candidates.push_back(r);
  }
  const size_t searched = std::min<size_t>(s2r.size(), 6);
  size_t combos = 1;
  for (size_t k = 0; k < searched; ++k) combos *= candidates.size();
  std::vector<Role> roles(code.size(), Role::Unknown);
  int64_t best_score = -1;
  size_t best_uniform = 0, best_combo = 0, best_known = 0;
  for (size_t c = 0; c < combos; ++c) {
    size_t x = c, uniform = 0;
    for (size_t k = 0; k < searched; ++k, x /= candidates.size()) {
      roles[s2r[k]] = candidates[x % candidates.size()];
      uniform += roles[s2r[k]] == Role::Uniform;
    }
    const RunResult r = an.run(roles);
    const int64_t score = 2 * int64_t(r.matched) + int64_t(r.consistent);
    size_t known = 0;
    for (const LanePattern& p : r.def_values) known += p.known();
    if (score > best_score || (score == best_score && known > best_known) ||
        (score == best_score && known == best_known && uniform > best_uniform)) {
      best_score = score;
      best_known = known;
      best_uniform = uniform;
      best_combo = c;
    }
  }
  RegisterValues out;
  size_t x = best_combo;
  for (size_t k = 0; k < s2r.size(); ++k) {
    // Without any observed address to go by, an S2R stays unknown.
    Role r = k < searched && best_score > 0 ? candidates[x % candidates.size()] : Role::Unknown;
    if (k < searched) x /= candidates.size();
    roles[s2r[k]] = r;
    out.s2r_roles.push_back(role_name(r));
  }
  const RunResult res = an.run(roles);
  out.address_sites_matched = res.matched;

  // Observed shapes of address registers, merged over every use each definition reaches.
  std::vector<LanePattern> observed(an.definitions(), LanePattern::none());
  for (size_t i = 0; i < code.size(); ++i) {
    const LanePattern& p = code[i].address_pattern;
    if (p.kind != LanePattern::Kind::Affine || code[i].n_src == 0 || code[i].src[0] == kRegZero) continue;
    ++out.address_sites;
    for (int32_t d : res.reaching_low[i]) observed[size_t(d)] = merge(observed[size_t(d)], p);
    for (int32_t d : res.reaching_high[i]) observed[size_t(d)] = merge(observed[size_t(d)], LanePattern::uniform());
  }
  for (size_t d = 0; d < an.definitions(); ++d) {
    ValueDefinition v;
    v.index = an.def_inst(d);
    v.reg = an.def_reg(d);
    v.value = res.def_values[d];
    if (observed[d].kind != LanePattern::Kind::None) {
      v.value = observed[d];
      v.observed = true;
    }
    const uint64_t writes = code[v.index].executions - code[v.index].predicated_off;
    const bool known = v.value.known();
    const bool comp = compressible(v.value);
    out.static_share.total += 1;
    out.static_share.known += known;
    out.static_share.compressible += comp;
    out.dynamic_share.total += writes;
    out.dynamic_share.known += known ? writes : 0;
    out.dynamic_share.compressible += comp ? writes : 0;
    out.defs.push_back(v);
  }
  return out;
}

}  // namespace gpucosim::compiler
