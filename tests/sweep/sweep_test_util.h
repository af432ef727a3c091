#pragma once
// Writing sweep files into a test's scratch folder and reading them with the source tree's presets.
#include <fstream>
#include <string>

#include "sweep/sweep_spec.h"
#include "tests/support/test_paths.h"

namespace gpucosim::sweep::testutil {

inline std::string write_text(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

inline std::string configs_dir() { return test::source_dir() + "/configs"; }

inline SweepSpec read_spec_text(const std::string& dir, const std::string& text, const std::string& name = "s.yaml") {
  return read_sweep_file(write_text(dir, name, text), configs_dir());
}

}  // namespace gpucosim::sweep::testutil
