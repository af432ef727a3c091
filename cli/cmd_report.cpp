// `gpucosim report DIR...`: area and power report (report.md, report.html, SVG charts) from the
// synth.json of one or several blocks and, optionally, GPU energy reports of runs.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "synth/report/report_inputs.h"
#include "kernel/input_error.h"
#include "synth/report/report_writer.h"
#include "synth/report/seed_page.h"

namespace gpucosim::cli {

namespace {

struct ReportArgs {
  std::vector<std::string> dirs, energy;
  std::string out, seed_page;
  bool quiet = false;
  std::string command;  // as typed, for the seed page's "generated with" line
};

void run(const ReportArgs& a) {
  const synth::ReportInputs in = synth::load_report_inputs(a.dirs, a.energy);
  const std::string out = a.out.empty() ? a.dirs.front() : a.out;
  if (!a.seed_page.empty()) {
    const std::string page = synth::seed_page(in, a.command);
    const auto parent = std::filesystem::path(a.seed_page).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (ec) throw InputError(parent.string(), 0, "cannot create the seed page's folder: " + ec.message());
    std::ofstream f(a.seed_page, std::ios::binary);
    f << page;
    if (!f) throw InputError(a.seed_page, 0, "cannot write the seed comparison page");
    if (!a.quiet) std::cout << "seed comparison page: " << a.seed_page << "\n";
    if (a.out.empty()) return;  // only the page was asked for
  }
  const synth::ReportFiles f = synth::write_report(in, out);
  if (!a.quiet) {
    std::cout << "report of " << in.blocks.size() << " block(s) and " << in.energy.size() << " energy report(s):\n  "
              << f.markdown << "\n  " << f.html << "\n";
    for (const auto& c : f.charts) std::cout << "  " << c << "\n";
  }
}

}  // namespace

void register_report_command(CLI::App& app) {
  auto a = std::make_shared<ReportArgs>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Area and power report (Markdown + HTML with SVG charts) from synth results and energy reports");
  cmd->add_option("dirs", a->dirs,
                  "block folders holding synth.json, or a folder of such folders (e.g. gpucosim-out/synth)")
      ->required();
  cmd->add_option("--energy", a->energy, "GPU energy report JSON of a run (repeatable)");
  cmd->add_option("--out", a->out, "folder for report.md, report.html and the charts (default: the first DIR)");
  cmd->add_option("--seed-page", a->seed_page,
                  "write the page setting these figures beside the seeds' (docs/results/area-power.md); "
                  "with no --out, only that page");
  cmd->add_flag("--quiet", a->quiet, "print nothing but errors");
  cmd->callback([a] {
    a->command = "gpucosim report";
    for (const auto& d : a->dirs) a->command += " " + d;
    for (const auto& e : a->energy) a->command += " --energy " + e;
    if (!a->out.empty()) a->command += " --out " + a->out;
    a->command += " --seed-page " + a->seed_page;
    run(*a);
  });
}

}  // namespace gpucosim::cli
