// `gpucosim sram`: area, energy, leakage and timing of an SRAM array or cache from the embedded
// CACTI-style model, or from the user's own CACTI 7 binary (--cacti PATH). Prints JSON.
#include <cctype>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "kernel/input_error.h"
#include "power/cacti_adapter.h"
#include "power/sram_json.h"
#include "power/sram_model.h"

namespace gpucosim::cli {

namespace {

struct SramOptions {
  std::string size, block, assoc = "1", ports = "1rw", node, type = "ram", cell = "hp", cacti;
  std::string temperature = "360";
  bool no_ecc = false;
};

// Byte counts: a plain integer or one with a K/M/G suffix (powers of 1024), e.g. 32768, 32K, 2MB.
uint64_t parse_bytes(const std::string& option, const std::string& text) {
  const std::string expected = "expected a byte count such as 32768, 32K or 2M";
  size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == 0 || i > 12) throw InputError(option, 0, "'" + text + "': " + expected);
  uint64_t v = std::stoull(text.substr(0, i));
  std::string suffix = text.substr(i);
  for (auto& c : suffix) c = char(std::toupper(static_cast<unsigned char>(c)));
  if (suffix == "K" || suffix == "KB" || suffix == "KIB") v <<= 10;
  else if (suffix == "M" || suffix == "MB" || suffix == "MIB") v <<= 20;
  else if (suffix == "G" || suffix == "GB" || suffix == "GIB") v <<= 30;
  else if (!suffix.empty() && suffix != "B") throw InputError(option, 0, "'" + text + "': " + expected);
  return v;
}

uint64_t parse_count(const std::string& option, const std::string& text) {
  size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == 0 || i != text.size() || i > 9) throw InputError(option, 0, "'" + text + "': expected a positive integer");
  return std::stoull(text);
}

double parse_number(const std::string& option, const std::string& text, const std::string& expected) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw InputError(option, 0, "'" + text + "': " + expected);
}

power::SramSpec to_spec(const SramOptions& o) {
  power::SramSpec s;
  s.size_bytes = parse_bytes("--size", o.size);
  s.block_bytes = parse_bytes("--block", o.block);
  s.associativity = parse_count("--assoc", o.assoc);
  s.ports = power::parse_port_spec(o.ports);
  std::string node = o.node;
  if (node.size() > 2 && node.compare(node.size() - 2, 2, "nm") == 0) node.resize(node.size() - 2);
  s.node_nm = parse_number("--node", node, "expected a process node in nm, e.g. 45");
  s.type = power::parse_sram_type(o.type);
  s.cell = power::parse_cell_family(o.cell);
  s.temperature_k = parse_number("--temperature", o.temperature, "expected a temperature in K, e.g. 360");
  s.ecc = !o.no_ecc;
  power::validate_sram_spec(s);
  return s;
}

void run(const SramOptions& o) {
  const power::SramSpec spec = to_spec(o);
  const power::SramEstimate e = o.cacti.empty() ? power::estimate_sram(spec) : power::run_cacti(o.cacti, spec);
  nlohmann::ordered_json j = power::to_json(e);
  j["config"] = power::to_json(spec);
  std::cout << j.dump(2) << "\n";
}

}  // namespace

void register_sram_command(CLI::App& app) {
  auto o = std::make_shared<SramOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sram", "Estimate access time, energy, leakage and area of an SRAM array or cache (JSON)");
  cmd->add_option("--size", o->size, "data capacity in bytes (power of two; K/M/G suffixes allowed)")->required();
  cmd->add_option("--block", o->block, "block (line) size in bytes for a cache, access width for a ram")->required();
  cmd->add_option("--assoc", o->assoc, "ways of a cache (power of two); 1 for a ram");
  cmd->add_option("--ports", o->ports, "ports: e.g. 1rw (default), 2r1w, 1rw1r, r,w");
  cmd->add_option("--node", o->node, "process node in nm, 16..180 (tables at 22/32/45/65/90)")->required();
  cmd->add_option("--type", o->type, "ram (no tags, default) or cache (tags and comparators)");
  cmd->add_option("--cell", o->cell, "device family of cells and periphery: hp (default) or lstp");
  cmd->add_option("--temperature", o->temperature, "operating temperature in K (default 360)");
  cmd->add_flag("--no-ecc", o->no_ecc, "leave out the 8-per-64 ECC bits (on by default, as in CACTI's reference runs)");
  cmd->add_option("--cacti", o->cacti,
                  "run this CACTI 7 binary on the same configuration instead of the embedded model");
  cmd->callback([o] { run(*o); });
}

}  // namespace gpucosim::cli
