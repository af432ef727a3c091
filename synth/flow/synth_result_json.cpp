// JSON form of a synthesis result (see synth_result.h).
#include <cmath>
#include <filesystem>

#include "kernel/input_error.h"
#include "synth/flow/synth_result.h"
#include "synth/flow/tool_runner.h"

namespace gpucosim::synth {

namespace {

using ojson = nlohmann::ordered_json;

ojson scaled_json(const ScaledFigures& s, const std::string& source) {
  ojson j;
  j["node_nm"] = s.node_nm;
  j["estimate"] = true;
  j["source"] = source;
  j["interpolated_node"] = s.interpolated;
  j["logic_area_um2"] = s.logic_area_um2;
  j["sram_area_um2"] = s.sram_area_um2;
  j["total_area_um2"] = s.total_area_um2;
  j["total_area_mm2"] = s.total_area_um2 * 1e-6;
  j["fmax_mhz"] = s.fmax_mhz;
  j["power_mw"] = s.power_mw;
  return j;
}

}  // namespace

ojson to_json(const SynthResult& r) {
  ojson j;
  j["block"] = r.block;
  j["top"] = r.top;
  j["liberty"] = r.liberty;
  j["library"] = r.library;
  j["node_nm"] = r.node_nm;
  j["clock_ns"] = r.clock_ns;
  j["parameters"] = r.parameters;
  j["flow"] = r.flow;
  j["cells"] = r.cells;
  j["sram_macros"] = r.sram_macros;
  j["logic_area_um2"] = r.logic_area_um2;
  j["sram_area_um2"] = r.sram_area_um2;
  j["total_area_um2"] = r.total_area_um2;
  j["total_area_mm2"] = r.total_area_um2 * 1e-6;
  j["worst_setup_slack_ns"] = r.worst_setup_slack_ns;
  j["worst_hold_slack_ns"] = r.worst_hold_slack_ns;
  j["critical_path"] = {{"startpoint", r.critical_path.startpoint},
                        {"endpoint", r.critical_path.endpoint},
                        {"group", r.critical_path.group},
                        {"arrival_ns", r.critical_path.arrival_ns},
                        {"slack_ns", r.critical_path.slack_ns}};
  j["fmax_mhz"] = r.fmax_mhz;
  j["logic_fmax_mhz"] = r.logic_fmax_mhz;
  j["sram_fmax_mhz"] = r.sram_fmax_mhz;
  j["fmax_limited_by"] = r.fmax_limited_by;
  j["power_mw"] = r.power_mw;
  j["power"] = {{"logic_mw", r.logic_power_mw},         {"logic_internal_mw", r.logic_internal_mw},
                {"logic_switching_mw", r.logic_switching_mw}, {"logic_leakage_mw", r.logic_leakage_mw},
                {"sram_dynamic_mw", r.sram_dynamic_mw}, {"sram_leakage_mw", r.sram_leakage_mw},
                {"sram_activity", r.sram_activity},
                {"note", "logic: OpenSTA report_power with its default activity at clock_ns; SRAM: model "
                         "energies x sram_activity accesses per port per cycle, plus leakage"}};
  if (r.has_activity) {
    const ActivityPower& a = r.power_activity;
    j["power_activity_mw"] = a.power_mw;
    j["power_activity_mean_mw"] = a.mean_power_mw;
    j["power_activity"] = {{"workload", a.workload},
                           {"vcd", a.vcd},
                           {"scope", a.scope},
                           {"clock", a.clock},
                           {"first_cycle", a.first_cycle},
                           {"cycles", a.cycles},
                           {"logic_mw", a.logic_mw},
                           {"logic_internal_mw", a.logic_internal_mw},
                           {"logic_switching_mw", a.logic_switching_mw},
                           {"logic_leakage_mw", a.logic_leakage_mw},
                           {"dynamic_mw", a.logic_internal_mw + a.logic_switching_mw},
                           {"leakage_mw", a.logic_leakage_mw},
                           {"sram_mw", a.sram_mw},
                           {"input_bits", a.input_bits},
                           {"inputs_annotated", a.inputs_annotated},
                           {"register_bits", a.register_bits},
                           {"registers_annotated", a.registers_annotated},
                           {"mean_input_activity", a.mean_input_activity},
                           {"mean_register_activity", a.mean_register_activity},
                           {"mean_activity", a.mean_activity},
                           {"mean_duty", a.mean_duty},
                           {"mean_logic_mw", a.mean_logic_mw},
                           {"mean_logic_dynamic_mw", a.mean_logic_dynamic_mw},
                           {"mean_logic_leakage_mw", a.mean_logic_leakage_mw},
                           {"note", "power_activity_mw: OpenSTA report_power with the recorded activity (transitions per "
                                    "clock cycle, duty) of each input bit, propagated by OpenSTA through logic and "
                                    "registers; power_activity_mean_mw: every net at the mean recorded activity and "
                                    "duty of all matched input and register bits; SRAM in both as in power "
                                    "(sram_activity)"}};
  }
  ojson macros = ojson::array();
  for (const auto& m : r.macros) {
    macros.push_back({{"module", m.module}, {"cell", m.cell}, {"words", m.words}, {"bits", m.bits},
                      {"ports", m.ports}, {"instances", m.instances}, {"area_um2", m.area_um2},
                      {"access_ns", m.access_ns}, {"cycle_ns", m.cycle_ns}, {"read_energy_pj", m.read_energy_pj},
                      {"write_energy_pj", m.write_energy_pj}, {"leakage_mw", m.leakage_mw},
                      {"dynamic_mw", m.dynamic_mw}});
  }
  j["macros"] = macros;
  if (r.flow == "hierarchical") {
    j["unique_modules"] = r.unique_modules;
    ojson mods = ojson::array();
    for (const auto& m : r.modules)
      mods.push_back({{"module", m.module}, {"base", m.base}, {"label", m.label}, {"depth", m.depth},
                      {"instances", m.instances}, {"cells_each", m.cells_each}, {"own_cells", m.own_cells},
                      {"macros_each", m.macros_each}, {"logic_area_each_um2", m.logic_area_each_um2},
                      {"sram_area_each_um2", m.sram_area_each_um2}, {"own_area_um2", m.own_area_um2},
                      {"area_um2", m.area_um2}, {"share", m.share}});
    j["modules"] = mods;
  }
  if (r.seed.present()) j["seed"] = seed_to_json(r.seed);
  ojson scaled = ojson::array();
  for (const auto& s : r.scaled) scaled.push_back(scaled_json(s, r.scaling_source));
  j["scaled"] = scaled;
  j["cell_counts"] = r.cell_counts;
  j["warnings"] = r.warnings;
  j["run_time_s"] = {{"yosys", r.yosys_s}, {"sta", r.sta_s}};
  return j;
}

namespace {
SynthResult synth_result_fields(const nlohmann::json& j, const std::string& origin);
}

// Every field as `gpucosim synth` writes it: a figure of the wrong type (a string where a number
// was) is an error naming the file, not a JSON library message or a default of 0.
SynthResult synth_result_from_json(const nlohmann::json& j, const std::string& origin) {
  SynthResult r;
  try {
    r = synth_result_fields(j, origin);
  } catch (const nlohmann::json::exception& e) {
    const std::string what = e.what();
    const size_t at = what.find("] ");
    throw InputError(origin, 0, "synthesis result: a field of the wrong type: " +
                                    (at == std::string::npos ? what : what.substr(at + 2)));
  }
  // What no synthesis measures: a negative area, cell count or power, a node or clock of zero.
  auto positive = [&](double v, const char* k) {
    if (!(v > 0)) throw InputError(origin, 0, std::string("synthesis result: \"") + k + "\" must be above 0");
  };
  auto non_negative = [&](double v, const char* k) {
    if (!(v >= 0)) throw InputError(origin, 0, std::string("synthesis result: \"") + k + "\" must not be negative");
  };
  positive(r.node_nm, "node_nm");
  positive(r.clock_ns, "clock_ns");
  non_negative(r.logic_area_um2, "logic_area_um2");
  non_negative(r.sram_area_um2, "sram_area_um2");
  non_negative(r.total_area_um2, "total_area_um2");
  non_negative(r.fmax_mhz, "fmax_mhz");
  non_negative(r.power_mw, "power_mw");
  for (const MacroCost& m : r.macros) non_negative(m.area_um2, "macros[].area_um2");
  for (const ModuleArea& m : r.modules) non_negative(m.area_um2, "modules[].area_um2");
  return r;
}

namespace {

SynthResult synth_result_fields(const nlohmann::json& j, const std::string& origin) {
  SynthResult r;
  auto num = [&](const nlohmann::json& o, const char* k) {
    if (!o.is_object() || !o.contains(k) || !o.at(k).is_number())
      throw InputError(origin, 0, std::string("synthesis result: expected a number \"") + k + "\"");
    const double v = o.at(k).get<double>();
    if (!std::isfinite(v)) throw InputError(origin, 0, std::string("synthesis result: \"") + k + "\" is not finite");
    return v;
  };
  auto str = [&](const nlohmann::json& o, const char* k) {
    return o.contains(k) && o.at(k).is_string() ? o.at(k).get<std::string>() : std::string();
  };
  r.block = str(j, "block");
  if (r.block.empty()) throw InputError(origin, 0, "synthesis result: expected a string \"block\"");
  r.top = str(j, "top");
  r.liberty = str(j, "liberty");
  r.library = str(j, "library");
  r.node_nm = num(j, "node_nm");
  if (j.contains("parameters") && j.at("parameters").is_object())
    for (const auto& [k, v] : j.at("parameters").items())
      if (v.is_string()) r.parameters[k] = v.get<std::string>();
  r.clock_ns = num(j, "clock_ns");
  r.cells = uint64_t(num(j, "cells"));
  r.sram_macros = j.contains("sram_macros") ? uint64_t(num(j, "sram_macros")) : 0;
  r.logic_area_um2 = num(j, "logic_area_um2");
  r.sram_area_um2 = num(j, "sram_area_um2");
  r.total_area_um2 = num(j, "total_area_um2");
  r.worst_setup_slack_ns = num(j, "worst_setup_slack_ns");
  r.worst_hold_slack_ns = j.contains("worst_hold_slack_ns") ? num(j, "worst_hold_slack_ns") : 0;
  r.fmax_mhz = num(j, "fmax_mhz");
  r.power_mw = num(j, "power_mw");
  // Optional parts, but of their own shape when present (an ignored "power": "x" hid a damaged file).
  for (const auto& [key, is_array] : {std::pair<const char*, bool>{"power", false}, {"power_activity", false},
                                      {"scaled", true}, {"modules", true}, {"macros", true}, {"cell_counts", false}})
    if (j.contains(key) && (is_array ? !j.at(key).is_array() : !j.at(key).is_object()))
      throw InputError(origin, 0, std::string("synthesis result: \"") + key + "\" must be " +
                                      (is_array ? "a list" : "an object"));
  if (j.contains("power") && j.at("power").is_object()) {
    const auto& p = j.at("power");
    r.logic_power_mw = p.value("logic_mw", 0.0);
    r.logic_internal_mw = p.value("logic_internal_mw", 0.0);
    r.logic_switching_mw = p.value("logic_switching_mw", 0.0);
    r.logic_leakage_mw = p.value("logic_leakage_mw", 0.0);
    r.sram_dynamic_mw = p.value("sram_dynamic_mw", 0.0);
    r.sram_leakage_mw = p.value("sram_leakage_mw", 0.0);
    r.sram_activity = p.value("sram_activity", 0.0);
  }
  if (j.contains("power_activity") && j.at("power_activity").is_object()) {
    const auto& p = j.at("power_activity");
    ActivityPower& a = r.power_activity;
    r.has_activity = true;
    a.power_mw = num(j, "power_activity_mw");
    a.workload = str(p, "workload");
    a.vcd = str(p, "vcd");
    a.scope = str(p, "scope");
    a.clock = str(p, "clock");
    a.first_cycle = p.value("first_cycle", uint64_t(0));
    a.cycles = p.value("cycles", uint64_t(0));
    a.logic_mw = p.value("logic_mw", 0.0);
    a.logic_internal_mw = p.value("logic_internal_mw", 0.0);
    a.logic_switching_mw = p.value("logic_switching_mw", 0.0);
    a.logic_leakage_mw = p.value("logic_leakage_mw", 0.0);
    a.sram_mw = p.value("sram_mw", 0.0);
    a.input_bits = p.value("input_bits", uint64_t(0));
    a.inputs_annotated = p.value("inputs_annotated", uint64_t(0));
    a.register_bits = p.value("register_bits", uint64_t(0));
    a.registers_annotated = p.value("registers_annotated", uint64_t(0));
    a.mean_input_activity = p.value("mean_input_activity", 0.0);
    a.mean_register_activity = p.value("mean_register_activity", 0.0);
    a.mean_activity = p.value("mean_activity", 0.0);
    a.mean_duty = p.value("mean_duty", 0.0);
    a.mean_logic_mw = p.value("mean_logic_mw", 0.0);
    a.mean_logic_dynamic_mw = p.value("mean_logic_dynamic_mw", 0.0);
    a.mean_logic_leakage_mw = p.value("mean_logic_leakage_mw", 0.0);
    a.mean_power_mw = j.value("power_activity_mean_mw", 0.0);
  }
  if (j.contains("scaled") && j.at("scaled").is_array()) {
    for (const auto& s : j.at("scaled")) {
      ScaledFigures f;
      f.node_nm = num(s, "node_nm");
      f.logic_area_um2 = s.value("logic_area_um2", 0.0);
      f.sram_area_um2 = s.value("sram_area_um2", 0.0);
      f.total_area_um2 = num(s, "total_area_um2");
      f.fmax_mhz = s.value("fmax_mhz", 0.0);
      f.power_mw = s.value("power_mw", 0.0);
      f.interpolated = s.value("interpolated_node", false);
      r.scaled.push_back(f);
      r.scaling_source = s.value("source", std::string());
    }
  }
  if (j.contains("cell_counts") && j.at("cell_counts").is_object())
    for (const auto& [k, v] : j.at("cell_counts").items())
      if (v.is_number_unsigned() || v.is_number_integer()) r.cell_counts[k] = v.get<uint64_t>();
  r.flow = j.contains("flow") && j.at("flow").is_string() ? j.at("flow").get<std::string>() : std::string("flat");
  r.unique_modules = j.value("unique_modules", uint64_t(0));
  if (j.contains("modules") && j.at("modules").is_array()) {
    for (const auto& m : j.at("modules")) {
      ModuleArea a;
      a.module = str(m, "module");
      a.base = str(m, "base");
      a.label = str(m, "label");
      a.depth = m.value("depth", 0);
      a.instances = m.value("instances", uint64_t(0));
      a.cells_each = m.value("cells_each", uint64_t(0));
      a.own_cells = m.value("own_cells", uint64_t(0));
      a.macros_each = m.value("macros_each", uint64_t(0));
      a.logic_area_each_um2 = m.value("logic_area_each_um2", 0.0);
      a.sram_area_each_um2 = m.value("sram_area_each_um2", 0.0);
      a.own_area_um2 = m.value("own_area_um2", 0.0);
      a.area_um2 = num(m, "area_um2");
      a.share = m.value("share", 0.0);
      r.modules.push_back(a);
    }
  }
  if (j.contains("seed"))
    r.seed = seed_from_json(j.at("seed"), [&origin](const std::string& key, const std::string& what) {
      throw InputError(origin, 0, "synthesis result, seed figures: " + key + ": " + what);
    });
  if (j.contains("run_time_s") && j.at("run_time_s").is_object()) {
    r.yosys_s = j.at("run_time_s").value("yosys", 0.0);
    r.sta_s = j.at("run_time_s").value("sta", 0.0);
  }
  if (j.contains("macros") && j.at("macros").is_array()) {
    for (const auto& m : j.at("macros")) {
      MacroCost c;
      if (!m.is_object() || str(m, "module").empty())
        throw InputError(origin, 0, "synthesis result: every entry of \"macros\" needs its \"module\"");
      c.module = str(m, "module");
      c.cell = str(m, "cell");
      c.words = m.value("words", uint64_t(0));
      c.bits = m.value("bits", uint64_t(0));
      c.ports = str(m, "ports");
      c.instances = m.value("instances", uint64_t(0));
      c.area_um2 = num(m, "area_um2");
      c.leakage_mw = m.value("leakage_mw", 0.0);
      c.dynamic_mw = m.value("dynamic_mw", 0.0);
      r.macros.push_back(c);
    }
  }
  return r;
}

}  // namespace

SynthResult load_synth_result(const std::string& dir_or_file) {
  namespace fs = std::filesystem;
  const std::string path = fs::is_directory(dir_or_file) ? (fs::path(dir_or_file) / "synth.json").string() : dir_or_file;
  const std::string text = read_text_file(path);
  std::error_code ec;
  if (text.empty() && fs::is_regular_file(path, ec) && fs::file_size(path, ec) == 0)
    throw InputError(path, 0, "is empty: expected the JSON `gpucosim synth` writes");
  if (text.empty()) throw InputError(path, 0, "cannot read the synthesis result (run `gpucosim synth` first)");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path, 0, std::string("invalid JSON: ") + e.what());
  }
  return synth_result_from_json(j, path);
}

}  // namespace gpucosim::synth
