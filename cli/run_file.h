#pragma once
// `gpucosim run --run-file FILE`: many applications of a multiprogrammed run in one file, with the
// fields of --workload / --trace and their @options (docs/multitasking.md, "Run files"). FILE is
// JSON (`.json`) or the TOML subset documented there (`.toml`):
//
//   {"applications": [{"workload": "vecadd", "params": {"n": 4096}, "repeat": 4},
//                     {"trace": "app/kernelslist.g", "start": 5000, "priority": 0}]}
//
//   [[application]]
//   workload = "vecadd"
//   params = { n = 4096 }
//   repeat = 4
//
// A relative trace path is relative to the run file's folder. Every error names FILE:LINE.
#include <string>
#include <vector>

#include "cli/cmd_run_apps.h"

namespace gpucosim::cli {

// The applications of FILE in file order, as --trace / --workload arguments that remember their
// file and line (so later errors, such as a priority no policy accepts, name them too).
std::vector<AppArg> read_run_file(const std::string& path);

}  // namespace gpucosim::cli
