#pragma once
// One wording for JSON that does not parse, whichever file the CLI reads (run files, solo
// baselines, stats.json for `compare`): the file and the line of a syntax error with the parser's
// own words from "syntax error" on (not its "[json.exception.parse_error.101]" prefix), a number
// past a double's range in words (the parser knows no position for it), and what the file should be.
#include <string>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"

namespace gpucosim::cli {

// The InputError for `e`, thrown by nlohmann::json while parsing `text` read from `path`.
InputError json_parse_error(const std::string& path, const std::string& text, const nlohmann::json::exception& e,
                            const std::string& expected);

}  // namespace gpucosim::cli
