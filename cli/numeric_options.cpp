#include "cli/numeric_options.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "kernel/input_error.h"
#include "systemc/config/option_values.h"

namespace gpucosim::cli {

namespace {

std::string number_text(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

uint64_t parse_uint_arg(const std::string& option, const std::string& text, uint64_t min, uint64_t max) {
  uint64_t v = 0;
  try {
    v = parse_u64(text);  // the parser of every integer configuration option
  } catch (const ValueError& e) {
    throw InputError(option, 0, e.what());
  }
  if (v < min || v > max)
    throw InputError(option, 0,
                     "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got '" + text + "'");
  return v;
}

double parse_real_arg(const std::string& option, const std::string& text, double min, double max, bool min_exclusive,
                      const std::string& unit) {
  const std::string range = (min_exclusive ? "(" : "[") + number_text(min) + ", " + number_text(max) + "]" +
                            (unit.empty() ? "" : " " + unit);
  std::string number = text;
  if (!unit.empty() && number.size() > unit.size() && number.compare(number.size() - unit.size(), unit.size(), unit) == 0)
    number.resize(number.size() - unit.size());
  char* end = nullptr;
  errno = 0;
  const double v = number.empty() ? 0 : std::strtod(number.c_str(), &end);
  if (number.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v))
    throw InputError(option, 0, "expected a number in " + range + ", got '" + text + "'");
  if (v > max || v < min || (min_exclusive && v == min))
    throw InputError(option, 0, "expected a number in " + range + ", got '" + text + "'");
  return v;
}

uint64_t parse_bytes_arg(const std::string& option, const std::string& text) {
  const std::string expected = "expected a byte count such as 4294967296, 512M or 8G, got '" + text + "'";
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 15) throw InputError(option, 0, expected);
  uint64_t v = std::strtoull(text.substr(0, digits).c_str(), nullptr, 10);
  std::string suffix = text.substr(digits);
  if (suffix.size() == 2 && (suffix[1] == 'B' || suffix[1] == 'b')) suffix.resize(1);
  int shift = 0;
  if (suffix == "K" || suffix == "k") shift = 10;
  else if (suffix == "M" || suffix == "m") shift = 20;
  else if (suffix == "G" || suffix == "g") shift = 30;
  else if (suffix == "T" || suffix == "t") shift = 40;
  else if (!suffix.empty() && suffix != "B" && suffix != "b") throw InputError(option, 0, expected);
  if (shift && v > (UINT64_MAX >> shift)) throw InputError(option, 0, expected + " (too large)");
  return v << shift;
}

CLI::Option* add_uint_option(CLI::App* cmd, const std::string& name, uint64_t* out, const std::string& help,
                             uint64_t min, uint64_t max) {
  return cmd->add_option_function<std::string>(
      name, [=](const std::string& v) { *out = parse_uint_arg(name, v, min, max); }, help);
}

CLI::Option* add_uint_option(CLI::App* cmd, const std::string& name, std::optional<uint64_t>* out,
                             const std::string& help, uint64_t min, uint64_t max) {
  return cmd->add_option_function<std::string>(
      name, [=](const std::string& v) { *out = parse_uint_arg(name, v, min, max); }, help);
}

CLI::Option* add_real_option(CLI::App* cmd, const std::string& name, double* out, const std::string& help, double min,
                             double max, bool min_exclusive, const std::string& unit) {
  return cmd->add_option_function<std::string>(
      name, [=](const std::string& v) { *out = parse_real_arg(name, v, min, max, min_exclusive, unit); }, help);
}

CLI::Option* add_real_option(CLI::App* cmd, const std::string& name, std::optional<double>* out,
                             const std::string& help, double min, double max, bool min_exclusive,
                             const std::string& unit) {
  return cmd->add_option_function<std::string>(
      name, [=](const std::string& v) { *out = parse_real_arg(name, v, min, max, min_exclusive, unit); }, help);
}

CLI::Option* add_bytes_option(CLI::App* cmd, const std::string& name, std::optional<uint64_t>* out, const std::string& help) {
  return cmd->add_option_function<std::string>(
      name, [=](const std::string& v) { *out = parse_bytes_arg(name, v); }, help);
}

}  // namespace gpucosim::cli
