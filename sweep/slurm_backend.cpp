#include "sweep/slurm_backend.h"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "sweep/point_store.h"
#include "sweep/subprocess.h"

namespace gpucosim::sweep {

namespace fs = std::filesystem;

namespace {

std::string slurm_dir(const std::string& out_dir) { return (fs::path(out_dir) / "slurm").string(); }

std::string jobs_file(const std::string& out_dir) { return slurm_dir(out_dir) + "/jobs.json"; }

nlohmann::json read_jobs_json(const std::string& out_dir) {
  std::ifstream f(jobs_file(out_dir));
  if (!f) return nlohmann::json::array();
  try {
    return nlohmann::json::parse(f);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(jobs_file(out_dir), 0, std::string("not valid JSON: ") + e.what());
  }
}

}  // namespace

std::vector<SlurmJob> submit_slurm(const std::string& exe, const std::string& out_dir,
                                   const std::vector<std::string>& point_dirs, const SlurmOptions& opt) {
  const std::string dir = fs::absolute(slurm_dir(out_dir)).string();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw InputError(dir, 0, "cannot create: " + ec.message());
  nlohmann::json recorded = read_jobs_json(out_dir);
  std::vector<SlurmJob> jobs;
  for (size_t first = 0; first < point_dirs.size(); first += kMaxArrayTasks) {
    const size_t count = std::min(kMaxArrayTasks, point_dirs.size() - first);
    // Names that do not collide with earlier submissions into the same folder.
    const std::string stem = dir + "/array-" + std::to_string(recorded.size() + 1);
    std::string list;
    for (size_t i = first; i < first + count; ++i) list += point_dirs[i] + "\n";
    write_file_atomic(stem + ".points", list);
    const std::string script =
        "#!/bin/sh\n"
        "# gpucosim sweep: one array task per point of " + stem + ".points (generated).\n"
        "exec " + shell_line({exe, "sweep", "run-point", "--list", stem + ".points"}) +
        " --index \"$SLURM_ARRAY_TASK_ID\"\n";
    write_file_atomic(stem + ".sh", script);
    fs::permissions(stem + ".sh", fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add, ec);

    std::vector<std::string> argv{"sbatch", "--parsable", "--job-name", opt.job_name,
                                  "--array", "0-" + std::to_string(count - 1), "--output", dir + "/%A_%a.log",
                                  "--chdir", dir};
    if (!opt.partition.empty()) argv.insert(argv.end(), {"--partition", opt.partition});
    if (!opt.time.empty()) argv.insert(argv.end(), {"--time", opt.time});
    if (!opt.mem.empty()) argv.insert(argv.end(), {"--mem", opt.mem});
    argv.insert(argv.end(), opt.sbatch_args.begin(), opt.sbatch_args.end());
    argv.push_back(stem + ".sh");
    const Captured c = run_captured(argv);
    if (!c.started) throw InputError("sbatch", 0, "cannot run sbatch: is Slurm's client (slurm-client) installed and in PATH?");
    // --parsable prints "jobid" or "jobid;cluster".
    std::string id = c.out.substr(0, c.out.find_first_of(";\n"));
    const bool numeric = !id.empty() && id.find_first_not_of("0123456789") == std::string::npos;
    if (c.end.exit_code != 0 || c.end.signal || !numeric)
      throw InputError("sbatch", 0, "submission failed (" + c.end.describe() + "): " + c.out + "  command: " + shell_line(argv));
    SlurmJob job{id, stem + ".points", count};
    jobs.push_back(job);
    recorded.push_back({{"job_id", id}, {"points", job.list_file}, {"tasks", count}, {"submitted", long(std::time(nullptr))}});
    write_file_atomic(jobs_file(out_dir), recorded.dump(2) + "\n");
  }
  return jobs;
}

std::vector<SlurmJob> recorded_slurm_jobs(const std::string& out_dir) {
  std::vector<SlurmJob> jobs;
  for (const auto& j : read_jobs_json(out_dir))
    jobs.push_back({j.value("job_id", ""), j.value("points", ""), j.value("tasks", size_t(0))});
  return jobs;
}

long slurm_tasks_in_queue(const std::vector<SlurmJob>& jobs) {
  if (jobs.empty()) return 0;
  std::string ids;
  for (const SlurmJob& j : jobs) ids += (ids.empty() ? "" : ",") + j.id;
  // One line per array task still pending or running (-r expands pending arrays into tasks).
  const Captured c = run_captured({"squeue", "-h", "-r", "-j", ids, "-o", "%i"});
  if (!c.started || c.end.signal) return -1;
  if (c.end.exit_code != 0) {
    // squeue fails for job ids the controller has already forgotten: then none are queued.
    if (c.out.find("Invalid job id") != std::string::npos) return 0;
    return -1;
  }
  long n = 0;
  std::istringstream in(c.out);
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) ++n;
  return n;
}

std::string slurm_list_entry(const std::string& list_file, size_t index) {
  std::istringstream in(read_text_file(list_file));
  size_t i = 0;
  for (std::string l; std::getline(in, l); ++i)
    if (i == index) return l;
  throw InputError(list_file, 0, "has no line " + std::to_string(index + 1) + " (array task " + std::to_string(index) + ")");
}

}  // namespace gpucosim::sweep
