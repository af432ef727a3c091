#include "workloads/workload.h"

#include <charconv>
#include <set>
#include <sstream>

#include "kernel/input_error.h"
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim {

const std::vector<std::unique_ptr<Workload>>& builtin_workloads() {
  // Built once, never modified: the registry is a constant, not mutable global state.
  static const std::vector<std::unique_ptr<Workload>> all = [] {
    std::vector<std::unique_ptr<Workload>> v;
    v.push_back(wl::make_vecadd());
    v.push_back(wl::make_transpose_naive());
    v.push_back(wl::make_transpose_shared());
    v.push_back(wl::make_gemm_naive());
    v.push_back(wl::make_gemm_store2());
    v.push_back(wl::make_syrk());
    v.push_back(wl::make_syr2k());
    v.push_back(wl::make_spmv_csr());
    v.push_back(wl::make_atax());
    v.push_back(wl::make_stencil2d());
    v.push_back(wl::make_reduction());
    v.push_back(wl::make_streamcluster());
    v.push_back(wl::make_kmeans());
    v.push_back(wl::make_regheavy());
    v.push_back(wl::make_branchy());
    v.push_back(wl::make_rowwalk());
    v.push_back(wl::make_longblock());
    v.push_back(wl::make_bigctx());
    v.push_back(wl::make_compute());
    return v;
  }();
  return all;
}

const Workload* find_workload(const std::string& name) {
  for (const auto& w : builtin_workloads())
    if (w->name() == name) return w.get();
  return nullptr;
}

ParamValues resolve_params(const Workload& w, const std::vector<std::string>& overrides, const std::string& origin) {
  const std::vector<WorkloadParam> decl = w.params();
  ParamValues values;
  for (const auto& d : decl) values[d.name] = d.default_value;

  std::string valid;
  for (const auto& d : decl) valid += (valid.empty() ? "" : ", ") + d.name;
  if (valid.empty()) valid = "(none)";

  std::set<std::string> seen;
  for (const std::string& kv : overrides) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError(origin, 0, "expected name=value for workload " + w.name() + ", got '" + kv + "'");
    const std::string name = kv.substr(0, eq);
    const std::string text = kv.substr(eq + 1);
    const WorkloadParam* d = nullptr;
    for (const auto& c : decl)
      if (c.name == name) d = &c;
    if (!d)
      throw InputError(origin, 0, "unknown parameter '" + name + "' for workload " + w.name() + ": expected one of " + valid);
    if (!seen.insert(name).second)
      throw InputError(origin, 0, "parameter '" + name + "' of workload " + w.name() + " given twice");
    int64_t v = 0;
    const char* b = text.data();
    const char* e = b + text.size();
    auto r = std::from_chars(b, e, v);
    if (text.empty() || r.ec != std::errc() || r.ptr != e)
      throw InputError(origin, 0, "parameter '" + name + "' of workload " + w.name() + ": expected an integer, got '" + text + "'");
    if (v < d->min_value || v > d->max_value)
      throw InputError(origin, 0,
                       "parameter '" + name + "' of workload " + w.name() + " = " + text + " is out of range [" +
                           std::to_string(d->min_value) + ", " + std::to_string(d->max_value) + "]");
    values[name] = v;
  }
  return values;
}

std::vector<std::string> workload_spec_params(const std::string& spec, const std::string& where) {
  const size_t colon = spec.find(':');
  std::vector<std::string> items;
  if (colon == std::string::npos) return items;
  // An empty item (a stray ',' or nothing after ':') is a typo whose meaning cannot be guessed,
  // as in `trace gen --param`.
  const std::string name = spec.substr(0, colon), rest = spec.substr(colon + 1);
  if (rest.empty())
    throw InputError(where, 0, "'" + spec + "': nothing after ':': expected " + name + ":key=value[,key=value...]");
  std::stringstream in(rest + ",");
  for (std::string kv; std::getline(in, kv, ',');) {
    if (kv.empty())
      throw InputError(where, 0, "'" + spec + "': an empty parameter between commas: expected " + name +
                                     ":key=value[,key=value...]");
    items.push_back(kv);
  }
  return items;
}

GeneratedApp generate_workload(const std::string& spec) {
  const std::string name = spec.substr(0, spec.find(':'));
  const std::vector<std::string> overrides = workload_spec_params(spec, "--workload");
  const Workload* w = find_workload(name);
  if (!w) {
    std::string names;
    for (const auto& b : builtin_workloads()) names += (names.empty() ? "" : ", ") + b->name();
    throw InputError("--workload", 0, "unknown workload '" + name + "'; expected one of: " + names);
  }
  GeneratedApp app = w->generate(resolve_params(*w, overrides, "--workload " + name));
  for (auto& k : app.kernels)
    if (auto* g = dynamic_cast<wl::GeneratedKernel*>(k.get())) g->set_origin("--workload " + spec);
  return app;
}

}  // namespace gpucosim
