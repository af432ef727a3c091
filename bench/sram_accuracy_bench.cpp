// SRAM model accuracy against CACTI 7.0 on the held-out split of ../shared/calibration/
// cacti7_train.csv (rows the constants were not fitted to; power/cacti_sweep.h decides the split).
// Prints, by part of the space (size band, ports, cell family, ram vs cache), the share of rows
// within 30 % on area and on read energy and within 2x on leakage, and whether the >= 90 % target
// holds overall. --split train|all judges other rows, --rows prints every row's ratios.
// --fit [ROUNDS] instead fits the constants (power/calibration_fit.h) on the training split and
// prints them in the form power/calibration.cpp takes, then judges them on the held-out split.
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kernel/input_error.h"
#include "power/cacti_sweep.h"
#include "power/calibration_fit.h"
#include "power/sram_model.h"

namespace gpucosim {
namespace {

std::string default_csv() {
  namespace fs = std::filesystem;
  const char* rel = "shared/calibration/cacti7_train.csv";
  if (fs::exists(fs::path("..") / rel)) return (fs::path("..") / rel).string();
  char buf[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) {
    buf[n] = 0;
    // <repo>/build/<preset>/bench/gpucosim-bench -> <repo>/../shared
    const fs::path p = fs::path(buf).parent_path() / ".." / ".." / ".." / ".." / rel;
    if (fs::exists(p)) return fs::canonical(p).string();
  }
  return "";
}

void print_line(const std::string& part, const power::AccuracyTally& t) {
  std::printf("  %-22s %5d   %5.1f %%   %5.1f %%   %5.1f %%\n", part.c_str(), t.rows, 100 * t.area_fraction(),
              100 * t.read_fraction(), 100 * t.leakage_fraction());
}

}  // namespace
}  // namespace gpucosim

int bench_sram_accuracy(int argc, char** argv) {
  using namespace gpucosim;
  std::string csv, split = "held-out";
  bool rows_out = false;
  int fit_rounds = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--csv" && i + 1 < argc) csv = argv[++i];
    else if (a == "--split" && i + 1 < argc) split = argv[++i];
    else if (a == "--rows") rows_out = true;
    else if (a == "--fit") fit_rounds = (i + 1 < argc && argv[i + 1][0] != '-') ? std::atoi(argv[++i]) : 40;
    else {
      std::fprintf(stderr, "usage: gpucosim-bench sram-accuracy [--csv PATH] [--split held-out|train|all] [--rows] [--fit [ROUNDS]]\n");
      return 2;
    }
  }
  if (split != "held-out" && split != "train" && split != "all") {
    std::fprintf(stderr, "gpucosim: error: --split: '%s': expected held-out, train or all\n", split.c_str());
    return 1;
  }
  if (csv.empty()) csv = default_csv();
  if (csv.empty()) {
    std::fprintf(stderr, "gpucosim: error: --csv: ../shared/calibration/cacti7_train.csv not found; pass --csv PATH\n");
    return 1;
  }
  try {
    const auto rows = power::load_cacti_sweep(csv);
    power::SramCalibration cal = power::fitted_calibration();
    if (fit_rounds > 0) {
      std::vector<power::CactiRow> train;
      for (const auto& r : rows)
        if (power::judged(r) && !power::held_out(r)) train.push_back(r);
      std::printf("fitting %zu constants on %zu training rows (loss %.3f at the current constants)\n",
                  power::fit_parameters().size(), train.size(), power::fit_loss(cal, train));
      cal = power::fit_calibration(train, cal, fit_rounds, [](const std::string& s) {
        std::printf("  %s\n", s.c_str());
        std::fflush(stdout);
      });
      std::printf("fitted constants (paste into power/calibration.cpp):\n");
      for (const auto& p : power::fit_parameters()) std::printf("    k.%s = %.4g;\n", p.name, cal.*p.member);
      split = "held-out";
    }
    power::AccuracyTally all;
    std::map<std::string, std::map<std::string, power::AccuracyTally>> parts;
    const std::vector<std::pair<std::string, std::function<std::string(const power::SramSpec&)>>> dims = {
        {"size", power::size_band}, {"ports", power::part_ports}, {"cell", power::part_cell},
        {"type", power::part_type}};
    if (rows_out) std::printf("%-48s %5s %7s %7s %7s %7s\n", "config", "split", "area", "read", "leak", "access");
    for (const auto& r : rows) {
      if (!power::judged(r)) continue;
      const bool h = power::held_out(r);
      if ((split == "held-out" && !h) || (split == "train" && h)) continue;
      const auto acc = power::compare(power::estimate_sram(r.spec, cal), r);
      all.add(acc);
      for (const auto& d : dims) parts[d.first][d.second(r.spec)].add(acc);
      if (rows_out)
        std::printf("%-48s %5s %7.3f %7.3f %7.3f %7.3f\n", r.id.c_str(), h ? "held" : "train", acc.area, acc.read,
                    acc.leakage, acc.access);
    }
    std::printf("SRAM model vs CACTI 7.0, %s split of %s (rows with data-array efficiency >= 10 %%)\n",
                split.c_str(), csv.c_str());
    std::printf("  %-22s %5s   %7s   %7s   %7s\n", "part", "rows", "area<=30%", "read<=30%", "leak<=2x");
    print_line("all", all);
    for (const auto& d : dims)
      for (const auto& [name, t] : parts[d.first]) print_line(d.first + " " + name, t);
    const bool holds = all.area_fraction() >= 0.9 && all.read_fraction() >= 0.9 && all.leakage_fraction() >= 0.9;
    std::printf("target (>= 90 %% of rows within 30 %% area, 30 %% read energy, 2x leakage): %s\n",
                holds ? "holds" : "does NOT hold");
    return holds ? 0 : 1;
  } catch (const InputError& e) {
    std::fprintf(stderr, "gpucosim: error: %s\n", e.what());
    return 1;
  }
}
