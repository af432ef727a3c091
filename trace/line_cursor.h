#pragma once
// A single-pass scanner over one instruction line: skips separators and parses numbers in place
// (no token array, no from_chars setup per token). This is the innermost loop of the reader, so
// the accessors are inline and only the error paths are out of line.
#include <cstdint>
#include <string>
#include <string_view>

#include "trace/line_source.h"

namespace gpucosim {

class LineCursor {
 public:
  LineCursor(std::string_view line, const LineSource& ls) : p_(line.data()), end_(line.data() + line.size()), ls_(ls) {}

  // True when only separators are left.
  bool at_end() {
    skip();
    return p_ == end_;
  }
  // Number of fields left (cold path: error messages only).
  size_t fields_left() const;

  std::string_view token(const char* what) {
    start(what);
    const char* b = p_;
    while (p_ != end_ && !sep(*p_)) ++p_;
    return std::string_view(b, size_t(p_ - b));
  }

  // Hex with an optional 0x prefix, at most `max`.
  uint64_t hex(const char* what, uint64_t max) {
    start(what);
    const char* b = p_;
    if (end_ - p_ > 2 && p_[0] == '0' && (p_[1] | 0x20) == 'x') p_ += 2;
    const char* digits = p_;
    uint64_t v = 0;
    for (; p_ != end_; ++p_) {
      unsigned c = uint8_t(*p_), d;
      if (c - '0' < 10) d = c - '0';
      else if ((c | 0x20) - 'a' < 6) d = (c | 0x20) - 'a' + 10;
      else break;
      if (v >> 60) bad(b, what, "a hex number in range");
      v = v << 4 | d;
    }
    if (p_ == digits || !boundary()) bad(b, what, "a hex number");
    if (v > max) bad(b, what, "a hex number in range");
    return v;
  }

  // Unsigned decimal, at most `max`.
  uint64_t dec(const char* what, uint64_t max) {
    start(what);
    const char* b = p_;
    uint64_t v = 0;
    for (; p_ != end_ && unsigned(*p_ - '0') < 10; ++p_) v = v * 10 + unsigned(*p_ - '0');
    if (p_ == b || !boundary()) bad(b, what, "a decimal number");
    // 19 digits cannot overflow; longer numbers are re-read with checks.
    if (p_ - b > 19 ? !checked_value(b, p_, max, v) : v > max) bad(b, what, "a decimal number in range");
    return v;
  }

  // Signed decimal with an optional leading '-'.
  int64_t sdec(const char* what) {
    start(what);
    const char* b = p_;
    const bool neg = *p_ == '-';
    p_ += neg;
    const char* digits = p_;
    uint64_t v = 0;
    for (; p_ != end_ && unsigned(*p_ - '0') < 10; ++p_) v = v * 10 + unsigned(*p_ - '0');
    if (p_ == digits || !boundary()) bad(b, what, "a signed decimal number");
    const uint64_t limit = neg ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX);
    if (p_ - digits > 18 ? !checked_value(digits, p_, limit, v) : false) bad(b, what, "a signed decimal number in range");
    return neg ? int64_t(0 - v) : int64_t(v);  // 0 - v wraps to INT64_MIN for v = 2^63
  }

  // R0..R255 (R255 = RZ).
  uint8_t reg(const char* what) {
    start(what);
    const char* b = p_;
    if (*p_ == 'R') {
      ++p_;
      const char* digits = p_;
      unsigned v = 0;
      for (; p_ != end_ && unsigned(*p_ - '0') < 10 && p_ - digits < 4; ++p_) v = v * 10 + unsigned(*p_ - '0');
      if (p_ != digits && boundary() && v <= 255) return uint8_t(v);
    }
    bad(b, what, "R0..R255 (R255 = RZ)");
  }

  [[noreturn]] void fail(const std::string& what) const { ls_.fail(what); }

 private:
  static bool sep(char c) { return c == ' ' || c == '\t'; }
  void skip() {
    while (p_ != end_ && sep(*p_)) ++p_;
  }
  // Skips separators; a line that ends here is missing `what`.
  void start(const char* what) {
    skip();
    if (p_ == end_) ends_early(what);
  }
  bool boundary() const { return p_ == end_ || sep(*p_); }
  // Overflow-checked value of the digits [b, e); false when above `max`.
  static bool checked_value(const char* b, const char* e, uint64_t max, uint64_t& v);
  [[noreturn]] void ends_early(const char* what) const;
  // Reports the token starting at `begin` as malformed.
  [[noreturn]] void bad(const char* begin, const char* what, const char* expected) const;

  const char* p_;
  const char* end_;
  const LineSource& ls_;
};

}  // namespace gpucosim
