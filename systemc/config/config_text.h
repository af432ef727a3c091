#pragma once
// Splits gpgpusim.config text into (-option, value) pairs. The syntax, as GPGPU-Sim reads it:
// whitespace-separated tokens; '#' outside quotes starts a comment to the end of the line; a token
// "-name" (a '-' then a letter) names an option and the next token is its value; double quotes
// group a value that contains spaces or spans lines. Inside quotes, a run of whitespace that
// contains a line break is dropped, so a DRAM timing string split over two lines reads as one.
#include <cstdint>
#include <string>
#include <vector>

namespace gpucosim {

struct ConfigEntry {
  std::string name;   // without the leading '-'
  std::string value;
  uint64_t line;      // line of the option name
};

// Throws InputError(source, line, ...) on a value without an option, an option without a value,
// or an unterminated quote.
std::vector<ConfigEntry> parse_config_text(const std::string& text, const std::string& source);

// Quotes a value for writing when it would not read back as one token ("" for empty).
std::string quote_config_value(const std::string& value);

}  // namespace gpucosim
