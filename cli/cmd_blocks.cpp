// `gpucosim blocks`: the research blocks this build has, from the registry: modes (rtl and
// lockstep only where the block's RTL library was built), the SM hooks each uses, and every
// parameter with its option, default, range and source.
#include <iomanip>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "systemc/blocks/registry/block_registry.h"

namespace gpucosim::cli {

namespace {

std::string modes_text(const std::string& block) {
  std::string s;
  for (kit::BlockMode m : builtin_block_registry().modes(block)) s += (s.empty() ? "" : ", ") + std::string(kit::to_string(m));
  return s;
}

void print_text() {
  for (const BlockRegistry::Entry& e : builtin_block_registry().entries()) {
    const kit::BlockDecl& d = *e.decl;
    std::cout << d.name << " - " << d.title << "\n  " << d.summary << "\n  modes: " << modes_text(d.name)
              << "\n  SM hooks: " << d.hooks << "\n  parameters:\n";
    for (const kit::ParamInfo& p : *d.params) {
      const bool core = p.source == kit::ParamSource::Core;
      std::cout << "    " << std::left << std::setw(16) << p.name << " " << std::setw(36)
                << (core ? std::string("(from ") + p.option + ")" : std::string("-") + p.option) << " default "
                << std::setw(8) << (p.source == kit::ParamSource::Auto ? std::string("0=auto") : std::to_string(p.def))
                << " range [" << p.lo << ", " << p.hi << "]  " << p.doc << "\n";
    }
  }
}

void print_json() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const BlockRegistry::Entry& e : builtin_block_registry().entries()) {
    const kit::BlockDecl& d = *e.decl;
    nlohmann::ordered_json j;
    j["name"] = d.name;
    j["title"] = d.title;
    j["summary"] = d.summary;
    j["modes"] = nlohmann::ordered_json::array();
    for (kit::BlockMode m : builtin_block_registry().modes(d.name)) j["modes"].push_back(kit::to_string(m));
    j["hooks"] = d.hooks;
    j["params"] = nlohmann::ordered_json::array();
    for (const kit::ParamInfo& p : *d.params)
      j["params"].push_back({{"name", p.name},
                             {"rtl", p.rtl},
                             {"source", kit::to_string(p.source)},
                             {"option", p.option},
                             {"default", p.source == kit::ParamSource::Auto ? 0u : p.def},
                             {"min", p.source == kit::ParamSource::Auto ? 0u : p.lo},
                             {"max", p.hi},
                             {"doc", p.doc}});
    out.push_back(j);
  }
  std::cout << out.dump(2) << "\n";
}

}  // namespace

void register_blocks_command(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("blocks", "List the research blocks: modes, SM hooks, parameters and options");
  cmd->add_flag("--json", *json, "print JSON instead of text");
  cmd->callback([json] { *json ? print_json() : print_text(); });
}

}  // namespace gpucosim::cli
