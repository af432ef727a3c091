#pragma once
// Small allocation-free helpers for scanning trace text: whitespace splitting and full-token
// number parsing with std::from_chars. The hot path of the reader uses only these (no iostreams,
// no regex), which is what lets it parse hundreds of MB/s.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace gpucosim::trace_text {

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

inline std::string_view trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && is_space(s[b])) ++b;
  while (e > b && is_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

inline bool starts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

inline bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Splits `s` at runs of whitespace into at most `max` tokens. Returns the number of tokens, or
// max + 1 when there are more (the caller reports "too many fields").
inline size_t split_tokens(std::string_view s, std::string_view* out, size_t max) {
  size_t n = 0, i = 0;
  const size_t len = s.size();
  while (true) {
    while (i < len && is_space(s[i])) ++i;
    if (i == len) return n;
    size_t b = i;
    while (i < len && !is_space(s[i])) ++i;
    if (n == max) return max + 1;
    out[n++] = s.substr(b, i - b);
  }
}

// Parses the whole token as a decimal integer of type T; false on junk, sign misuse or overflow.
template <class T>
bool parse_dec(std::string_view t, T& v) {
  static_assert(std::is_integral<T>::value, "integral only");
  if (t.empty()) return false;
  auto r = std::from_chars(t.data(), t.data() + t.size(), v, 10);
  return r.ec == std::errc() && r.ptr == t.data() + t.size();
}

// Parses the whole token as hex, with an optional 0x/0X prefix; false on junk or overflow.
template <class T>
bool parse_hex(std::string_view t, T& v) {
  static_assert(std::is_unsigned<T>::value, "unsigned only");
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) t.remove_prefix(2);
  if (t.empty()) return false;
  auto r = std::from_chars(t.data(), t.data() + t.size(), v, 16);
  return r.ec == std::errc() && r.ptr == t.data() + t.size();
}

// "key = value" -> key and value, both trimmed; false when there is no '='.
inline bool split_key_value(std::string_view line, std::string_view& key, std::string_view& value) {
  size_t eq = line.find('=');
  if (eq == std::string_view::npos) return false;
  key = trim(line.substr(0, eq));
  value = trim(line.substr(eq + 1));
  return true;
}

// "x,y,z" (optionally in parentheses, spaces allowed) -> three decimal numbers.
template <class T>
bool parse_triple(std::string_view s, T& x, T& y, T& z) {
  s = trim(s);
  if (s.size() >= 2 && s.front() == '(' && s.back() == ')') s = trim(s.substr(1, s.size() - 2));
  size_t c1 = s.find(',');
  if (c1 == std::string_view::npos) return false;
  size_t c2 = s.find(',', c1 + 1);
  if (c2 == std::string_view::npos) return false;
  return parse_dec(trim(s.substr(0, c1)), x) && parse_dec(trim(s.substr(c1 + 1, c2 - c1 - 1)), y) &&
         parse_dec(trim(s.substr(c2 + 1)), z);
}

// Quotes a token for an error message, shortened so a garbage line cannot flood the terminal.
inline std::string_view shorten(std::string_view t) { return t.size() > 40 ? t.substr(0, 40) : t; }

}  // namespace gpucosim::trace_text
