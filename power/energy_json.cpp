// JSON of energy reports (see energy_json.h). Units are in the key names (nJ, mJ, W, pJ, mW).
#include "power/energy_json.h"

#include <cmath>

#include "kernel/input_error.h"
#include "power/node_scaling.h"

namespace gpucosim::power {

nlohmann::ordered_json to_json(const EnergyReport& r) {
  nlohmann::ordered_json j;
  j["node_nm"] = r.node_nm;
  j["runtime_s"] = r.runtime_s;
  j["total_nj"] = r.total_nj();
  j["total_mj"] = r.total_mj();
  j["dynamic_nj"] = r.dynamic_nj();
  j["leakage_nj"] = r.leakage_nj();
  j["average_power_w"] = r.average_power_w();
  nlohmann::ordered_json comps = nlohmann::ordered_json::array();
  for (const auto& c : r.components) {
    nlohmann::ordered_json o;
    o["name"] = c.name;
    o["events"] = c.events;
    o["events_from"] = c.events_from;
    o["dynamic_nj"] = c.dynamic_nj;
    o["leakage_nj"] = c.leakage_nj;
    o["total_nj"] = c.total_nj();
    comps.push_back(o);
  }
  j["components"] = comps;
  j["notes"] = r.notes;
  j["sources"] = {"SRAM energies and leakage: gpucosim embedded SRAM model (docs/sram-model.md)",
                  "arithmetic and DRAM: Horowitz, ISSCC 2014 (45 nm), scaled with " + std::string(stillmaker_citation())};
  return j;
}

nlohmann::ordered_json to_json(const EventEnergies& e) {
  nlohmann::ordered_json j;
  j["rf_read_pj"] = e.rf_read_pj;
  j["rf_write_pj"] = e.rf_write_pj;
  j["l1_read_pj"] = e.l1_read_pj;
  j["l1_write_pj"] = e.l1_write_pj;
  j["shmem_access_pj"] = e.shmem_access_pj;
  j["l2_read_pj"] = e.l2_read_pj;
  j["l2_write_pj"] = e.l2_write_pj;
  j["dram_pj_per_byte"] = e.dram_pj_per_byte;
  j["int_op_pj"] = e.int_pj;
  j["fp32_op_pj"] = e.sp_pj;
  j["fp64_op_pj"] = e.dp_pj;
  j["sfu_op_pj"] = e.sfu_pj;
  j["tensor_op_pj"] = e.tensor_pj;
  j["rf_leakage_mw"] = e.rf_leak_mw;
  j["l1_leakage_mw"] = e.l1_leak_mw;
  j["shmem_leakage_mw"] = e.shmem_leak_mw;
  j["l2_leakage_mw"] = e.l2_leak_mw;
  return j;
}

EnergyReport energy_report_from_json(const nlohmann::json& j, const std::string& origin) {
  auto need = [&](const nlohmann::json& o, const char* key) -> const nlohmann::json& {
    if (!o.is_object() || !o.contains(key))
      throw InputError(origin, 0, std::string("energy report: expected a field \"") + key + "\"");
    return o.at(key);
  };
  EnergyReport r;
  try {
    r.node_nm = j.value("node_nm", 0.0);
    r.runtime_s = j.value("runtime_s", 0.0);
    const auto& comps = need(j, "components");
    if (!comps.is_array()) throw InputError(origin, 0, "energy report: \"components\" must be an array");
    for (const auto& c : comps) {
      EnergyComponent e;
      e.name = need(c, "name").get<std::string>();
      e.events = c.value("events", 0.0);
      e.events_from = c.value("events_from", std::string());
      e.dynamic_nj = need(c, "dynamic_nj").get<double>();
      e.leakage_nj = c.value("leakage_nj", 0.0);
      for (const double v : {e.events, e.dynamic_nj, e.leakage_nj})
        if (!std::isfinite(v) || v < 0)
          throw InputError(origin, 0, "energy report: component \"" + e.name + "\": events, dynamic_nj and leakage_nj "
                                      "must be numbers >= 0");
      r.components.push_back(e);
    }
    if (j.contains("notes")) r.notes = j.at("notes").get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(origin, 0, std::string("energy report: wrong type of a field: ") + e.what());
  }
  return r;
}

}  // namespace gpucosim::power
