#pragma once
// The Slurm backend: pending points go to sbatch as job arrays, one array task per point (at most
// kMaxArrayTasks per array, Slurm's default MaxArraySize being 1001). Each task runs
// `gpucosim sweep run-point --list FILE --index $SLURM_ARRAY_TASK_ID`, which runs its point like
// the local backend does, so results land in the same folders and `gpucosim sweep collect` reads
// them the same way. Submissions are recorded in <out>/slurm/jobs.json.
#include <cstddef>
#include <string>
#include <vector>

namespace gpucosim::sweep {

constexpr size_t kMaxArrayTasks = 1000;

struct SlurmOptions {
  std::string partition, time, mem;     // passed to sbatch when not empty
  std::vector<std::string> sbatch_args;  // any further sbatch arguments, as they are
  std::string job_name = "gpucosim-sweep";
};

struct SlurmJob {
  std::string id;
  std::string list_file;  // the point folders of its array tasks, one per line
  size_t tasks = 0;
};

// Writes the list and the batch script under <out>/slurm and submits them. point_dirs must be
// absolute. Throws InputError("sbatch", 0, ...) with sbatch's output when a submission fails.
std::vector<SlurmJob> submit_slurm(const std::string& exe, const std::string& out_dir,
                                   const std::vector<std::string>& point_dirs, const SlurmOptions& opt);

// Jobs recorded in <out>/slurm/jobs.json, oldest first.
std::vector<SlurmJob> recorded_slurm_jobs(const std::string& out_dir);

// Array tasks of these jobs still known to squeue (pending or running); -1 when squeue cannot be
// asked (not installed, or no controller answers).
long slurm_tasks_in_queue(const std::vector<SlurmJob>& jobs);

// The point folder of line `index` of a list file (for `sweep run-point --list`).
std::string slurm_list_entry(const std::string& list_file, size_t index);

}  // namespace gpucosim::sweep
