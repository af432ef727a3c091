#pragma once
// Golden values of the area/fmax regression (synth/golden/<block>.json): the figures of an
// accepted synthesis and the settings they were taken with. A new result fails when an area grows
// or fmax drops by more than the tolerance (5%); the message names the block and the figure.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "synth/flow/synth_result.h"

namespace gpucosim::synth {

constexpr double kGoldenTolerance = 0.05;

struct GoldenCheck {
  std::vector<std::string> failures;      // regressions beyond the tolerance
  std::vector<std::string> improvements;  // better by more than the tolerance: refresh the golden file
  bool ok() const { return failures.empty(); }
};

nlohmann::ordered_json golden_json(const SynthResult& r);

// Compares `r` with a golden file's JSON. Settings that differ (liberty, clock, parameters) are
// failures too: the figures would not be comparable.
GoldenCheck compare_with_golden(const SynthResult& r, const nlohmann::json& golden, const std::string& origin,
                                double tolerance = kGoldenTolerance);

// Reads a golden file; throws InputError(path, ...) when missing or malformed (the message says
// how to create it).
nlohmann::json load_golden(const std::string& path);

void write_golden(const std::string& path, const SynthResult& r);

// <source tree>/synth/golden and <source tree>/rtl, compiled in.
std::string default_golden_dir();
std::string default_rtl_dir();

}  // namespace gpucosim::synth
