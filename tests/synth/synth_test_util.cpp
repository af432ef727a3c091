#include "tests/synth/synth_test_util.h"

#include <filesystem>
#include <fstream>

#include "synth/flow/liberty_info.h"
#include "synth/flow/tool_runner.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {

std::string fixture_manifest(const std::string& name) {
  return source_dir() + "/tests/synth/fixtures/" + name + "/block.json";
}

std::string missing_tools() {
  if (synth::find_executable("yosys").empty()) return "yosys not on PATH (scripts/install-deps)";
  if (synth::find_executable("sta").empty()) return "sta (OpenSTA) not on PATH (scripts/install-deps)";
  if (!std::filesystem::exists(synth::default_liberty_path())) return "qflow-tech-osu018 not installed";
  return {};
}

synth::SynthOptions scratch_options() {
  synth::SynthOptions o;
  o.out_dir = scratch_dir();
  return o;
}

std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
  return path;
}

}  // namespace gpucosim::test
