#pragma once
// A fake `cacti` for the adapter and CLI tests: a shell script that checks it was called as
// `cacti -infile FILE` on a config with the expected size, then prints a CACTI-like report.
#include <string>

namespace gpucosim::test {

// An excerpt in the layout of a CACTI 7 report (values of the 32 KB 4-way 45 nm reference point).
extern const char* const kFakeCactiReport;

enum class FakeCacti { Good, Fails, Garbled };

// Writes the script into `dir` and returns its path.
std::string write_fake_cacti(const std::string& dir, FakeCacti kind);

}  // namespace gpucosim::test
