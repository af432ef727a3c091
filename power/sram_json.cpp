#include "power/sram_json.h"

namespace gpucosim::power {

namespace {
nlohmann::ordered_json org_json(const OrganisationReport& o) {
  nlohmann::ordered_json j;
  j["Ndwl"] = o.ndwl;
  j["Ndbl"] = o.ndbl;
  j["Nspd"] = o.nspd;
  j["rows"] = o.rows;
  j["cols"] = o.cols;
  j["subarrays"] = o.subarrays;
  j["column_mux"] = o.column_mux;
  j["area_mm2"] = o.area_mm2;
  j["height_mm"] = o.height_mm;
  j["width_mm"] = o.width_mm;
  return j;
}
}  // namespace

nlohmann::ordered_json to_json(const SramSpec& s) {
  nlohmann::ordered_json j;
  j["type"] = to_string(s.type);
  j["size_bytes"] = s.size_bytes;
  j["block_bytes"] = s.block_bytes;
  j["associativity"] = s.associativity;
  j["ports"] = port_spec_string(s.ports);
  j["node_nm"] = s.node_nm;
  j["cell"] = to_string(s.cell);
  j["temperature_K"] = s.temperature_k;
  j["ecc"] = s.ecc;
  return j;
}

nlohmann::ordered_json to_json(const SramEstimate& e) {
  nlohmann::ordered_json j;
  j["source"] = e.source;
  j["access_time_ns"] = e.access_time_ns;
  j["cycle_time_ns"] = e.cycle_time_ns;
  j["read_energy_nj"] = e.read_energy_nj;
  j["write_energy_nj"] = e.write_energy_nj;
  j["leakage_mw"] = e.leakage_mw;
  j["area_mm2"] = e.area_mm2;
  j["height_mm"] = e.height_mm;
  j["width_mm"] = e.width_mm;
  j["data_area_mm2"] = e.data.area_mm2;
  j["tag_area_mm2"] = e.has_tag ? e.tag.area_mm2 : 0.0;
  nlohmann::ordered_json org = org_json(e.data);
  j["organisation"] = org;
  if (e.has_tag) {
    j["tag_organisation"] = org_json(e.tag);
    j["tag_bits"] = e.tag_bits;
  }
  return j;
}

}  // namespace gpucosim::power
