#pragma once
// The folder of one sweep point, <out>/points/<folder>:
//   point.json    what the point is: its input, config, coordinates, the `gpucosim run` arguments
//                 and the key its folder name is the hash of (written when the sweep is planned)
//   result.json   how its run ended: {"status": "ok"|"failed", "exit_code", "error", "wall_s"}
//                 (written last and atomically: a point without it has not finished)
//   run.log       the run's output
//   stats.json, effective.config, effective-config.json, energy.json, stats-interval.jsonl:
//                 what `gpucosim run --out <folder>` writes
#include <string>

#include <nlohmann/json.hpp>

#include "sweep/sweep_points.h"

namespace gpucosim::sweep {

std::string points_dir(const std::string& out_dir);                           // <out>/points
std::string point_dir(const std::string& out_dir, const SweepPoint& p);       // <out>/points/<folder>

enum class PointState { Pending, Ok, Failed };
const char* to_string(PointState s);

struct PointResult {
  PointState state = PointState::Pending;
  int exit_code = -1;
  std::string error;  // what went wrong, for a failed point
  double wall_s = 0;
};

// Creates the folder and writes point.json; when one is there already it must hold the same key
// (else the folder belongs to another point: InputError naming it).
void write_point_json(const std::string& dir, const SweepSpec& spec, const SweepPoint& p);
nlohmann::json read_point_json(const std::string& dir);  // throws InputError when unreadable

// Pending when result.json is absent or unreadable.
PointResult read_result(const std::string& dir);
void write_result(const std::string& dir, const PointResult& r);
// Removes result.json and the run's outputs before a (re)run, so nothing stale is read later.
void clear_outputs(const std::string& dir);

// Writes text to path through a temporary file and a rename, so readers never see half a file.
void write_file_atomic(const std::string& path, const std::string& text);
std::string read_text_file(const std::string& path);  // throws InputError when it cannot be read

}  // namespace gpucosim::sweep
