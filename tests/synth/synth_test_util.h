#pragma once
// Helpers of the synthesis tests: the fixture block, tool availability, and manifest variants
// written into scratch folders.
#include <string>

#include "synth/flow/manifest.h"
#include "synth/flow/synth_flow.h"

// The tools are installed by scripts/install-deps; a missing one is a failure, not a skip, so the
// area regression cannot pass silently on a machine without them.
#define REQUIRE_TOOLS()                                             \
  do {                                                              \
    const std::string why = ::gpucosim::test::missing_tools();      \
    if (!why.empty()) GTEST_FAIL() << "cannot synthesise: " << why; \
  } while (0)

namespace gpucosim::test {

// tests/synth/fixtures/<name>/block.json
std::string fixture_manifest(const std::string& name);

// yosys and sta on PATH and the default liberty installed; otherwise a reason to skip.
std::string missing_tools();

// Options for a run into a fresh scratch folder of the current test.
synth::SynthOptions scratch_options();

// Writes `text` to <dir>/<name> and returns the path.
std::string write_file(const std::string& dir, const std::string& name, const std::string& text);

}  // namespace gpucosim::test
