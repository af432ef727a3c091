#include "systemc/config/json_text.h"

#include <charconv>

namespace gpucosim::json_text {

namespace {
std::string dumped(const nlohmann::ordered_json& v) {
  return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

void append_string(std::string& out, std::string_view s) {
  // Printable ASCII other than '"' and '\\' is written as it is (every counter name); anything
  // else (escapes, UTF-8, invalid bytes) as nlohmann writes it.
  for (const char c : s)
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
      out += dumped(std::string(s));
      return;
    }
  out += '"';
  out += s;
  out += '"';
}

void append_stat(std::string& out, double v) {
  if (prints_as_integer(v)) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, int64_t(v));
    out.append(buf, r.ptr);
    return;
  }
  out += dumped(nlohmann::ordered_json(v));  // nlohmann's shortest round-trip form; NaN: null
}

bool append_scalar(std::string& out, const nlohmann::ordered_json& v) {
  if (v.is_structured()) return false;
  out += dumped(v);
  return true;
}

}  // namespace gpucosim::json_text
