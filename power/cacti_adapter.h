#pragma once
// Runs a user's own CACTI 7 binary on an SRAM spec: writes a cache.cfg for it, runs
// `cacti -infile cache.cfg` in a scratch folder and reads the figures back from its text report.
// CACTI itself is neither packaged nor vendored; this adapter only speaks its file formats.
#include <string>

#include "power/sram_model.h"

namespace gpucosim::power {

// The cache.cfg text for a spec, with the fixed options of the reference runs (one UCA bank,
// normal access mode, ED^2 objective, Global_30 wires, ECC on, output width = 8 x block).
std::string cacti_config(const SramSpec& spec);

// Parses a CACTI text report. Tolerant of spacing, case and extra lines; needs at least the access
// time, dynamic read energy, leakage and "height x width". Throws InputError(origin, ...) naming
// the first missing figure.
SramEstimate parse_cacti_output(const std::string& text, const std::string& origin);

// Validates the spec, runs `binary -infile cache.cfg` in a fresh temporary folder (removed
// afterwards) and parses its output. Throws InputError("--cacti", ...) when the binary is missing
// or not executable, exits non-zero, or prints nothing parsable.
SramEstimate run_cacti(const std::string& binary, const SramSpec& spec);

}  // namespace gpucosim::power
