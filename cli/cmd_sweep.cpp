// `gpucosim sweep`: runs a design-space sweep file on this machine (a process pool) or on a Slurm
// cluster (job arrays), and reads the results back (status, collect into CSV + an HTML index).
//
//   gpucosim sweep SPEC [-j N] [--out DIR] [--backend local|slurm] [--partition P] [--time T] [--mem M] [--wait]
//   gpucosim sweep status SPEC [--out DIR]
//   gpucosim sweep collect SPEC [--out DIR] [--csv FILE]      |   gpucosim sweep collect --runs DIR --csv FILE
//   gpucosim sweep run-point (DIR | --list FILE --index I)    (what a Slurm array task runs)
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "cli/numeric_options.h"
#include "cli/configs_dir.h"
#include "kernel/input_error.h"
#include "sweep/collect.h"
#include "sweep/html_index.h"
#include "sweep/local_backend.h"
#include "sweep/point_runner.h"
#include "sweep/point_store.h"
#include "sweep/slurm_backend.h"
#include "sweep/stat_columns.h"
#include "sweep/sweep_points.h"
#include "sweep/sweep_spec.h"

namespace gpucosim::cli {

namespace {

namespace fs = std::filesystem;
using namespace gpucosim::sweep;

struct SweepArgs {
  std::string spec, out;
  unsigned jobs = 0;  // 0 = the number of cores
  std::string backend = "local";
  SlurmOptions slurm;
  bool wait = false, dry_run = false;
  // collect
  std::string csv, runs;
  std::vector<std::string> stats;
  // run-point
  std::string point, list;
  long index = -1;
};

std::string self_exe() {
  std::error_code ec;
  const fs::path p = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw InputError("/proc/self/exe", 0, "cannot find the gpucosim executable: " + ec.message());
  return p.string();
}

// The default output folder: sweep-<name of the sweep file without extension>.
std::string out_dir(const SweepArgs& a) {
  if (!a.out.empty()) return a.out;
  return "sweep-" + fs::path(a.spec).stem().string();
}

struct Plan {
  SweepSpec spec;
  std::vector<SweepPoint> points;
  std::string out;
};

Plan plan(const SweepArgs& a) {
  // A usage error, like any other missing argument (exit 2).
  if (a.spec.empty()) throw CLI::RequiredError("spec (the sweep file)");
  Plan p{read_sweep_file(a.spec, configs_dir()), {}, out_dir(a)};
  std::error_code ec;
  if (fs::exists(p.out, ec) && !fs::is_directory(p.out, ec))
    throw InputError(p.out, 0, "is a file: expected the sweep's folder (--out DIR)");
  p.points = plan_points(p.spec);
  return p;
}

struct Counts {
  size_t ok = 0, failed = 0, pending = 0;
  std::vector<size_t> failed_points;
};
Counts count(const Plan& p) {
  Counts c;
  for (const SweepPoint& pt : p.points) {
    const PointState s = read_result(point_dir(p.out, pt)).state;
    if (s == PointState::Ok) ++c.ok;
    if (s == PointState::Failed) {
      ++c.failed;
      c.failed_points.push_back(pt.index);
    }
    if (s == PointState::Pending) ++c.pending;
  }
  return c;
}

void print_failures(const Plan& p, const std::vector<size_t>& failed) {
  for (size_t i : failed) {
    const SweepPoint& pt = p.points[i];
    const PointResult r = read_result(point_dir(p.out, pt));
    std::cerr << "failed: " << describe_point(p.spec, pt) << " (" << point_dir(p.out, pt) << ")\n";
    std::istringstream lines(r.error);
    for (std::string l; std::getline(lines, l);) std::cerr << "  " << l << "\n";
  }
}

// Writes <out>/results.csv (or csv) and the HTML index; returns the CSV's path.
std::string write_collection(const Plan& p, const std::string& csv) {
  const Table t = collect_sweep(p.spec, p.points, p.out);
  const std::string path = csv.empty() ? (fs::path(p.out) / "results.csv").string() : csv;
  std::error_code ec;
  if (fs::path(path).has_parent_path()) fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec) throw InputError(fs::path(path).parent_path().string(), 0, "cannot create the CSV's folder: " + ec.message());
  write_file_atomic(path, to_csv(t));
  // The index links the CSV by a path relative to itself when it is inside the sweep folder.
  std::string rel = fs::relative(fs::absolute(path), fs::absolute(p.out), ec).string();
  if (ec || rel.rfind("..", 0) == 0) rel = fs::absolute(path).string();
  write_sweep_index(p.spec, p.points, t, p.out, rel);
  return path;
}

int run_sweep(const SweepArgs& a) {
  if (a.backend != "local" && a.backend != "slurm")
    throw InputError("--backend", 0, "expected local or slurm, got '" + a.backend + "'");
  // Slurm's options do nothing on this machine: refused rather than ignored.
  if (a.backend == "local") {
    const char* slurm_only = !a.slurm.partition.empty() ? "--partition"
                             : !a.slurm.time.empty()    ? "--time"
                             : !a.slurm.mem.empty()     ? "--mem"
                             : !a.slurm.sbatch_args.empty() ? "--sbatch-arg"
                             : a.wait                   ? "--wait"
                                                        : nullptr;
    if (slurm_only) throw CLI::ValidationError(slurm_only, "is for --backend slurm; the local backend runs the points itself");
  }
  const Plan p = plan(a);
  if (a.dry_run) {
    for (const SweepPoint& pt : p.points)
      std::cout << pt.index << "  " << describe_point(p.spec, pt) << "  -> " << point_dir(p.out, pt) << "\n";
    std::cout << p.points.size() << " points (nothing run: --dry-run)\n";
    return 0;
  }
  std::vector<std::string> pending;
  std::vector<size_t> pending_index;
  for (const SweepPoint& pt : p.points) {
    const std::string dir = point_dir(p.out, pt);
    write_point_json(dir, p.spec, pt);
    if (read_result(dir).state != PointState::Ok) {
      pending.push_back(fs::absolute(dir).string());
      pending_index.push_back(pt.index);
    }
  }
  const size_t finished = p.points.size() - pending.size();
  std::cout << "sweep " << a.spec << ": " << p.points.size() << " points, " << finished << " finished earlier, "
            << pending.size() << " to run (" << a.backend << ") in " << p.out << "\n"
            << std::flush;
  const std::string exe = self_exe();

  // Points that tasks of an earlier Slurm submission may still run must not run twice at once.
  if (!pending.empty() && !recorded_slurm_jobs(p.out).empty()) {
    const long queued = slurm_tasks_in_queue(recorded_slurm_jobs(p.out));
    if (queued > 0)
      throw InputError(p.out + "/slurm/jobs.json", 0,
                       std::to_string(queued) + " array task(s) of earlier submissions are still queued or running: "
                       "wait for them (`gpucosim sweep status`) or scancel them before running the sweep again");
  }
  if (a.backend == "local") {
    std::vector<PointTask> tasks;
    for (size_t k = 0; k < pending.size(); ++k) tasks.push_back({pending[k], describe_point(p.spec, p.points[pending_index[k]])});
    const unsigned jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
    const PoolOutcome o = run_local_pool(exe, tasks, jobs, [](const std::string& line) { std::cout << line << "\n" << std::flush; });
    if (o.stop_signal) {
      const Counts c = count(p);
      std::cerr << "gpucosim: sweep interrupted (signal " << o.stop_signal << "): " << c.ok << " of " << p.points.size()
                << " points finished; run the same command again to resume\n";
      return 128 + o.stop_signal;
    }
  } else {
    if (pending.empty()) {
      std::cout << "nothing to submit\n";
    } else {
      for (const SlurmJob& j : submit_slurm(exe, p.out, pending, a.slurm))
        std::cout << "submitted job array " << j.id << " (" << j.tasks << " tasks, points in " << j.list_file << ")\n";
    }
    if (!a.wait) {
      std::cout << "follow with: gpucosim sweep status " << a.spec << " --out " << p.out << "\n";
      return 0;
    }
    // --wait: until no task of this sweep is queued any more.
    // squeue is asked often at first (short sweeps), then every 10 s at most (kind to the controller).
    const std::vector<SlurmJob> jobs = recorded_slurm_jobs(p.out);
    for (double pause_s = 0.5;; pause_s = std::min(10.0, pause_s * 1.5)) {
      const long queued = slurm_tasks_in_queue(jobs);
      if (queued == 0) break;
      if (queued < 0) throw InputError("squeue", 0, "cannot ask Slurm about the sweep's jobs (is squeue in PATH and the controller up?)");
      std::this_thread::sleep_for(std::chrono::duration<double>(pause_s));
    }
  }
  const Counts c = count(p);
  const std::string csv = write_collection(p, "");
  std::cout << "sweep " << a.spec << ": " << c.ok << " ok, " << c.failed << " failed, " << c.pending << " pending of "
            << p.points.size() << "; table " << csv << ", index " << (fs::path(p.out) / "index.html").string() << "\n";
  if (c.failed || c.pending) {
    print_failures(p, c.failed_points);
    std::cerr << "gpucosim: error: " << c.failed << " point(s) failed" << (c.pending ? " and " + std::to_string(c.pending) + " did not finish" : "")
              << "; the other points' results are kept, and running the sweep again retries only these\n";
    return 1;
  }
  return 0;
}

int status(const SweepArgs& a) {
  const Plan p = plan(a);
  const Counts c = count(p);
  std::cout << a.spec << ": " << p.points.size() << " points in " << p.out << ": " << c.ok << " ok, " << c.failed
            << " failed, " << c.pending << " pending\n";
  const std::vector<SlurmJob> jobs = recorded_slurm_jobs(p.out);
  if (!jobs.empty()) {
    const long queued = slurm_tasks_in_queue(jobs);
    std::string ids;
    for (const SlurmJob& j : jobs) ids += (ids.empty() ? "" : ", ") + j.id;
    if (queued < 0)
      std::cout << "slurm: cannot ask squeue about jobs " << ids << "\n";
    else
      std::cout << "slurm: " << queued << " array task(s) queued or running (jobs " << ids << ")\n";
  }
  print_failures(p, c.failed_points);
  return 0;
}

int collect(const SweepArgs& a) {
  if (!a.runs.empty()) {
    if (!a.spec.empty()) throw CLI::ValidationError("collect", "give a sweep file or --runs DIR, not both");
    if (a.csv.empty()) throw CLI::RequiredError("--csv FILE (with --runs)");
    const Table t = collect_runs(a.runs, a.stats);
    write_file_atomic(a.csv, to_csv(t));
    std::cout << "collected " << t.rows.size() << " run(s) from " << a.runs << " into " << a.csv << "\n";
    return 0;
  }
  if (!a.stats.empty()) throw InputError("--stat", 0, "a sweep's statistics come from its file's `stats` key; --stat is for --runs");
  const Plan p = plan(a);
  const std::string csv = write_collection(p, a.csv);
  const Counts c = count(p);
  std::cout << "collected " << p.points.size() << " points (" << c.ok << " ok, " << c.failed << " failed, " << c.pending
            << " pending) into " << csv << "; index " << (fs::path(p.out) / "index.html").string() << "\n";
  return 0;
}

int run_one_point(const SweepArgs& a) {
  std::string dir = a.point;
  if (!a.list.empty()) {
    if (a.index < 0) throw InputError("--index", 0, "--list needs --index I (the array task id)");
    dir = slurm_list_entry(a.list, size_t(a.index));
  }
  if (dir.empty()) throw CLI::RequiredError("a point folder, or --list FILE --index I");
  if (!a.list.empty() && !a.point.empty())
    throw CLI::ValidationError("run-point", "give a point folder or --list FILE --index I, not both");
  // Only a folder that `gpucosim sweep` planned is run (and written into).
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir, 0, "no such folder: expected a point folder of a sweep");
  if (!fs::exists(fs::path(dir) / "point.json", ec))
    throw InputError(dir, 0, "holds no point.json: expected a point folder planned by `gpucosim sweep`");
  const PointRun r = run_point(self_exe(), dir);
  if (r.interrupted) {
    std::cerr << "gpucosim: point " << dir << " interrupted; it stays pending\n";
    return 143;
  }
  std::cout << dir << ": " << to_string(r.result.state) << "\n";
  if (r.result.state != PointState::Ok) {
    std::string why = r.result.error;
    while (!why.empty() && why.back() == '\n') why.pop_back();
    std::cerr << "gpucosim: error: " << dir << ": the point failed: " << why << "\n";
  }
  return r.result.state == PointState::Ok ? 0 : 1;
}

}  // namespace

void register_sweep_command(CLI::App& app, int* exit_code) {
  auto a = std::make_shared<SweepArgs>();
  CLI::App* cmd = app.add_subcommand("sweep", "Run a design-space sweep file locally or on Slurm; status and collect read it back");
  cmd->add_option("spec", a->spec, "sweep file (YAML; see docs/user-guide.md#sweeps)");
  cmd->add_option("--out", a->out, "folder of the sweep's points and results (default sweep-<file name>)");
  cmd->add_option_function<std::string>(
      "-j,--jobs", [a](const std::string& v) { a->jobs = unsigned(parse_uint_arg("--jobs", v, 0, 4096)); },
      "points run at once by the local backend (default, or 0: the number of cores)");
  cmd->add_option("--backend", a->backend, "local (a process pool) or slurm (sbatch job arrays)")->capture_default_str();
  cmd->add_option("--partition", a->slurm.partition, "slurm: sbatch --partition");
  cmd->add_option("--time", a->slurm.time, "slurm: sbatch --time (per point)");
  cmd->add_option("--mem", a->slurm.mem, "slurm: sbatch --mem (per point)");
  cmd->add_option("--sbatch-arg", a->slurm.sbatch_args,
                  "slurm: one further sbatch argument, e.g. --sbatch-arg=--qos=high (repeatable)")
      ->allow_extra_args(false);
  cmd->add_flag("--wait", a->wait, "slurm: wait until the submitted points have run, then collect");
  cmd->add_flag("--dry-run", a->dry_run, "list the points and their folders, run nothing");
  cmd->callback([a, exit_code, cmd] {
    if (cmd->get_subcommands().empty()) *exit_code = run_sweep(*a);
  });

  auto* st = cmd->add_subcommand("status", "Count a sweep's finished, failed and pending points (and its Slurm jobs)");
  st->add_option("spec", a->spec, "sweep file")->required();
  st->add_option("--out", a->out, "the sweep's folder (default sweep-<file name>)");
  st->callback([a, exit_code] { *exit_code = status(*a); });

  auto* co = cmd->add_subcommand("collect", "Collect a sweep (or a folder of runs) into CSV and an HTML index with plots");
  co->add_option("spec", a->spec, "sweep file");
  co->add_option("--out", a->out, "the sweep's folder (default sweep-<file name>)");
  co->add_option("--csv", a->csv, "CSV to write (default <out>/results.csv)");
  co->add_option("--runs", a->runs, "instead of a sweep: a folder of `gpucosim run` outputs (stats.json files)");
  co->add_option("--stat", a->stats, "with --runs: a statistic column (repeatable; default cycles, ipc, ...)");
  co->callback([a, exit_code] { *exit_code = collect(*a); });

  auto* rp = cmd->add_subcommand("run-point", "Run one planned point (what each Slurm array task runs)");
  rp->add_option("dir", a->point, "the point's folder");
  rp->add_option("--list", a->list, "file of point folders, one per line");
  rp->add_option_function<std::string>(
      "--index", [a](const std::string& v) { a->index = long(parse_uint_arg("--index", v, 0, 1u << 30)); },
      "line of --list to run, from 0 ($SLURM_ARRAY_TASK_ID)");
  rp->callback([a, exit_code] { *exit_code = run_one_point(*a); });
}

}  // namespace gpucosim::cli
