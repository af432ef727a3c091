#pragma once
// Helpers shared by the configuration tests.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "kernel/input_error.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {

inline std::string configs_dir() { return source_dir() + "/configs"; }

// Writes text to <scratch>/<name> and returns the path.
inline std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// Runs f, expecting an InputError; returns its message ("(no error)" otherwise).
template <class F>
std::string input_error(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace gpucosim::test
