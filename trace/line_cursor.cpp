// The cold paths of LineCursor: counting fields and building error messages.
#include "trace/line_cursor.h"

namespace gpucosim {

size_t LineCursor::fields_left() const {
  size_t n = 0;
  const char* p = p_;
  while (p != end_) {
    while (p != end_ && sep(*p)) ++p;
    if (p == end_) break;
    ++n;
    while (p != end_ && !sep(*p)) ++p;
  }
  return n;
}

bool LineCursor::hex_fits(const char* b, const char* e) {
  while (b != e && *b == '0') ++b;
  return e - b <= 16;
}

bool LineCursor::checked_value(const char* b, const char* e, uint64_t max, uint64_t& v) {
  v = 0;
  for (; b != e; ++b)
    if (__builtin_mul_overflow(v, 10u, &v) || __builtin_add_overflow(v, unsigned(*b - '0'), &v)) return false;
  return v <= max;
}

void LineCursor::ends_early(const char* what) const { ls_.fail(std::string("line ends early: expected ") + what); }

void LineCursor::bad(const char* begin, const char* what, const char* expected) const {
  const char* e = begin;
  while (e != end_ && !sep(*e)) ++e;
  std::string_view tok(begin, size_t(e - begin));
  if (tok.size() > 40) tok = tok.substr(0, 40);
  ls_.fail("bad " + std::string(what) + " '" + std::string(tok) + "': expected " + expected);
}

}  // namespace gpucosim
