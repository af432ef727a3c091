// `gpucosim analyze cfg|liveness|regions|values`: the compiler service's view of a kernel
// (compiler/): basic blocks, edges and dominators, per-PC live registers, RegLess regions
// (docs/blocks/regless-compiler.md) or register-value classes, rebuilt from a trace's or a
// built-in workload's warp streams. Text for people, --json for tools.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/analyze_save_time.h"
#include "cli/commands.h"
#include "cli/numeric_options.h"
#include "compiler/analysis_report.h"
#include "compiler/kernel_analysis.h"
#include "compiler/kernel_opener.h"
#include "compiler/region_report.h"
#include "kernel/input_error.h"

namespace gpucosim::cli {

namespace {

struct AnalyzeArgs {
  std::string what, trace, workload;
  std::optional<uint64_t> binary_version;
  // Region budgets (regions only; defaults: compiler/regions.h).
  std::optional<uint64_t> max_regs, bank_lines, banks, min_insts;
  // save-time only: the configuration and the control state per warp.
  std::vector<std::string> configs, sets;
  std::optional<uint64_t> control_bytes_per_warp;
  bool json = false;
};

compiler::RegionOptions region_options(const AnalyzeArgs& a, compiler::AnalysisView view) {
  compiler::RegionOptions o;
  const bool any = a.max_regs || a.bank_lines || a.banks || a.min_insts;
  if (any && view != compiler::AnalysisView::Regions)
    throw InputError(a.max_regs ? "--max-regs-per-region" : a.bank_lines ? "--bank-lines" : a.banks ? "--banks"
                                                                                                : "--min-region-insts",
                     0, "region budgets apply to `gpucosim analyze regions` only");
  if (a.max_regs) o.max_regs_per_region = uint32_t(*a.max_regs);
  if (a.bank_lines) o.bank_lines = uint32_t(*a.bank_lines);
  if (a.banks) o.banks = uint32_t(*a.banks);
  if (a.min_insts) o.min_instructions = uint32_t(*a.min_insts);
  return o;
}

// regions / values: per kernel, then (regions) the Table 4.2 summary over all kernels.
void analyze_regions(const AnalyzeArgs& a, compiler::AnalysisView view, const compiler::KernelList& list) {
  using namespace compiler;
  const RegionOptions options = region_options(a, view);
  nlohmann::ordered_json doc;
  doc["origin"] = list.origin;
  doc["analysis"] = a.what;
  doc["kernels"] = nlohmann::ordered_json::array();
  RegionSummary total;
  RegisterValues::Share vs, vd;
  for (const KernelOpener& k : list.kernels) {
    const KernelAnalysis an = analyse_kernel(k);
    const RegisterValues values = analyse_register_values(an);
    vs.total += values.static_share.total;
    vs.known += values.static_share.known;
    vs.compressible += values.static_share.compressible;
    vd.total += values.dynamic_share.total;
    vd.known += values.dynamic_share.known;
    vd.compressible += values.dynamic_share.compressible;
    if (view == AnalysisView::Values) {
      if (a.json)
        doc["kernels"].push_back(values_json(an, values));
      else
        print_values_text(std::cout, an, values);
      continue;
    }
    const RegionAnalysis ra = analyse_regions(an, options);
    total.add(ra.table);
    if (a.json)
      doc["kernels"].push_back(regions_json(an, ra, values));
    else
      print_regions_text(std::cout, an, ra, values);
  }
  if (view == AnalysisView::Regions) {
    if (a.json)
      doc["summary"] = summary_json(total, vs, vd);
    else
      print_summary_text(std::cout, list.origin, total, vs, vd);
  }
  if (a.json) std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

void analyze(const AnalyzeArgs& a) {
  using namespace compiler;
  const bool save_time = a.what == "save-time";
  // Usage errors (exit 2), as every missing or unknown argument: what to analyse, and from what.
  if (!save_time && a.what != "cfg" && a.what != "liveness" && a.what != "regions" && a.what != "values")
    throw CLI::ValidationError("what", (a.what.empty() ? std::string("missing analysis") : "unknown analysis '" + a.what + "'") +
                                           ": expected cfg, liveness, regions, values or save-time");
  if (a.trace.empty() == a.workload.empty())
    throw CLI::ValidationError("--trace/--workload", "give exactly one of --trace PATH or --workload NAME[:k=v,...]");
  if (!save_time && (!a.configs.empty() || !a.sets.empty() || a.control_bytes_per_warp))
    throw InputError(!a.configs.empty() ? "--config" : !a.sets.empty() ? "--set" : "--control-bytes-per-warp", 0,
                     "applies to `gpucosim analyze save-time` only");
  if (save_time) {
    if (a.max_regs || a.bank_lines || a.banks || a.min_insts)
      throw InputError("gpucosim analyze save-time", 0, "region budgets apply to `gpucosim analyze regions` only");
    SaveTimeArgs s;
    s.trace = a.trace;
    s.workload = a.workload;
    s.configs = a.configs;
    s.sets = a.sets;
    s.control_bytes_per_warp = uint32_t(a.control_bytes_per_warp.value_or(0));
    s.json = a.json;
    if (a.binary_version) s.trace_options.assume_binary_version = uint32_t(*a.binary_version);
    return analyze_save_time(s);
  }
  const AnalysisView view = parse_analysis_view(a.what, "gpucosim analyze");
  TraceReadOptions opts;
  if (a.binary_version) opts.assume_binary_version = uint32_t(*a.binary_version);
  if (view != AnalysisView::Regions) region_options(a, view);  // budgets given to another view: an error
  const KernelList list = kernel_list("gpucosim analyze", a.trace, a.workload, opts);
  if (view == AnalysisView::Regions || view == AnalysisView::Values) return analyze_regions(a, view, list);
  nlohmann::ordered_json doc;
  doc["origin"] = list.origin;
  doc["analysis"] = a.what;
  doc["kernels"] = nlohmann::ordered_json::array();
  for (const KernelOpener& k : list.kernels) {
    const KernelAnalysis an = analyse_kernel(k);
    if (a.json)
      doc["kernels"].push_back(analysis_json(an, view));
    else
      print_analysis_text(std::cout, an, view);
  }
  if (a.json) std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace

void register_analyze_command(CLI::App& app) {
  auto a = std::make_shared<AnalyzeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "analyze",
      "Rebuild each kernel's code from its warps' streams: CFG and dominators, per-PC register liveness, RegLess "
      "regions or register values; or the analytic context-save time of each kernel on a configuration");
  cmd->add_option("what", a->what,
                  "cfg (basic blocks, edges, dominators), liveness (live registers per PC), regions (RegLess regions, "
                  "Table 4.2 summary), values (register value classes) or save-time (context-save time per SM, seed "
                  "003 Table 5.2)");
  cmd->add_option("--trace", a->trace, "kernelslist.g, .traceg or .traceg.xz to analyse");
  cmd->add_option("--workload", a->workload, "built-in workload NAME or NAME:k=v,k=v (see `gpucosim workloads`)");
  add_uint_option(cmd, "--binary-version", &a->binary_version,
                  "SASS binary version to assume for traces whose version has no opcode map", 0, 1000);
  add_uint_option(cmd, "--max-regs-per-region", &a->max_regs,
                  "regions: most registers one region may hold at once (default 32)", 1, 255);
  add_uint_option(cmd, "--bank-lines", &a->bank_lines, "regions: registers in each OSU bank (default 16)", 1, 255);
  add_uint_option(cmd, "--banks", &a->banks, "regions: OSU banks, bank = (warp + register) mod banks (default 8)", 1,
                  64);
  add_uint_option(cmd, "--min-region-insts", &a->min_insts,
                  "regions: smallest region FindSplitPoint aims for, in instructions (default 6)", 1, 1024);
  cmd->add_option("--config", a->configs,
                  "save-time: preset name or gpgpusim.config file; repeat to layer (default GTX480)");
  cmd->add_option("--set", a->sets, "save-time: override one option: key=value (repeatable)");
  add_uint_option(cmd, "--control-bytes-per-warp", &a->control_bytes_per_warp,
                  "save-time: control state saved per warp besides registers and shared memory (default 0, as "
                  "Table 5.2)",
                  0, 1 << 20);
  cmd->add_flag("--json", a->json, "print one JSON document (one entry per kernel) instead of text");
  cmd->callback([a] { analyze(*a); });
}

}  // namespace gpucosim::cli
