#include "cli/json_parse_error.h"

#include <algorithm>

namespace gpucosim::cli {

InputError json_parse_error(const std::string& path, const std::string& text, const nlohmann::json::exception& e,
                            const std::string& expected) {
  if (const auto* p = dynamic_cast<const nlohmann::json::parse_error*>(&e)) {
    const size_t at = std::min<size_t>(p->byte ? p->byte - 1 : 0, text.size());
    const uint64_t line = 1 + uint64_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
    const std::string what = p->what();
    const size_t words = what.find("syntax error");
    return InputError(path, line, "not JSON: " + (words == std::string::npos ? what : what.substr(words)) +
                                      "; the file should be " + expected);
  }
  return InputError(path, 0, "a number beyond the range of a double; the file should be " + expected);
}

}  // namespace gpucosim::cli
