#pragma once
// Numbers on the benchmarks' command lines: the whole argument must be a number within the range,
// else a message naming the option and exit code 2 (no atoi/atof reading "abc" as 0).
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace gpucosim::bench {

// Parses `text` for `option`; prints "BENCH: OPTION: expected ..." and returns false when it is not
// a finite number in [min, max].
inline bool parse_number_arg(const char* bench, const char* option, const char* text, double min, double max,
                             double* out) {
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text, &end);
  if (*text == '\0' || *end != '\0' || errno == ERANGE || !std::isfinite(v) || v < min || v > max) {
    std::fprintf(stderr, "%s: %s: expected a number in [%g, %g], got '%s'\n", bench, option, min, max, text);
    return false;
  }
  *out = v;
  return true;
}

}  // namespace gpucosim::bench
