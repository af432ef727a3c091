#include "systemc/blocks/kit/param_table.h"

#include <sstream>

#include "kernel/input_error.h"

namespace gpucosim::kit {

const char* to_string(ParamSource s) {
  switch (s) {
    case ParamSource::Option: return "option";
    case ParamSource::Auto: return "option (0 = derived)";
    case ParamSource::Core: return "core";
  }
  return "?";
}

std::string describe(const ParamTable& t, const void* params) {
  std::ostringstream s;
  for (size_t i = 0; i < t.size(); ++i) s << (i ? " " : "") << t[i].name << "=" << get(params, t[i]);
  return s.str();
}

namespace {
std::string first_diff(const ParamTable& t, const void* a, const void* b, const char* b_label, bool rtl_only) {
  for (const ParamInfo& p : t)
    if ((!rtl_only || is_rtl_param(p)) && get(a, p) != get(b, p))
      return std::string(p.name) + "=" + std::to_string(get(a, p)) + " (" + b_label + " " + p.name + "=" +
             std::to_string(get(b, p)) + ")";
  return "";
}
}  // namespace

std::string first_difference(const ParamTable& t, const void* a, const void* b, const char* b_label) {
  return first_diff(t, a, b, b_label, false);
}
std::string first_rtl_difference(const ParamTable& t, const void* a, const void* b, const char* b_label) {
  return first_diff(t, a, b, b_label, true);
}

void check_ranges(const ParamTable& t, const void* params, const std::string& block) {
  for (const ParamInfo& p : t) {
    const uint32_t v = get(params, p);
    if (v < p.lo || v > p.hi)
      throw InputError(block, 0,
                       std::string("-") + p.option + ": expected " + p.name + " from " + std::to_string(p.lo) + " to " +
                           std::to_string(p.hi) + ", got " + std::to_string(v));
  }
}

std::vector<std::string> verilator_args(const ParamTable& t, const void* params) {
  std::vector<std::string> a;
  for (const ParamInfo& p : t)
    if (is_rtl_param(p)) a.push_back(std::string("-G") + p.rtl + "=" + std::to_string(get(params, p)));
  return a;
}

const ParamInfo* find_param(const ParamTable& t, const std::string& name) {
  for (const ParamInfo& p : t)
    if (name == p.name) return &p;
  return nullptr;
}

}  // namespace gpucosim::kit
