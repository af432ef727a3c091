#pragma once
// A single-pass scanner over one instruction line: skips separators and parses numbers in place
// (no token array, no from_chars setup per token). This is the innermost loop of the reader, so
// the accessors are inline and only the error paths are out of line.
//
// Two things keep the per-byte loops short: one 256-entry table classifies every byte (hex digit
// value, separator, line end, other), and the line is followed by a readable byte that is neither
// a digit nor a separator ('\n' or '\r', which LineSource guarantees), so a loop over digits or
// separators stops at the end of the line without comparing against it.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "trace/line_source.h"

namespace gpucosim {

namespace line_bytes {
// Byte classes: 0..15 is a hex digit's value (so a decimal digit is a value below 10); the flags
// are above 15 so that one comparison tells digits from everything else.
constexpr uint8_t kStop = 0x10;          // ends a token: a separator or a line end
constexpr uint8_t kSep = 0x20 | kStop;   // ' ' and '\t', the only field separators of the format
constexpr uint8_t kLineEnd = kStop;      // '\n' and '\r': only ever seen just past the line
constexpr uint8_t kOther = 0x40;

constexpr std::array<uint8_t, 256> make_classes() {
  std::array<uint8_t, 256> t{};
  for (auto& v : t) v = kOther;
  for (int c = '0'; c <= '9'; ++c) t[size_t(c)] = uint8_t(c - '0');
  for (int c = 'a'; c <= 'f'; ++c) t[size_t(c)] = uint8_t(c - 'a' + 10);
  for (int c = 'A'; c <= 'F'; ++c) t[size_t(c)] = uint8_t(c - 'A' + 10);
  t[' '] = t['\t'] = kSep;
  t['\n'] = t['\r'] = kLineEnd;
  return t;
}
inline constexpr std::array<uint8_t, 256> kClass = make_classes();

inline uint8_t cls(const char* p) { return kClass[uint8_t(*p)]; }
}  // namespace line_bytes

class LineCursor {
 public:
  // `line` must be a line just returned by LineSource::next (or a suffix of one): the byte past its
  // end is read as a terminator.
  LineCursor(std::string_view line, const LineSource& ls) : p_(line.data()), end_(line.data() + line.size()), ls_(ls) {}

  // True when only separators are left.
  bool at_end() {
    p_ = skip(p_);
    return p_ == end_;
  }
  // Number of fields left (cold path: error messages only).
  size_t fields_left() const;

  // Moves to where the next field starts (or to the end).
  void skip_separators() { p_ = skip(p_); }
  // Where the cursor stands and what is left of the line (the caller may skip a part it has
  // already parsed elsewhere, see InstructionParser).
  const char* pos() const { return p_; }
  std::string_view rest() const { return std::string_view(p_, size_t(end_ - p_)); }
  void advance(size_t n) { p_ += n; }

  // The scanners below work on a local pointer and store p_ once: a char read may alias p_
  // itself, so a loop advancing p_ in place would store it to memory on every byte.

  std::string_view token(const char* what) {
    const char* p = start(what);
    const char* b = p;
    // A '\r' inside the line is part of a token; only the one at end_ ends it.
    for (;;) {
      while (!(line_bytes::cls(p) & line_bytes::kStop)) ++p;
      if (p == end_ || line_bytes::cls(p) == line_bytes::kSep) break;
      ++p;
    }
    p_ = p;
    return std::string_view(b, size_t(p - b));
  }

  // Hex with an optional 0x prefix, at most `max`.
  uint64_t hex(const char* what, uint64_t max) {
    const char* p = start(what);
    const char* b = p;
    if (end_ - p > 2 && p[0] == '0' && (p[1] | 0x20) == 'x') p += 2;
    const char* digits = p;
    uint64_t v = 0;
    for (uint8_t d; (d = line_bytes::cls(p)) < 16; ++p) v = v << 4 | d;
    // More than 16 digits may still fit when they start with zeros; only then count again.
    if (p - digits > 16 && !hex_fits(digits, p)) bad(b, what, "a hex number in range");
    if (p == digits || !boundary(p)) bad(b, what, "a hex number");
    if (v > max) bad(b, what, "a hex number in range");
    p_ = p;
    return v;
  }

  // Unsigned decimal, at most `max`.
  uint64_t dec(const char* what, uint64_t max) {
    const char* p = start(what);
    const char* b = p;
    uint64_t v = 0;
    for (uint8_t d; (d = line_bytes::cls(p)) < 10; ++p) v = v * 10 + d;
    if (p == b || !boundary(p)) bad(b, what, "a decimal number");
    // 19 digits cannot overflow; longer numbers are re-read with checks.
    if (p - b > 19 ? !checked_value(b, p, max, v) : v > max) bad(b, what, "a decimal number in range");
    p_ = p;
    return v;
  }

  // Signed decimal with an optional leading '-'.
  int64_t sdec(const char* what) {
    const char* p = start(what);
    const char* b = p;
    const bool neg = *p == '-';
    p += neg;
    const char* digits = p;
    uint64_t v = 0;
    for (uint8_t d; (d = line_bytes::cls(p)) < 10; ++p) v = v * 10 + d;
    if (p == digits || !boundary(p)) bad(b, what, "a signed decimal number");
    const uint64_t limit = neg ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX);
    if (p - digits > 18 ? !checked_value(digits, p, limit, v) : false) bad(b, what, "a signed decimal number in range");
    p_ = p;
    return neg ? int64_t(0 - v) : int64_t(v);  // 0 - v wraps to INT64_MIN for v = 2^63
  }

  // R0..R255 (R255 = RZ).
  uint8_t reg(const char* what) {
    const char* p = start(what);
    const char* b = p;
    if (*p == 'R') {
      ++p;
      const char* digits = p;
      unsigned v = 0;
      for (uint8_t d; (d = line_bytes::cls(p)) < 10 && p - digits < 4; ++p) v = v * 10 + d;
      if (p != digits && boundary(p) && v <= 255) {
        p_ = p;
        return uint8_t(v);
      }
    }
    bad(b, what, "R0..R255 (R255 = RZ)");
  }

  [[noreturn]] void fail(const std::string& what) const { ls_.fail(what); }

 private:
  static bool sep(char c) { return c == ' ' || c == '\t'; }
  // The terminator past end_ is not a separator, so this stops there.
  static const char* skip(const char* p) {
    while (line_bytes::cls(p) == line_bytes::kSep) ++p;
    return p;
  }
  // Skips separators from p_; a line that ends there is missing `what`.
  const char* start(const char* what) const {
    const char* p = skip(p_);
    if (p == end_) ends_early(what);
    return p;
  }
  bool boundary(const char* p) const { return p == end_ || line_bytes::cls(p) == line_bytes::kSep; }
  // Whether the hex digits [b, e) fit in 64 bits (at most 16 after leading zeros).
  static bool hex_fits(const char* b, const char* e);
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
