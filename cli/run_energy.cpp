// Per-kernel GPU energy of a run (see run_energy.h).
#include "cli/run_energy.h"

#include <cstdio>
#include <ostream>

#include "power/energy_json.h"
#include "power/gpu_energy.h"

namespace gpucosim::cli {

std::unique_ptr<power::GpuEnergyModel> make_run_energy_model(const GpuConfig& cfg, double node_nm) {
  power::EnergyOptions opt;
  opt.node_nm = node_nm;
  return std::make_unique<power::GpuEnergyModel>(cfg, opt);  // sizes every SRAM once for all kernels
}

nlohmann::ordered_json run_energy_json(const power::GpuEnergyModel& model, const RunReport& run,
                                       const std::string& label, double node_nm) {
  nlohmann::ordered_json j;
  j["label"] = label;
  j["node_nm"] = node_nm;
  nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
  for (const auto& k : run.kernels) {
    nlohmann::ordered_json e;
    e["name"] = k.name;
    e["launch_id"] = k.launch_id;
    // Launch ids tell repeated launches of one kernel apart in the report's labels.
    e["label"] = label + "/" + k.name + (run.kernels.size() > 1 ? "#" + std::to_string(k.launch_id) : "");
    e["cycles"] = k.end_cycle - k.start_cycle;
    e["energy"] = power::to_json(model.evaluate(k.stats.to_map()));
    kernels.push_back(e);
  }
  j["kernels"] = kernels;
  // The model's energy per event and leakage (power/gpu_energy.h EventEnergies), so the figures a
  // page quotes come from a command (docs/gpu-energy.md).
  const power::EventEnergies& ev = model.energies();
  j["event_energies"] = {{"rf_read_pj", ev.rf_read_pj},         {"rf_write_pj", ev.rf_write_pj},
                         {"l1_read_pj", ev.l1_read_pj},         {"l1_write_pj", ev.l1_write_pj},
                         {"shmem_access_pj", ev.shmem_access_pj}, {"l2_read_pj", ev.l2_read_pj},
                         {"l2_write_pj", ev.l2_write_pj},       {"dram_pj_per_byte", ev.dram_pj_per_byte},
                         {"int_pj", ev.int_pj},                 {"sp_pj", ev.sp_pj},
                         {"dp_pj", ev.dp_pj},                   {"sfu_pj", ev.sfu_pj},
                         {"tensor_pj", ev.tensor_pj},           {"rf_leak_mw", ev.rf_leak_mw},
                         {"l1_leak_mw", ev.l1_leak_mw},         {"shmem_leak_mw", ev.shmem_leak_mw},
                         {"l2_leak_mw", ev.l2_leak_mw}};
  nlohmann::ordered_json total = power::to_json(model.evaluate(run.total));
  total["label"] = label + "/total";
  j["total"] = total;
  return j;
}

namespace {

void line(std::ostream& os, const std::string& what, const nlohmann::ordered_json& e) {
  std::string top;
  double top_nj = -1;
  for (const auto& c : e.at("components"))
    if (c.at("total_nj").get<double>() > top_nj) {
      top_nj = c.at("total_nj").get<double>();
      top = c.at("name").get<std::string>();
    }
  char buf[256];
  const double total = e.at("total_nj").get<double>();
  std::snprintf(buf, sizeof buf, "  %-40s %12.4f uJ  (dynamic %.4f, leakage %.4f uJ; %.3f W average; most: %s %.0f%%)\n",
                what.c_str(), total * 1e-3, e.at("dynamic_nj").get<double>() * 1e-3,
                e.at("leakage_nj").get<double>() * 1e-3, e.at("average_power_w").get<double>(), top.c_str(),
                total > 0 ? 100.0 * top_nj / total : 0.0);
  os << buf;
}

}  // namespace

void print_run_energy(std::ostream& os, const nlohmann::ordered_json& energy) {
  os << "energy (" << energy.at("node_nm").get<double>() << " nm, power/gpu_energy.h; docs/gpu-energy.md):\n";
  for (const auto& k : energy.at("kernels")) line(os, k.at("label").get<std::string>(), k.at("energy"));
  line(os, energy.at("label").get<std::string>() + "/total", energy.at("total"));
}

}  // namespace gpucosim::cli
