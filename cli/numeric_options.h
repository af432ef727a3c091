#pragma once
// Numeric command-line options checked while the command line is parsed. CLI11 alone reads "-5"
// into an unsigned as 2^64 - 5 and leaves a value of 0 to be mistaken for "not given"; these take
// the text, parse it with the configuration's own value parsers (systemc/config/option_values.h,
// so `--max-cycles -5` and `--set gpgpu_max_cycle=-5` fail alike) and check the range, throwing
// InputError("--name", 0, "expected ...") before any work starts.
#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace gpucosim::cli {

// An unsigned integer in [min, max].
CLI::Option* add_uint_option(CLI::App* cmd, const std::string& name, uint64_t* out, const std::string& help,
                             uint64_t min = 0, uint64_t max = UINT64_MAX);
CLI::Option* add_uint_option(CLI::App* cmd, const std::string& name, std::optional<uint64_t>* out,
                             const std::string& help, uint64_t min = 0, uint64_t max = UINT64_MAX);

// A finite real number in [min, max] (or (min, max] when min_exclusive). A non-empty `unit` may
// follow the number ("5ns", "45nm" with unit "ns", "nm").
CLI::Option* add_real_option(CLI::App* cmd, const std::string& name, double* out, const std::string& help, double min,
                             double max, bool min_exclusive = false, const std::string& unit = "");
CLI::Option* add_real_option(CLI::App* cmd, const std::string& name, std::optional<double>* out,
                             const std::string& help, double min, double max, bool min_exclusive = false,
                             const std::string& unit = "");

// A byte count: an integer with an optional K, M, G or T suffix (powers of 1024), e.g. 512M.
CLI::Option* add_bytes_option(CLI::App* cmd, const std::string& name, std::optional<uint64_t>* out, const std::string& help);

// The parsers themselves (exposed for tests); they throw InputError naming `option`.
uint64_t parse_uint_arg(const std::string& option, const std::string& text, uint64_t min, uint64_t max);
double parse_real_arg(const std::string& option, const std::string& text, double min, double max, bool min_exclusive,
                      const std::string& unit = "");
uint64_t parse_bytes_arg(const std::string& option, const std::string& text);

}  // namespace gpucosim::cli
