// `gpucosim sweep` with the local backend end to end: the acceptance sweep (3 workloads x 4
// values) with -j 2, interrupted by a signal, resumed without re-running finished points and
// collected into 12 rows; a failing point recorded while the others run; bad sweep files refused
// before any point runs.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <thread>
#include <vector>

#include "sweep/csv_table.h"
#include "sweep/subprocess.h"
#include "tests/sweep/cli/sweep_cli_util.h"
#include "tests/sweep/svg_reader.h"
#include "tests/sweep/sweep_test_util.h"

namespace gpucosim::sweep {
namespace {

using namespace testutil;
namespace fs = std::filesystem;

TEST(sweepLocal, InterruptedSweepResumesWithoutRerunningFinishedPoints) {
  const std::string dir = test::scratch_dir();
  const std::string spec = write_text(dir, "sm.yaml", kAcceptanceSweep);
  const std::string out = dir + "/out";

  // Start the sweep, and stop it with SIGTERM once two points have finished.
  const pid_t pid = spawn_logged({test::gpucosim_exe(), "sweep", spec, "-j", "2", "--out", out}, dir + "/first.log", "");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (point_results(out).size() < 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(pid, SIGTERM);
  const ChildEnd end = wait_child(pid);
  const std::string first_log = test::read_text(dir + "/first.log");
  EXPECT_EQ(end.exit_code, 128 + SIGTERM) << first_log;
  EXPECT_NE(first_log.find("interrupted"), std::string::npos) << first_log;
  EXPECT_NE(first_log.find("run the same command again to resume"), std::string::npos) << first_log;
  EXPECT_EQ(processes_mentioning(out + "/points"), 0) << "the running points were stopped with the sweep";

  const auto finished = point_results(out);
  ASSERT_GE(finished.size(), 2u) << first_log;
  ASSERT_LT(finished.size(), 12u) << "the sweep was interrupted before its end: " << first_log;
  std::map<std::string, std::string> stats_before;
  std::map<std::string, fs::file_time_type> time_before;
  for (const auto& [folder, status] : finished) {
    EXPECT_EQ(status, "ok") << folder;
    const std::string f = out + "/points/" + folder + "/stats.json";
    stats_before[folder] = test::read_text(f);
    time_before[folder] = fs::last_write_time(f);
  }

  // The same command again: only the points that had not finished run.
  const test::CommandResult second = test::run_command(test::gpucosim_exe() + " sweep " + spec + " -j 2 --out " + out);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_NE(second.output.find("12 points, " + std::to_string(finished.size()) + " finished earlier, " +
                               std::to_string(12 - finished.size()) + " to run"),
            std::string::npos)
      << second.output;
  for (const auto& [folder, text] : stats_before) {
    const std::string f = out + "/points/" + folder + "/stats.json";
    // stats.json holds the run's wall time: a re-run would have rewritten it.
    EXPECT_EQ(test::read_text(f), text) << folder << " was run again";
    EXPECT_EQ(fs::last_write_time(f), time_before[folder]) << folder << " was run again";
  }
  const auto all = point_results(out);
  EXPECT_EQ(all.size(), 12u);
  for (const auto& [folder, status] : all) EXPECT_EQ(status, "ok") << folder;

  // Collect: 12 rows with the axis and the statistics.
  const std::string csv = dir + "/results.csv";
  const test::CommandResult c =
      test::run_command(test::gpucosim_exe() + " sweep collect " + spec + " --out " + out + " --csv " + csv);
  ASSERT_EQ(c.exit_code, 0) << c.output;
  const Table t = read_csv_file(csv);
  ASSERT_EQ(t.rows.size(), 12u);
  EXPECT_EQ(t.columns, (std::vector<std::string>{"workload", "config", "gpgpu_n_clusters", "status", "cycles", "ipc",
                                                 "warp_insn", "l1_miss_rate", "l2_miss_rate", "dram_bw_gbps",
                                                 "stall_mem", "point"}));
  for (size_t r = 0; r < 12; ++r) {
    EXPECT_EQ(t.rows[r][2], std::to_string(r % 4 + 1)) << "sweep order";
    EXPECT_EQ(t.rows[r][3], "ok");
    EXPECT_GT(std::stod(t.rows[r][4]), 0.0);
    EXPECT_GT(std::stod(t.rows[r][9]), 0.0) << "DRAM bandwidth of row " << r;
  }
  // Same workload, more SMs: the same instructions in fewer cycles.
  EXPECT_EQ(t.rows[0][6], t.rows[3][6]);
  EXPECT_GT(std::stod(t.rows[0][4]), std::stod(t.rows[3][4]));
  EXPECT_TRUE(fs::exists(out + "/index.html"));
}

TEST(sweepLocal, FailedPointIsRecordedAndTheOthersRun) {
  const std::string dir = test::scratch_dir();
  // 2 KB of shared memory per SM cannot hold transpose_shared's 33x32-float tile: that point fails
  // when its kernel is launched, the other one runs.
  const std::string spec = write_text(dir, "shm.yaml",
                                      "workloads: [transpose_shared]\n"
                                      "zip:\n  gpgpu_shmem_size: [49152, 2048]\n  gpgpu_shmem_per_block: [49152, 2048]\n");
  const std::string out = dir + "/out";
  const test::CommandResult r = test::run_command(test::gpucosim_exe() + " sweep " + spec + " -j 2 --out " + out);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("1 ok, 1 failed"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("does not fit"), std::string::npos) << "the point's error is shown: " << r.output;
  const auto results = point_results(out);
  ASSERT_EQ(results.size(), 2u);
  const Table t = read_csv_file(out + "/results.csv");
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0][t.find("status")], "ok");
  EXPECT_EQ(t.rows[1][t.find("status")], "failed");
  EXPECT_EQ(t.rows[1][t.find("cycles")], "");
  const nlohmann::json failed = nlohmann::json::parse(test::read_text(out + "/points/" + t.rows[1][t.find("point")] + "/result.json"));
  EXPECT_EQ(failed.value("exit_code", 0), 1);
  EXPECT_NE(failed.value("error", "").find("does not fit"), std::string::npos) << failed.dump();

  // Again: the failed point is retried, the finished one is not.
  const test::CommandResult again = test::run_command(test::gpucosim_exe() + " sweep " + spec + " --out " + out);
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.output.find("2 points, 1 finished earlier, 1 to run"), std::string::npos) << again.output;
}

TEST(sweepLocal, BadSweepFilesFailBeforeAnyPointRuns) {
  const std::string dir = test::scratch_dir();
  struct Case {
    const char* text;
    const char* where;  // ":line:" expected after the file name
    const char* key;
  };
  const Case cases[] = {
      {"workloads: [vecadd]\naxes:\n  gpgpu_n_clusters: [1, 2]\nmetrics: [ipc]\n", ":4: ", "unknown key 'metrics'"},
      {"workloads: [vecadd]\naxes:\n  gpgpu_n_clusters: []\n", ":3: ", "gpgpu_n_clusters"},
      {"workloads:\n  - vecadd\n  - matmul\n", ":3: ", "unknown workload 'matmul'"},
      {"workloads: [vecadd]\naxes:\n  gpgpu_l1_size: [16, 48]\n", ":3: ", "unknown option 'gpgpu_l1_size'"},
  };
  for (const Case& c : cases) {
    const std::string spec = write_text(dir, "bad.yaml", c.text);
    const std::string out = dir + "/out";
    const test::CommandResult r = test::run_command(test::gpucosim_exe() + " sweep " + spec + " --out " + out);
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_EQ(r.output.rfind("gpucosim: error: " + spec + c.where, 0), 0u) << r.output;
    EXPECT_NE(r.output.find(c.key), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(out)) << "nothing was run or created for:\n" << c.text;
  }
}

TEST(sweepLocal, DryRunListsThePointsAndRunsNothing) {
  const std::string dir = test::scratch_dir();
  const std::string spec = write_text(dir, "sm.yaml", kAcceptanceSweep);
  const test::CommandResult r = test::run_command(test::gpucosim_exe() + " sweep " + spec + " --dry-run --out " + dir + "/o");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("11  stencil2d:rows=256,cols=256 gpgpu_n_clusters=4"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("12 points"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir + "/o"));
}

TEST(sweepLocal, EnergyAndTimeSeriesWhenAsked) {
  const std::string dir = test::scratch_dir();
  const std::string spec = write_text(dir, "e.yaml",
                                      "workloads: [vecadd:n=4096]\naxes: {gpgpu_n_clusters: [1, 2]}\n"
                                      "energy: true\nstats_interval: 200\n");
  const test::CommandResult r = test::run_command(test::gpucosim_exe() + " sweep " + spec + " -j 2 --out " + dir + "/o");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Table t = read_csv_file(dir + "/o/results.csv");
  ASSERT_EQ(t.rows.size(), 2u);
  ASSERT_NE(t.find("energy_uj"), std::string::npos) << "a default column when energy is measured";
  for (const auto& row : t.rows) {
    EXPECT_GT(std::stod(row[t.find("energy_uj")]), 0.0);
    const std::string point = dir + "/o/points/" + row[t.find("point")];
    EXPECT_TRUE(fs::exists(point + "/energy.json"));
    EXPECT_GT(csv_lines(point + "/stats-interval.jsonl"), 1u);
  }
  const std::string index = test::read_text(dir + "/o/index.html");
  EXPECT_EQ(count_of(index, "href=\"plots/timeseries-"), 2u) << "a time series per point";

  // A finished point's series damaged or removed from outside is named by collect, not left out.
  const std::string series = dir + "/o/points/" + t.rows[0][t.find("point")] + "/stats-interval.jsonl";
  const std::string kept = test::read_text(series);
  const std::string collect = test::gpucosim_exe() + " sweep collect " + spec + " --out " + dir + "/o";
  write_text(fs::path(series).parent_path().string(), "stats-interval.jsonl", "garbage\n");
  const test::CommandResult garbled = test::run_command(collect);
  EXPECT_EQ(garbled.exit_code, 1) << garbled.output;
  EXPECT_NE(garbled.output.find("stats-interval.jsonl:1: not a JSON object"), std::string::npos) << garbled.output;
  fs::remove(series);
  const test::CommandResult missing = test::run_command(collect);
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("stats-interval.jsonl: missing"), std::string::npos) << missing.output;
  write_text(fs::path(series).parent_path().string(), "stats-interval.jsonl", kept);
  EXPECT_EQ(test::run_command(collect).exit_code, 0);

  // Slurm's options mean nothing to the local backend: a usage error, not ignored.
  const test::CommandResult partition =
      test::run_command(test::gpucosim_exe() + " sweep " + spec + " --partition short --out " + dir + "/o");
  EXPECT_EQ(partition.exit_code, 2) << partition.output;
  EXPECT_NE(partition.output.find("--partition: is for --backend slurm"), std::string::npos) << partition.output;
}

TEST(sweepCollect, FolderOfOrdinaryRuns) {
  const std::string dir = test::scratch_dir();
  for (int c : {1, 2}) {
    const test::CommandResult r = test::run_command(test::gpucosim_exe() + " run --quiet --workload vecadd:n=4096 --set " +
                                                    "gpgpu_n_clusters=" + std::to_string(c) + " --out " + dir + "/runs/c" +
                                                    std::to_string(c));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  // A --stats-json copy elsewhere counts too (without a configuration beside it).
  test::run_command("cp " + dir + "/runs/c1/stats.json " + dir + "/runs/copy.json");
  const test::CommandResult r =
      test::run_command(test::gpucosim_exe() + " sweep collect --runs " + dir + "/runs --csv " + dir + "/runs.csv");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Table t = read_csv_file(dir + "/runs.csv");
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.columns[0], "run");
  EXPECT_EQ(t.columns[1], "gpgpu_n_clusters") << "the option that differs between the runs";
  EXPECT_EQ(t.rows[0][0], "c1");
  EXPECT_EQ(t.rows[1][0], "c2");
  EXPECT_EQ(t.rows[2][0], "copy");
  EXPECT_EQ(t.rows[0][1], "1");
  EXPECT_EQ(t.rows[2][1], "");
  EXPECT_EQ(t.rows[0][t.find("cycles")], t.rows[2][t.find("cycles")]);
  EXPECT_NE(t.rows[0][t.find("cycles")], t.rows[1][t.find("cycles")]);
  EXPECT_EQ(t.rows[2][t.find("dram_bw_gbps")], "") << "needs the configuration's clock";
  EXPECT_EQ(t.find("energy_uj"), std::string::npos) << "no run measured energy";

  const test::CommandResult none = test::run_command(test::gpucosim_exe() + " sweep collect --runs " + dir +
                                                     "/nothing --csv " + dir + "/x.csv");
  EXPECT_EQ(none.exit_code, 1);

  // Asked-for statistics no run has, or asked for twice, are refused as a sweep's `stats` are.
  const std::string collect = test::gpucosim_exe() + " sweep collect --runs " + dir + "/runs --csv " + dir + "/x.csv";
  const test::CommandResult unknown = test::run_command(collect + " --stat cycles --stat no_such_stat");
  EXPECT_EQ(unknown.exit_code, 1) << unknown.output;
  EXPECT_NE(unknown.output.find("no run in " + dir + "/runs has a statistic 'no_such_stat'"), std::string::npos)
      << unknown.output;
  const test::CommandResult twice = test::run_command(collect + " --stat cycles --stat cycles");
  EXPECT_EQ(twice.exit_code, 1) << twice.output;
  EXPECT_NE(twice.output.find("'cycles' is given twice"), std::string::npos) << twice.output;

  // A damaged run is named, not left out of a table that then looks complete.
  const std::string c2 = dir + "/runs/c2";
  const std::string good = test::read_text(c2 + "/stats.json");
  const struct {
    std::string file, text, message;
  } damage[] = {
      {c2 + "/stats.json", "garbage", "c2/stats.json: not valid JSON"},
      {c2 + "/stats.json", R"({"kernels": [], "total": {"gpu_sim_cycle": "abc"}})", "'gpu_sim_cycle' is \"abc\""},
      {c2 + "/effective-config.json", "{not json", "c2/effective-config.json: not valid JSON"},
  };
  for (const auto& d : damage) {
    test::run_command("cp " + c2 + "/stats.json " + dir + "/keep.json && cp " + c2 + "/effective-config.json " + dir +
                      "/keep-config.json");
    write_text(fs::path(d.file).parent_path().string(), fs::path(d.file).filename().string(), d.text);
    const test::CommandResult damaged = test::run_command(collect);
    EXPECT_EQ(damaged.exit_code, 1) << d.text << "\n" << damaged.output;
    EXPECT_NE(damaged.output.find(d.message), std::string::npos) << damaged.output;
    test::run_command("cp " + dir + "/keep.json " + c2 + "/stats.json && cp " + dir + "/keep-config.json " + c2 +
                      "/effective-config.json");
  }
  EXPECT_EQ(test::read_text(c2 + "/stats.json"), good);
}

// What `sweep status`, `collect` and `run-point` do with a sweep folder damaged from outside, or
// with a folder that is not a point: an error that names the file, never a point counted as
// pending or a result written into a folder no sweep planned.
TEST(sweepLocal, DamagedSweepFoldersAreNamed) {
  const std::string dir = test::scratch_dir();
  const std::string spec = write_text(dir, "one.yaml", "workloads: [vecadd:n=512]\n");
  const std::string out = dir + "/out";
  const std::string exe = test::gpucosim_exe();
  ASSERT_EQ(test::run_command(exe + " sweep " + spec + " -j 1 --out " + out).exit_code, 0);
  const std::map<std::string, std::string> results = point_results(out);
  ASSERT_EQ(results.size(), 1u);
  const std::string point = out + "/points/" + results.begin()->first;
  const std::string result = point + "/result.json";
  const std::string kept = test::read_text(result);
  for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
           {"", "result.json: not valid JSON"},
           {"[1, 2]", "expected an object"},
           {R"({"status": "weird"})", "expected \"status\": \"ok\" or \"failed\", got \"weird\""},
           {R"({"status": "ok", "exit_code": "zero"})", "\"exit_code\": expected an integer"}}) {
    write_text(point, "result.json", text);
    for (const char* cmd : {" sweep status ", " sweep collect "}) {
      const test::CommandResult r = test::run_command(exe + cmd + spec + " --out " + out);
      EXPECT_EQ(r.exit_code, 1) << cmd << text << "\n" << r.output;
      EXPECT_NE(r.output.find(message), std::string::npos) << r.output;
      EXPECT_NE(r.output.find("remove it to run the point again"), std::string::npos) << r.output;
    }
  }
  write_text(point, "result.json", kept);
  EXPECT_EQ(test::run_command(exe + " sweep status " + spec + " --out " + out).exit_code, 0);

  // --out naming a file.
  const test::CommandResult file_out = test::run_command(exe + " sweep status " + spec + " --out " + spec);
  EXPECT_EQ(file_out.exit_code, 1) << file_out.output;
  EXPECT_NE(file_out.output.find("is a file: expected the sweep's folder"), std::string::npos) << file_out.output;

  // run-point on folders that are not points: nothing written there.
  fs::create_directories(dir + "/empty");
  const test::CommandResult empty = test::run_command(exe + " sweep run-point " + dir + "/empty");
  EXPECT_EQ(empty.exit_code, 1) << empty.output;
  EXPECT_NE(empty.output.find("gpucosim: error: " + dir + "/empty: holds no point.json"), std::string::npos) << empty.output;
  EXPECT_FALSE(fs::exists(dir + "/empty/result.json"));
  const test::CommandResult missing = test::run_command(exe + " sweep run-point " + dir + "/no_such");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_FALSE(fs::exists(dir + "/no_such"));
  fs::create_directories(dir + "/bad");
  write_text(dir + "/bad", "point.json", R"({"run_args": [1, 2]})");
  const test::CommandResult bad = test::run_command(exe + " sweep run-point " + dir + "/bad");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_NE(bad.output.find("gpucosim: error: " + dir + "/bad: the point failed"), std::string::npos) << bad.output;
  EXPECT_NE(bad.output.find("expected \"run_args\""), std::string::npos) << bad.output;

  // A missing sweep file is a usage error, as every missing argument.
  EXPECT_EQ(test::run_command(exe + " sweep").exit_code, 2);
  EXPECT_EQ(test::run_command(exe + " sweep collect").exit_code, 2);
  EXPECT_EQ(test::run_command(exe + " sweep collect --runs " + out).exit_code, 2);
}

}  // namespace
}  // namespace gpucosim::sweep
