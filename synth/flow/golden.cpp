// Golden-value comparison of synthesis results (see golden.h).
#include "synth/flow/golden.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "kernel/input_error.h"
#include "synth/flow/tool_runner.h"

namespace gpucosim::synth {

namespace {

std::string pct(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f%%", x * 100);
  return buf;
}

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

// `worse_when_higher`: area grows badly, fmax drops badly.
void check(const std::string& block, const char* figure, double now, double gold, bool worse_when_higher,
           double tol, GoldenCheck* out) {
  if (!(gold > 0)) {
    if (now > 0 && worse_when_higher)
      out->failures.push_back(block + ": " + figure + " is " + num(now) + " where the golden value is 0");
    return;
  }
  const double change = now / gold - 1.0;
  const double worse = worse_when_higher ? change : -change;
  const std::string what = block + ": " + figure + " " + num(now) + " vs golden " + num(gold) + " (" + pct(change) + ")";
  if (worse > tol) out->failures.push_back(what + ", beyond the " + pct(tol).substr(1) + " tolerance");
  else if (worse < -tol) out->improvements.push_back(what);
}

}  // namespace

nlohmann::ordered_json golden_json(const SynthResult& r) {
  nlohmann::ordered_json j;
  j["block"] = r.block;
  j["comment"] = "Golden synthesis figures for the area/fmax regression; refresh with "
                 "`gpucosim synth " + r.block + " --update-golden` after an intended change.";
  j["library"] = r.library;
  j["node_nm"] = r.node_nm;
  j["clock_ns"] = r.clock_ns;
  j["parameters"] = r.parameters;
  j["cells"] = r.cells;
  j["logic_area_um2"] = r.logic_area_um2;
  j["sram_area_um2"] = r.sram_area_um2;
  j["total_area_um2"] = r.total_area_um2;
  j["fmax_mhz"] = r.fmax_mhz;
  j["tolerance"] = kGoldenTolerance;
  return j;
}

GoldenCheck compare_with_golden(const SynthResult& r, const nlohmann::json& g, const std::string& origin,
                                double tol) {
  GoldenCheck out;
  auto num_of = [&](const char* k) {
    if (!g.contains(k) || !g.at(k).is_number()) throw InputError(origin, 0, std::string("golden file lacks a number \"") + k + "\"");
    return g.at(k).get<double>();
  };
  if (g.value("library", std::string()) != r.library)
    out.failures.push_back(r.block + ": synthesised with library " + r.library + " but the golden values are for " +
                           g.value("library", std::string("?")));
  if (std::fabs(num_of("clock_ns") - r.clock_ns) > 1e-9)
    out.failures.push_back(r.block + ": target clock " + num(r.clock_ns) + " ns but the golden values are for " +
                           num(num_of("clock_ns")) + " ns");
  if (g.contains("parameters") && g.at("parameters") != nlohmann::json(r.parameters))
    out.failures.push_back(r.block + ": parameters " + nlohmann::json(r.parameters).dump() +
                           " differ from the golden run's " + g.at("parameters").dump());
  if (!out.failures.empty()) return out;
  check(r.block, "total_area_um2", r.total_area_um2, num_of("total_area_um2"), true, tol, &out);
  check(r.block, "logic_area_um2", r.logic_area_um2, num_of("logic_area_um2"), true, tol, &out);
  check(r.block, "sram_area_um2", r.sram_area_um2, num_of("sram_area_um2"), true, tol, &out);
  check(r.block, "fmax_mhz", r.fmax_mhz, num_of("fmax_mhz"), false, tol, &out);
  return out;
}

nlohmann::json load_golden(const std::string& path) {
  const std::string text = read_text_file(path);
  if (text.empty())
    throw InputError(path, 0, "no golden values; record them with `gpucosim synth BLOCK --update-golden` (or "
                              "GPUCOSIM_UPDATE_GOLDEN=1 ctest -R synth_regression)");
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path, 0, std::string("invalid JSON: ") + e.what());
  }
}

void write_golden(const std::string& path, const SynthResult& r) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream out(path);
  out << golden_json(r).dump(2) << "\n";
  if (!out) throw InputError(path, 0, "cannot write the golden file");
}

std::string default_golden_dir() { return GPUCOSIM_SOURCE_SYNTH_DIR "/golden"; }
std::string default_rtl_dir() { return GPUCOSIM_SOURCE_RTL_DIR; }

}  // namespace gpucosim::synth
