// LineCursor's number scanners against the C library's on edge cases (leading zeros, overflow,
// prefixes, signs, garbage), and LineSource's promise of a terminator just past every line, which
// the scanners rely on to stop without comparing each position with the end.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernel/input_error.h"
#include "trace/byte_stream.h"
#include "trace/line_cursor.h"
#include "trace/line_source.h"

namespace gpucosim {
namespace {

// What a scanner made of a token: its value, or the error message.
struct Scan {
  bool ok = false;
  uint64_t value = 0;
  std::string error;
};

// Runs `scan` on a cursor over `text` (one line, as LineSource returns it).
template <class F>
Scan scan_line(const std::string& text, F scan) {
  LineSource ls("t", memory_source(text + "\n"));
  std::string_view line;
  EXPECT_TRUE(ls.next(line));
  LineCursor c(line, ls);
  Scan s;
  try {
    s.value = uint64_t(scan(c));
    s.ok = true;
  } catch (const InputError& e) {
    s.error = e.what();
  }
  return s;
}

// The reference: strtoull/strtoll over the whole token. The format has no '+' (strtoull takes
// one) and unsigned fields have no '-' (strtoull negates).
Scan reference(const std::string& tok, int base, bool is_signed) {
  Scan s;
  if (tok.empty() || tok[0] == '+' || (!is_signed && tok[0] == '-')) return s;
  errno = 0;
  char* end = nullptr;
  const uint64_t v = is_signed ? uint64_t(std::strtoll(tok.c_str(), &end, base)) : std::strtoull(tok.c_str(), &end, base);
  if (errno == ERANGE) {
    s.error = "in range";
    return s;
  }
  if (end != tok.c_str() + tok.size()) return s;
  s.ok = true;
  s.value = v;
  return s;
}

void expect_same(const std::string& tok, const Scan& got, const Scan& want) {
  SCOPED_TRACE("token '" + tok + "'");
  EXPECT_EQ(got.ok, want.ok) << got.error;
  if (got.ok && want.ok) {
    EXPECT_EQ(got.value, want.value);
  }
  if (!got.ok) {
    EXPECT_NE(got.error.find("bad x '"), std::string::npos) << got.error;
  }
  if (!got.ok && want.error == "in range") {
    EXPECT_NE(got.error.find("in range"), std::string::npos) << got.error;
  }
}

const std::vector<std::string> kHexTokens = {
    "0", "f", "F", "7fb0fc400000", "0x7fb0fc400000", "0X1f", "ffffffffffffffff", "0xffffffffffffffff",
    "00000000000000000000000000ff",       // 28 digits, fits: leading zeros do not count
    "0x000000000000000000000000000000001",
    "10000000000000000", "0x10000000000000000", "ffffffffffffffff0",  // 17 significant digits
    "1ffffffffffffffffffffffff", "1ffffffffffffffffzz",  // overflow, also before garbage
    "0xg00", "00zz", "12g", "g", "0x0x1", "-1", "+1", "x1", "0x", "1.5", "1-"};

TEST(trace_line_scan, HexMatchesStrtoull) {
  for (const std::string& tok : kHexTokens) {
    // Followed by another field and at the very end of the line: both ends of a token.
    expect_same(tok, scan_line(tok + " 5", [](LineCursor& c) { return c.hex("x", UINT64_MAX); }), reference(tok, 16, false));
    expect_same(tok, scan_line(tok, [](LineCursor& c) { return c.hex("x", UINT64_MAX); }), reference(tok, 16, false));
  }
}

const std::vector<std::string> kDecTokens = {
    "0", "7", "300", "18446744073709551615", "18446744073709551616", "99999999999999999999",
    "00000000000000000000000000000000001",  // 35 digits, fits
    "0000000000000000000018446744073709551616", "1a", "a", "-1", "+1", "1-", "0x10", "\xd9\xa1"};

TEST(trace_line_scan, DecimalMatchesStrtoull) {
  for (const std::string& tok : kDecTokens) {
    expect_same(tok, scan_line(tok + "\t5", [](LineCursor& c) { return c.dec("x", UINT64_MAX); }), reference(tok, 10, false));
    expect_same(tok, scan_line(tok, [](LineCursor& c) { return c.dec("x", UINT64_MAX); }), reference(tok, 10, false));
  }
}

const std::vector<std::string> kSignedTokens = {
    "0", "-0", "42", "-42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "-9223372036854775809", "-00000000000000000000000009223372036854775808", "--1", "-", "+5", "5-", "-x", "1e3"};

TEST(trace_line_scan, SignedDecimalMatchesStrtoll) {
  for (const std::string& tok : kSignedTokens) {
    expect_same(tok, scan_line(tok + " 5", [](LineCursor& c) { return c.sdec("x"); }), reference(tok, 10, true));
    expect_same(tok, scan_line(tok, [](LineCursor& c) { return c.sdec("x"); }), reference(tok, 10, true));
  }
}

TEST(trace_line_scan, MaxIsEnforcedAfterTheScan) {
  EXPECT_TRUE(scan_line("ffffffff", [](LineCursor& c) { return c.hex("x", UINT32_MAX); }).ok);
  Scan s = scan_line("100000000", [](LineCursor& c) { return c.hex("x", UINT32_MAX); });
  EXPECT_NE(s.error.find("bad x '100000000': expected a hex number in range"), std::string::npos) << s.error;
  s = scan_line("256", [](LineCursor& c) { return c.dec("x", 255); });
  EXPECT_NE(s.error.find("bad x '256': expected a decimal number in range"), std::string::npos) << s.error;
}

TEST(trace_line_scan, RegistersAndTokens) {
  EXPECT_EQ(scan_line("R0", [](LineCursor& c) { return c.reg("x"); }).value, 0u);
  EXPECT_EQ(scan_line("R255 R1", [](LineCursor& c) { return c.reg("x"); }).value, 255u);
  for (const char* bad : {"R256", "R", "P0", "R1a", "R00255", "r1"})
    EXPECT_NE(scan_line(bad, [](LineCursor& c) { return c.reg("x"); }).error.find("R0..R255"), std::string::npos) << bad;
  // A '\r' inside the line belongs to the token; the one LineSource dropped before '\n' does not.
  std::string_view tok;
  scan_line("MOV\rX 0\r", [&](LineCursor& c) {
    tok = c.token("x");
    EXPECT_EQ(tok.size(), 5u);
    EXPECT_EQ(c.dec("y", 9), 0u);
    EXPECT_TRUE(c.at_end());
    return 0;
  });
  Scan s = scan_line("  \t ", [](LineCursor& c) { return c.hex("PC", UINT32_MAX); });
  EXPECT_NE(s.error.find("line ends early: expected PC"), std::string::npos) << s.error;
}

// Every line, the last one without a newline included, is followed by '\n' or '\r'.
TEST(trace_line_scan, LinesEndAtATerminator) {
  for (const std::string text : {"12 34\nab\r\n\nlast", "only", "x\r", "a\n\r\nb\r"}) {
    LineSource ls("t", memory_source(text));
    std::string_view line;
    while (ls.next(line)) {
      const char after = line.data()[line.size()];
      EXPECT_TRUE(after == '\n' || after == '\r') << "after '" << std::string(line) << "' in '" << text << "'";
    }
  }
  // The scanners stop there: a number that ends the data is read whole.
  EXPECT_EQ(scan_line("0x10", [](LineCursor& c) { return c.hex("x", UINT64_MAX); }).value, 16u);
  LineSource ls("t", memory_source("1 0x7f"));
  std::string_view line;
  ASSERT_TRUE(ls.next(line));
  LineCursor c(line, ls);
  EXPECT_EQ(c.dec("a", 9), 1u);
  EXPECT_EQ(c.hex("b", UINT64_MAX), 0x7fu);
  EXPECT_TRUE(c.at_end());
}

}  // namespace
}  // namespace gpucosim
