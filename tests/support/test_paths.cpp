#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace gpucosim::test {

static std::string env_or(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

// The build bakes both folders in (tests/CMakeLists.txt); the environment may override them.
std::string source_dir() { return env_or("GPUCOSIM_SOURCE_DIR", GPUCOSIM_TEST_SOURCE_DIR); }
std::string binary_dir() { return env_or("GPUCOSIM_BINARY_DIR", GPUCOSIM_TEST_BINARY_DIR); }
std::string gpucosim_exe() { return binary_dir() + "/cli/gpucosim"; }

std::string shared_fixture(const std::string& name) {
  fs::path p = fs::path(source_dir()) / ".." / "shared" / "fixtures" / name;
  return fs::exists(p) ? fs::canonical(p).string() : std::string();
}

std::string shared_path(const std::string& relative) {
  fs::path p = fs::path(source_dir()) / ".." / "shared" / relative;
  return fs::exists(p) ? fs::canonical(p).string() : std::string();
}

std::string scratch_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string leaf = info ? std::string(info->test_suite_name()) + "." + info->name() : "scratch";
  fs::path p = fs::path(binary_dir()) / "test-scratch" / leaf;
  fs::remove_all(p);
  fs::create_directories(p);
  return p.string();
}

CommandResult run_command(const std::string& command_line) {
  CommandResult r{-1, {}};
  FILE* pipe = popen((command_line + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

CommandResult run_gpucosim(const std::string& args) { return run_command(gpucosim_exe() + " " + args); }

void write_text(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace gpucosim::test
