// Loading of report inputs (see report_inputs.h).
#include "synth/report/report_inputs.h"

#include <algorithm>
#include <filesystem>

#include "kernel/input_error.h"
#include "power/energy_json.h"
#include "synth/flow/tool_runner.h"

namespace fs = std::filesystem;

namespace gpucosim::synth {

namespace {

void collect(const nlohmann::json& j, const std::string& label, const std::string& origin,
             std::vector<std::pair<std::string, power::EnergyReport>>* out) {
  if (j.is_object()) {
    // An object with "components" is a report, whatever their type (a string there was skipped,
    // and with it the kernel, without a word).
    if (j.contains("components")) {
      out->emplace_back(label, power::energy_report_from_json(j, origin));
      return;
    }
    std::string here = label;
    for (const char* k : {"name", "kernel", "label"})
      if (j.contains(k) && j.at(k).is_string()) here = j.at(k).get<std::string>();
    for (const auto& [k, v] : j.items()) {
      const bool generic = k == "energy" || k == "kernels" || k == "runs";
      collect(v, generic ? here : (here.empty() ? k : here + "/" + k), origin, out);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) collect(j[i], label + (j.size() > 1 ? "#" + std::to_string(i) : ""), origin, out);
  }
}

}  // namespace

std::vector<std::pair<std::string, power::EnergyReport>> energy_reports_in(const nlohmann::json& j,
                                                                           const std::string& fallback,
                                                                           const std::string& origin) {
  std::vector<std::pair<std::string, power::EnergyReport>> out;
  collect(j, fallback, origin, &out);
  return out;
}

ReportInputs load_report_inputs(const std::vector<std::string>& dirs, const std::vector<std::string>& energy_files) {
  ReportInputs in;
  // The same input twice would be two rows of one block or run.
  auto refuse_twice = [](const std::vector<std::string>& paths, const char* what) {
    for (size_t i = 0; i < paths.size(); ++i)
      for (size_t k = 0; k < i; ++k) {
        std::error_code ec;
        if (paths[k] == paths[i] || fs::equivalent(paths[k], paths[i], ec))
          throw InputError(paths[i], 0, std::string("given twice (as ") + paths[k] + "): expected each " + what + " once");
      }
  };
  refuse_twice(dirs, "synthesis result");
  refuse_twice(energy_files, "energy report");
  for (const auto& d : dirs) {
    if (fs::is_regular_file(d) || fs::is_regular_file(fs::path(d) / "synth.json")) {
      in.blocks.push_back(load_synth_result(d));
      continue;
    }
    if (!fs::is_directory(d)) throw InputError(d, 0, "no such folder or synth.json file");
    std::vector<std::string> found;
    for (const auto& e : fs::directory_iterator(d))
      if (e.is_directory() && fs::is_regular_file(e.path() / "synth.json")) found.push_back(e.path().string());
    std::sort(found.begin(), found.end());
    if (found.empty())
      throw InputError(d, 0, "holds no synth.json, nor folders with one; run `gpucosim synth BLOCK --out DIR` first");
    for (const auto& f : found) in.blocks.push_back(load_synth_result(f));
  }
  for (const auto& f : energy_files) {
    const std::string text = read_text_file(f);
    if (text.empty()) throw InputError(f, 0, "cannot read the energy report");
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
      throw InputError(f, 0, std::string("invalid JSON: ") + e.what());
    }
    auto reports = energy_reports_in(j, fs::path(f).stem().string(), f);
    if (reports.empty()) throw InputError(f, 0, "holds no energy report (an object with \"components\")");
    for (auto& r : reports) in.energy.push_back(std::move(r));
  }
  return in;
}

}  // namespace gpucosim::synth
