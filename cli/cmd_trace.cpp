// `gpucosim trace info` and `gpucosim trace gen`.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/numeric_options.h"
#include "cli/trace_summary.h"
#include "kernel/input_error.h"
#include "trace/trace_writer.h"
#include "workloads/generated_kernel.h"
#include "workloads/workload.h"

namespace gpucosim::cli {

namespace {

struct InfoOptions {
  std::string path;
  bool text = false;
  std::optional<uint64_t> assume_version;
};

struct GenOptions {
  std::string workload;
  std::vector<std::string> params;
  std::string out_dir;
  bool xz = false;
};

void run_info(const InfoOptions& o) {
  TraceReadOptions ro;
  if (o.assume_version) {
    if (!is_supported_binary_version(uint32_t(*o.assume_version)))
      throw InputError("--assume-binary-version", 0,
                       "binary version " + std::to_string(*o.assume_version) + " has no opcode map");
    ro.assume_binary_version = uint32_t(*o.assume_version);
  }
  AppSummary s = summarise_trace(o.path, ro);
  if (o.text)
    std::cout << to_text(s);
  else
    std::cout << to_json(s).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

void run_gen(const GenOptions& o) {
  const Workload* w = find_workload(o.workload);
  if (!w) {
    std::string names;
    for (const auto& b : builtin_workloads()) names += (names.empty() ? "" : ", ") + b->name();
    throw InputError("WORKLOAD", 0, "unknown workload '" + o.workload + "'; expected one of: " + names);
  }
  ParamValues p = resolve_params(*w, o.params);
  GeneratedApp app = w->generate(p);
  if (o.out_dir.empty()) throw InputError("--out", 0, "expected a folder to write the trace into, got ''");
  std::error_code ec;
  std::filesystem::create_directories(o.out_dir, ec);
  if (ec || !std::filesystem::is_directory(o.out_dir))
    throw InputError(o.out_dir, 0, "--out: cannot create the folder" + (ec ? ": " + ec.message() : std::string()) +
                                       ": expected a folder path");
  std::vector<Command> list = app.memcpys;
  int n = 0;
  for (auto& k : app.kernels) {
    // The trace grammar has no field for register lane values: not generating them saves time.
    if (auto* g = dynamic_cast<wl::GeneratedKernel*>(k.get())) g->set_stream_options(wl::StreamOptions{false});
    std::string file = "kernel-" + std::to_string(++n) + (o.xz ? ".traceg.xz" : ".traceg");
    write_kernel_trace(o.out_dir + "/" + file, *k);
    Command c;
    c.kind = Command::Kind::Kernel;
    c.path = file;
    list.push_back(c);
  }
  write_kernelslist(o.out_dir + "/kernelslist.g", list);
  std::cout << "wrote " << n << " kernel trace(s) of '" << w->name() << "' and kernelslist.g to " << o.out_dir
            << "\n";
}

}  // namespace

void register_trace_command(CLI::App& app) {
  CLI::App* trace = app.add_subcommand("trace", "Inspect and generate Accel-Sim SASS traces");
  trace->require_subcommand(1);

  auto info = std::make_shared<InfoOptions>();
  CLI::App* info_cmd = trace->add_subcommand(
      "info", "Print per-kernel and total counts of a kernelslist.g, .traceg or .traceg.xz (JSON by default)");
  info_cmd->add_option("PATH", info->path, "kernelslist.g, kernel-N.traceg or kernel-N.traceg.xz")->required();
  info_cmd->add_flag("--text", info->text, "print for people instead of JSON");
  add_uint_option(info_cmd, "--assume-binary-version", &info->assume_version,
                  "opcode map to use for traces whose binary version has none (e.g. 80)", 0, 1000);
  info_cmd->callback([info] { run_info(*info); });

  auto gen = std::make_shared<GenOptions>();
  CLI::App* gen_cmd =
      trace->add_subcommand("gen", "Write a built-in workload as Accel-Sim traces (tracer version 5)");
  gen_cmd->add_option("WORKLOAD", gen->workload, "built-in workload name (see `gpucosim workloads`)")->required();
  gen_cmd->add_option("--param,-p", gen->params, "workload parameter k=v (repeatable)");
  gen_cmd->add_option("--out,-o", gen->out_dir, "output folder for kernelslist.g and kernel-N.traceg")->required();
  gen_cmd->add_flag("--xz", gen->xz, "write kernel-N.traceg.xz (compressed) instead of .traceg");
  gen_cmd->callback([gen] { run_gen(*gen); });
}

}  // namespace gpucosim::cli
