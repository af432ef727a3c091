// The Slurm backend for real: a single-node Slurm (munge, slurmctld, slurmd on 127.0.0.1, started
// from a temporary folder by tests/sweep/single_node_slurm.sh and stopped after the test) runs the
// acceptance sweep as a job array; its collected results must equal the local backend's. Skipped
// with the reason where Slurm is not installed (scripts/install-deps' optional slurm group).
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>

#include "sweep/csv_table.h"
#include "tests/sweep/cli/sweep_cli_util.h"
#include "tests/sweep/sweep_test_util.h"

namespace gpucosim::sweep {
namespace {

using namespace testutil;

// A TCP port on 127.0.0.1 that is free now (the kernel picks it), so concurrent clusters do not collide.
int free_loopback_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  socklen_t len = sizeof a;
  int port = -1;
  if (fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  if (fd >= 0) close(fd);
  return port;
}

// Starts the cluster; stops it (and removes its folder) when the test ends, however it ends.
class SingleNodeSlurm {
 public:
  SingleNodeSlurm() {
    script_ = test::source_dir() + "/tests/sweep/single_node_slurm.sh";
    const test::CommandResult r = test::run_command(script_ + " start " + std::to_string(free_loopback_port()) + " " +
                                                    std::to_string(free_loopback_port()));
    output_ = r.output;
    exit_code_ = r.exit_code;
    if (r.exit_code == 0) {
      dir_ = r.output.substr(0, r.output.find('\n'));
      if (!std::filesystem::exists(dir_ + "/slurm.conf")) dir_.clear();
    }
  }
  ~SingleNodeSlurm() {
    if (!dir_.empty()) test::run_command(script_ + " stop " + dir_);
  }
  bool skipped() const { return exit_code_ == 77; }
  bool up() const { return !dir_.empty(); }
  const std::string& output() const { return output_; }
  std::string env() const { return "SLURM_CONF=" + dir_ + "/slurm.conf "; }

 private:
  std::string script_, dir_, output_;
  int exit_code_ = -1;
};

TEST(sweepSlurm, JobArrayGivesTheLocalBackendsStatistics) {
  SingleNodeSlurm slurm;
  if (slurm.skipped()) GTEST_SKIP() << "no single-node Slurm here: " << slurm.output();
  ASSERT_TRUE(slurm.up()) << "the cluster did not start:\n" << slurm.output();

  const std::string dir = test::scratch_dir();
  const std::string spec = write_text(dir, "sm.yaml", kAcceptanceSweep);
  const test::CommandResult s = test::run_command(slurm.env() + test::gpucosim_exe() + " sweep " + spec +
                                                  " --backend slurm --partition debug --time 10 --mem 200 --sbatch-arg=--comment=gpucosim-test --wait --out " +
                                                  dir + "/slurm");
  ASSERT_EQ(s.exit_code, 0) << s.output;
  EXPECT_NE(s.output.find("submitted job array"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("12 tasks"), std::string::npos) << "one array task per point: " << s.output;

  const test::CommandResult st =
      test::run_command(slurm.env() + test::gpucosim_exe() + " sweep status " + spec + " --out " + dir + "/slurm");
  ASSERT_EQ(st.exit_code, 0) << st.output;
  EXPECT_NE(st.output.find("12 ok, 0 failed, 0 pending"), std::string::npos) << st.output;
  EXPECT_NE(st.output.find("0 array task(s) queued or running"), std::string::npos) << st.output;

  const test::CommandResult l =
      test::run_command(test::gpucosim_exe() + " sweep " + spec + " -j 2 --out " + dir + "/local");
  ASSERT_EQ(l.exit_code, 0) << l.output;
  for (const char* backend : {"slurm", "local"}) {
    const test::CommandResult c = test::run_command(test::gpucosim_exe() + " sweep collect " + spec + " --out " + dir + "/" +
                                                    backend + " --csv " + dir + "/" + backend + ".csv");
    ASSERT_EQ(c.exit_code, 0) << c.output;
  }
  const Table from_slurm = read_csv_file(dir + "/slurm.csv"), from_local = read_csv_file(dir + "/local.csv");
  ASSERT_EQ(from_slurm.rows.size(), 12u);
  EXPECT_EQ(from_slurm.columns, from_local.columns);
  EXPECT_EQ(from_slurm.rows, from_local.rows);
  // Every statistic of every point, not only the collected columns.
  for (const auto& row : from_local.rows) {
    const std::string folder = row[from_local.find("point")];
    EXPECT_EQ(stats_without_wall_clock(dir + "/slurm/points/" + folder + "/stats.json"),
              stats_without_wall_clock(dir + "/local/points/" + folder + "/stats.json"))
        << folder;
  }
  // Submitting again finds nothing to do.
  const test::CommandResult again = test::run_command(slurm.env() + test::gpucosim_exe() + " sweep " + spec +
                                                      " --backend slurm --out " + dir + "/slurm");
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("nothing to submit"), std::string::npos) << again.output;
}

}  // namespace
}  // namespace gpucosim::sweep
