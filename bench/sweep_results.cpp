#include "bench/sweep_results.h"

#include <cstdio>
#include <cstdlib>

#include "sweep/point_store.h"
#include "sweep/sweep_points.h"

namespace gpucosim::bench {

SweepResults::SweepResults(const sweep::SweepSpec& spec, const std::string& out_dir, const std::string& who) {
  for (const sweep::SweepPoint& p : sweep::plan_points(spec)) {
    const std::string dir = sweep::point_dir(out_dir, p);
    CliResult r;
    if (sweep::read_result(dir).state == sweep::PointState::Ok) r = read_run_dir(dir);
    if (!r.ok)
      std::fprintf(stderr, "%s: no finished run in %s (%s)\n", who.c_str(), dir.c_str(), sweep::describe_point(spec, p).c_str());
    runs_[key(p.group, sweep::point_input(spec, p).text, p.coords)] = std::move(r);
  }
}

const CliResult& SweepResults::get(size_t group, const std::string& workload, const Coords& coords) const {
  static const CliResult missing;
  auto it = runs_.find(key(group, workload, coords));
  return it == runs_.end() ? missing : it->second;
}

std::string SweepResults::key(size_t group, const std::string& workload, const Coords& coords) {
  std::string k = std::to_string(group) + "|" + workload;
  for (const auto& [o, v] : coords) k += "|" + o + "=" + v;
  return k;
}

bool run_sweep(const std::string& sweep_file, unsigned jobs, const std::string& out_dir, const std::string& who) {
  const std::string cmd = gpucosim_exe() + " sweep " + sweep_file + " -j " + std::to_string(jobs) + " --out " + out_dir;
  std::fprintf(stderr, "%s: %s\n", who.c_str(), cmd.c_str());
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "%s: the sweep did not finish\n", who.c_str());
    return false;
  }
  return true;
}

}  // namespace gpucosim::bench
