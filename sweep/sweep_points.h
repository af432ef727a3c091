#pragma once
// The points of a sweep: per document of the sweep file, every input x config x (product of the
// axes) x (each zip group's index), in that order (the first axis varies slowest). Each point's configuration is built and
// checked when the points are planned, so an inconsistent combination fails before anything runs.
// A point is content-addressed: its folder is named by the SHA-256 of everything that determines
// its result (the input, every option's final value, the energy and time-series settings), so the
// same point in any sweep lands in the same folder and a finished one is never run twice.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "sweep/sweep_spec.h"

namespace gpucosim::sweep {

struct SweepPoint {
  size_t index = 0;       // position in the sweep
  size_t group = 0;       // into SweepSpec::groups (the YAML document)
  size_t input = 0;       // into the group's inputs
  size_t config = 0;      // into the group's configs
  std::vector<std::pair<std::string, std::string>> coords;  // varying option -> value, column order
  std::string key;        // the canonical JSON text the hash covers
  std::string hash;       // SHA-256 of key, hex
  std::string folder;     // "<workload or trace name>-<first 16 hex digits>"
  std::vector<std::string> run_args;  // `gpucosim run` arguments, without --out
};

// The most points one sweep file may plan (all documents together). Planning keeps each point's
// canonical key (several KB of option values), so a product of axes in the millions would exhaust
// memory before a single point runs; a larger study is several sweep files.
constexpr size_t kMaxSweepPoints = 50000;

// Throws InputError(spec file, line of the axes, "point N (...): what") when a point's
// configuration is inconsistent, when two points (of any documents) would be the same run, or when
// there would be more than kMaxSweepPoints.
std::vector<SweepPoint> plan_points(const SweepSpec& spec);

// "vecadd:n=4096 gpgpu_n_clusters=2" (for messages).
std::string describe_point(const SweepSpec& spec, const SweepPoint& p);

// The point's input and config.
const SweepInput& point_input(const SweepSpec& spec, const SweepPoint& p);
const SweepConfig& point_config(const SweepSpec& spec, const SweepPoint& p);

}  // namespace gpucosim::sweep
