#include "systemc/sm/exec_units.h"

#include <algorithm>

namespace gpucosim {

const char* to_string(Pool p) {
  switch (p) {
    case Pool::SP: return "SP";
    case Pool::SFU: return "SFU";
    case Pool::DP: return "DP";
    case Pool::INT: return "INT";
    case Pool::TENSOR: return "TENSOR";
    case Pool::Spec1: return "SPEC1";
    case Pool::Spec2: return "SPEC2";
    case Pool::Spec3: return "SPEC3";
    case Pool::Spec4: return "SPEC4";
    case Pool::Spec5: return "SPEC5";
    case Pool::Spec6: return "SPEC6";
    case Pool::Spec7: return "SPEC7";
    case Pool::Spec8: return "SPEC8";
    case Pool::None: return "none";
  }
  return "?";
}

ExecUnits::ExecUnits(const CoreConfig& c) : n_sched_(std::max(1u, c.n_schedulers)), sub_core_(c.sub_core_model) {
  // SP always exists: it is where every other class falls back to.
  units_[size_t(Pool::SP)].assign(std::max(1u, c.n_sp), 0);
  units_[size_t(Pool::SFU)].assign(c.n_sfu, 0);
  units_[size_t(Pool::DP)].assign(c.n_dp, 0);
  units_[size_t(Pool::INT)].assign(c.n_int, 0);
  units_[size_t(Pool::TENSOR)].assign(c.n_tensor, 0);
  auto or_sp = [this](Pool p) { return units_[size_t(p)].empty() ? Pool::SP : p; };

  pool_of_.fill(Pool::None);
  timing_of_.fill(UnitTiming{1, 1});
  auto set = [this](UnitClass u, Pool p, const UnitTiming& t) {
    pool_of_[size_t(u)] = p;
    timing_of_[size_t(u)] = t;
    max_latency_ = std::max(max_latency_, t.latency);
  };
  set(UnitClass::SP, Pool::SP, c.sp);
  set(UnitClass::ALU, Pool::SP, c.alu);
  set(UnitClass::UNIFORM, Pool::SP, c.alu);
  set(UnitClass::BRANCH, Pool::SP, c.branch);
  set(UnitClass::INT, or_sp(Pool::INT), c.int_);
  set(UnitClass::DP, or_sp(Pool::DP), c.dp);
  set(UnitClass::SFU, or_sp(Pool::SFU), c.sfu);
  set(UnitClass::TENSOR, or_sp(Pool::TENSOR), c.tensor);
  // Accel-Sim's opcode maps send these classes to the specialised unit of that name.
  static const struct {
    const char* name;
    UnitClass cls;
  } kSpecial[] = {{"BRA", UnitClass::BRANCH}, {"TEX", UnitClass::TEXTURE}, {"TENSOR", UnitClass::TENSOR},
                  {"UDP", UnitClass::UNIFORM}};
  for (const SpecialUnit& s : c.special) {
    if (s.index < 1 || s.index > 8) continue;
    const Pool p = Pool(uint8_t(Pool::Spec1) + s.index - 1);
    units_[size_t(p)].assign(s.units, 0);
    for (const auto& k : kSpecial)
      if (s.name == k.name) set(k.cls, p, s.timing);
  }
}

int ExecUnits::find(Pool pool, uint32_t sched, uint64_t at) const {
  const std::vector<uint64_t>& v = units_[size_t(pool)];
  const size_t n = v.size();
  const bool own = sub_core_ && n >= n_sched_;
  for (size_t i = own ? sched % n_sched_ : 0; i < n; i += own ? n_sched_ : 1)
    if (v[i] <= at) return int(i);
  return -1;
}

}  // namespace gpucosim
