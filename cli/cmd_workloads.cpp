// `gpucosim workloads`: the built-in kernel generators with their parameters and defaults.
#include <iomanip>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "workloads/workload.h"

namespace gpucosim::cli {

namespace {

void print_text() {
  for (const auto& w : builtin_workloads()) {
    std::cout << w->name() << "\n  " << w->description() << "\n";
    for (const WorkloadParam& p : w->params()) {
      std::cout << "    " << std::left << std::setw(16) << p.name << " default " << std::setw(8) << p.default_value
                << " range [" << p.min_value << ", " << p.max_value << "]  " << p.help << "\n";
    }
  }
}

void print_json() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& w : builtin_workloads()) {
    nlohmann::ordered_json j;
    j["name"] = w->name();
    j["description"] = w->description();
    j["params"] = nlohmann::ordered_json::array();
    for (const WorkloadParam& p : w->params())
      j["params"].push_back({{"name", p.name}, {"default", p.default_value}, {"min", p.min_value},
                             {"max", p.max_value}, {"help", p.help}});
    out.push_back(j);
  }
  std::cout << out.dump(2) << "\n";
}

}  // namespace

void register_workloads_command(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("workloads", "List the built-in workloads with their parameters and defaults");
  cmd->add_flag("--json", *json, "print JSON instead of text");
  cmd->callback([json] { *json ? print_json() : print_text(); });
}

}  // namespace gpucosim::cli
