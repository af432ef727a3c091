#pragma once
// The one error type for bad user input (traces, configs, options). Its message always has the
// form "file:line: what was expected", so the CLI can print it as is and exit non-zero.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace gpucosim {

class InputError : public std::runtime_error {
 public:
  // line 0 means "the file as a whole" (e.g. it cannot be opened) and is printed as "file: msg".
  InputError(std::string file, uint64_t line, const std::string& what)
      : std::runtime_error(format(file, line, what)), file_(std::move(file)), line_(line) {}

  const std::string& file() const { return file_; }
  uint64_t line() const { return line_; }

 private:
  static std::string format(const std::string& file, uint64_t line, const std::string& what) {
    return line == 0 ? file + ": " + what : file + ":" + std::to_string(line) + ": " + what;
  }
  std::string file_;
  uint64_t line_;
};

}  // namespace gpucosim
