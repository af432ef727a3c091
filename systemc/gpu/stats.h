#pragma once
// Statistics under GPGPU-Sim names. Components keep cumulative counters and add them to a
// StatsMap on request (collect()); per kernel, work counters are charged to the launch that
// caused them (kernel_ledger.h) and time counters are differences of two snapshots
// (kernel_stats.h).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>

namespace gpucosim {

// The order of std::string's operator< (bytes as unsigned char, then the shorter first), compared
// eight bytes at a time inline: the names share long prefixes ("L2[12].res_fail_..."), and a
// collection of a large GPU's statistics makes some 30 000 searches of a map of 2 000 names, in
// which the library's call to memcmp for every comparison took a fifth of a run of many small
// kernels. Transparent: a name is found by a string_view without building a string.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "StatNameLess reads eight bytes as a little-endian word");
struct StatNameLess {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const noexcept {
    const size_t n = a.size() < b.size() ? a.size() : b.size();
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t x, y;
      std::memcpy(&x, a.data() + i, 8);
      std::memcpy(&y, b.data() + i, 8);
      if (x != y) return __builtin_bswap64(x) < __builtin_bswap64(y);  // big-endian: byte order
    }
    for (; i < n; ++i)
      if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
    return a.size() < b.size();
  }
};

// Ordered so that text and JSON output are deterministic (by StatNameLess, which orders as
// std::string's operator< does).
using StatsMap = std::map<std::string, double, StatNameLess>;

// One search: a new name goes in where the search for it ended.
inline void add_stat(StatsMap& m, std::string_view name, double v) {
  auto it = m.lower_bound(name);
  if (it != m.end() && std::string_view(it->first) == name)
    it->second += v;
  else
    m.emplace_hint(it, std::string(name), v);
}


// add_stat(m, the parts joined, v) without building the name on the heap when it exists.
inline void add_stat(StatsMap& m, std::initializer_list<std::string_view> parts, double v) {
  char buf[160];
  size_t n = 0;
  for (std::string_view part : parts) n += part.size();
  if (n > sizeof buf) {
    std::string name;
    for (std::string_view part : parts) name.append(part);
    add_stat(m, name, v);
    return;
  }
  char* at = buf;
  for (std::string_view part : parts) {
    std::memcpy(at, part.data(), part.size());
    at += part.size();
  }
  add_stat(m, std::string_view(buf, n), v);
}

// add_stat(m, prefix + name, v), likewise.
inline void add_stat(StatsMap& m, std::string_view prefix, std::string_view name, double v) {
  add_stat(m, std::initializer_list<std::string_view>{prefix, name}, v);
}

// after -= before, for every counter in `after` (a counter missing from `before` was 0).
inline void subtract_stats(StatsMap& after, const StatsMap& before) {
  auto b = before.begin();
  for (auto& [k, v] : after) {
    while (b != before.end() && b->first < k) ++b;
    v -= b != before.end() && b->first == k ? b->second : 0.0;
  }
}

// Whether a value is an integer that a double holds exactly: sums of such values are the same
// in any order.
inline bool exact_integer(double v) { return v == std::trunc(v) && std::fabs(v) < 9007199254740992.0; }

// to += from, counter by counter, when the result cannot depend on the order in which the
// counters were added up: every counter both hold is an exact integer in both. Otherwise false,
// with `to` unchanged. (Statistics collected in parts on several host threads are summed so.)
inline bool add_stats_exactly(StatsMap& to, const StatsMap& from) {
  auto t = to.begin();
  for (const auto& [name, v] : from) {
    while (t != to.end() && t->first < name) ++t;
    if (t != to.end() && t->first == name && !(exact_integer(v) && exact_integer(t->second))) return false;
  }
  auto hint = to.begin();
  for (const auto& [name, v] : from) {
    while (hint != to.end() && hint->first < name) ++hint;
    if (hint != to.end() && hint->first == name)
      hint->second += v;
    else
      hint = to.emplace_hint(hint, name, v);
  }
  return true;
}

}  // namespace gpucosim
