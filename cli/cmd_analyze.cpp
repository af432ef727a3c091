// `gpucosim analyze cfg|liveness`: the compiler service's view of a kernel (compiler/): basic
// blocks, edges and dominators, or per-PC live registers, rebuilt from a trace's or a built-in
// workload's warp streams. Text for people, --json for tools.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/numeric_options.h"
#include "compiler/analysis_report.h"
#include "compiler/kernel_analysis.h"
#include "compiler/kernel_opener.h"

namespace gpucosim::cli {

namespace {

struct AnalyzeArgs {
  std::string what, trace, workload;
  std::optional<uint64_t> binary_version;
  bool json = false;
};

void analyze(const AnalyzeArgs& a) {
  using namespace compiler;
  const AnalysisView view = parse_analysis_view(a.what, "gpucosim analyze");
  TraceReadOptions opts;
  if (a.binary_version) opts.assume_binary_version = uint32_t(*a.binary_version);
  const KernelList list = kernel_list("gpucosim analyze", a.trace, a.workload, opts);
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
  if (a.json) std::cout << doc.dump(2) << "\n";
}

}  // namespace

void register_analyze_command(CLI::App& app) {
  auto a = std::make_shared<AnalyzeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "Rebuild each kernel's code from its warps' streams: CFG and dominators, or per-PC register liveness");
  cmd->add_option("what", a->what, "cfg (basic blocks, edges, dominators) or liveness (live registers per PC)");
  cmd->add_option("--trace", a->trace, "kernelslist.g, .traceg or .traceg.xz to analyse");
  cmd->add_option("--workload", a->workload, "built-in workload NAME or NAME:k=v,k=v (see `gpucosim workloads`)");
  add_uint_option(cmd, "--binary-version", &a->binary_version,
                  "SASS binary version to assume for traces whose version has no opcode map", 0, 1000);
  cmd->add_flag("--json", a->json, "print one JSON document (one entry per kernel) instead of text");
  cmd->callback([a] { analyze(*a); });
}

}  // namespace gpucosim::cli
