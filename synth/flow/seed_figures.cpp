// Seed figures of a block's manifest (see seed_figures.h).
#include "synth/flow/seed_figures.h"

#include <cmath>
#include <set>

namespace gpucosim::synth {

nlohmann::ordered_json seed_to_json(const SeedFigures& s) {
  nlohmann::ordered_json j;
  j["source"] = s.source;
  j["unit"] = s.unit;
  j["node_nm"] = s.node_nm;
  j["clock_mhz"] = s.clock_mhz;
  j["area_mm2"] = s.area_mm2;
  j["area_note"] = s.area_note;
  j["power_mw"] = s.power_mw;
  j["power_note"] = s.power_note;
  j["storage_kb"] = s.storage_kb;
  j["storage_note"] = s.storage_note;
  j["gpu"] = s.gpu;
  j["gpu_units"] = s.gpu_units;
  j["gpu_die_mm2"] = s.gpu_die_mm2;
  j["gpu_overhead_mm2"] = s.gpu_overhead_mm2;
  j["gpu_overhead_note"] = s.gpu_overhead_note;
  nlohmann::ordered_json st = nlohmann::ordered_json::array();
  for (const auto& e : s.storage)
    st.push_back({{"name", e.name}, {"words", e.words}, {"bits", e.bits}, {"copies", e.copies},
                  {"static_mw", e.static_mw}, {"total_mw", e.total_mw}});
  j["storage"] = st;
  return j;
}

SeedFigures seed_from_json(const nlohmann::json& j,
                           const std::function<void(const std::string&, const std::string&)>& fail) {
  if (!j.is_object()) fail("seed", "\"seed\" must be an object of the seed's published figures");
  static const std::set<std::string> keys = {"source", "unit", "node_nm", "clock_mhz", "area_mm2", "area_note",
                                             "power_mw", "power_note", "storage_kb", "storage_note", "gpu",
                                             "gpu_units", "gpu_die_mm2", "gpu_overhead_mm2", "gpu_overhead_note",
                                             "storage", "comment"};
  for (const auto& [k, v] : j.items()) {
    (void)v;
    if (!keys.count(k)) fail(k, "unknown key \"" + k + "\" in \"seed\"");
  }
  auto text = [&](const char* k, bool required) {
    if (!j.contains(k)) {
      if (required) fail("seed", std::string("\"seed\" needs \"") + k + "\"");
      return std::string();
    }
    if (!j.at(k).is_string()) fail(k, std::string("\"") + k + "\" must be a string");
    return j.at(k).get<std::string>();
  };
  auto number = [&](const nlohmann::json& o, const char* k) {
    if (!o.contains(k)) return 0.0;
    const auto& v = o.at(k);
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
      fail(k, std::string("\"") + k + "\" must be a non-negative number");
    return v.get<double>();
  };
  SeedFigures s;
  s.source = text("source", true);
  s.unit = text("unit", false);
  s.node_nm = number(j, "node_nm");
  s.clock_mhz = number(j, "clock_mhz");
  s.area_mm2 = number(j, "area_mm2");
  s.area_note = text("area_note", false);
  s.power_mw = number(j, "power_mw");
  s.power_note = text("power_note", false);
  s.storage_kb = number(j, "storage_kb");
  s.storage_note = text("storage_note", false);
  s.gpu = text("gpu", false);
  s.gpu_units = int(number(j, "gpu_units"));
  s.gpu_die_mm2 = number(j, "gpu_die_mm2");
  s.gpu_overhead_mm2 = number(j, "gpu_overhead_mm2");
  s.gpu_overhead_note = text("gpu_overhead_note", false);
  if (j.contains("storage")) {
    if (!j.at("storage").is_array()) fail("storage", "\"storage\" must be an array of {name, words, bits, ...}");
    for (const auto& e : j.at("storage")) {
      if (!e.is_object() || !e.contains("name") || !e.at("name").is_string())
        fail("storage", "each \"storage\" entry needs a \"name\"");
      SeedStorage st;
      st.name = e.at("name").get<std::string>();
      st.words = uint64_t(number(e, "words"));
      st.bits = uint64_t(number(e, "bits"));
      st.copies = e.contains("copies") ? int(number(e, "copies")) : 1;
      st.static_mw = number(e, "static_mw");
      st.total_mw = number(e, "total_mw");
      if (st.words == 0 || st.bits == 0 || st.copies <= 0)
        fail("storage", "storage entry \"" + st.name + "\" needs positive \"words\", \"bits\" and \"copies\"");
      s.storage.push_back(st);
    }
  }
  return s;
}

}  // namespace gpucosim::synth
