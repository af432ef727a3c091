#include "systemc/config/option_values.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

namespace gpucosim {

namespace {

std::string quoted(const std::string& v) { return "'" + v + "'"; }

std::vector<std::string> split(const std::string& v, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    size_t at = v.find(sep, start);
    out.push_back(v.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

bool all_digits(const std::string& v) {
  if (v.empty()) return false;
  for (char c : v)
    if (c < '0' || c > '9') return false;
  return true;
}

// Parses a decimal without sign; `what` names the value for the message.
uint64_t parse_decimal(const std::string& v, uint64_t max, const std::string& what) {
  if (!all_digits(v)) throw ValueError("expected " + what + ", got " + quoted(v));
  errno = 0;
  unsigned long long x = std::strtoull(v.c_str(), nullptr, 10);
  if (errno == ERANGE || x > max) throw ValueError("expected " + what + " (too large), got " + quoted(v));
  return x;
}

bool is_pow2(uint32_t x) { return x && !(x & (x - 1)); }

}  // namespace

uint32_t parse_u32(const std::string& v) {
  return uint32_t(parse_decimal(v, UINT32_MAX, "an unsigned integer"));
}

uint64_t parse_u64(const std::string& v) {
  return parse_decimal(v, UINT64_MAX, "an unsigned integer");
}

uint32_t parse_u32_min(const std::string& v, uint32_t min) {
  uint32_t x = parse_u32(v);
  if (x < min) throw ValueError("expected an integer >= " + std::to_string(min) + ", got " + quoted(v));
  return x;
}

uint32_t parse_u32_range(const std::string& v, uint32_t min, uint32_t max, const std::string& why) {
  const uint32_t x = parse_u32(v);
  if (x < min || x > max)
    throw ValueError("expected an integer from " + std::to_string(min) + " to " + std::to_string(max) +
                     (why.empty() ? "" : " (" + why + ")") + ", got " + quoted(v));
  return x;
}

double parse_positive_double(const std::string& v) {
  char* end = nullptr;
  errno = 0;
  double x = v.empty() ? 0 : std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(x) || x <= 0)
    throw ValueError("expected a positive number, got " + quoted(v));
  return x;
}

bool parse_bool01(const std::string& v) {
  if (v == "0") return false;
  if (v == "1") return true;
  throw ValueError("expected 0 or 1, got " + quoted(v));
}

uint32_t parse_choice(const std::string& v, const std::vector<uint32_t>& allowed,
                      const std::string& what_they_mean) {
  if (all_digits(v) && v.size() < 10) {
    uint32_t x = uint32_t(std::stoul(v));
    for (uint32_t a : allowed)
      if (a == x) return x;
  }
  throw ValueError("expected " + what_they_mean + ", got " + quoted(v));
}

std::vector<uint32_t> parse_u32_list(const std::string& v, char sep, size_t min_n, size_t max_n) {
  std::vector<std::string> parts = split(v, sep);
  std::string shape = min_n == max_n ? std::to_string(min_n) : std::to_string(min_n) + " to " + std::to_string(max_n);
  std::string what = shape + " integers >= 1 separated by '" + std::string(1, sep) + "'";
  if (parts.size() < min_n || parts.size() > max_n) throw ValueError("expected " + what + ", got " + quoted(v));
  std::vector<uint32_t> out;
  for (const std::string& p : parts) {
    if (!all_digits(p) || p.size() > 9 || std::stoul(p) == 0)
      throw ValueError("expected " + what + ", got " + quoted(v));
    out.push_back(uint32_t(std::stoul(p)));
  }
  return out;
}

UnitTiming parse_latency_initiation(const std::string& v) {
  try {
    std::vector<uint32_t> x = parse_u32_list(v, ',', 2, 2);
    return UnitTiming{x[0], x[1]};
  } catch (const ValueError&) {
    throw ValueError("expected <latency>,<initiation interval> (two integers >= 1), got " + quoted(v));
  }
}

ClockConfig parse_clock_domains(const std::string& v) {
  std::vector<std::string> parts = split(v, ':');
  // Up to 100 GHz: the model keeps time in femtoseconds, and a faster clock is no GPU's.
  const std::string what = "<core>:<icnt>:<l2>:<dram> clock frequencies in MHz (numbers above 0, at most 100000)";
  if (parts.size() != 4) throw ValueError("expected " + what + ", got " + quoted(v));
  ClockConfig c;
  try {
    c.core_mhz = parse_positive_double(parts[0]);
    c.icnt_mhz = parse_positive_double(parts[1]);
    c.l2_mhz = parse_positive_double(parts[2]);
    c.dram_mhz = parse_positive_double(parts[3]);
  } catch (const ValueError&) {
    throw ValueError("expected " + what + ", got " + quoted(v));
  }
  for (double mhz : {c.core_mhz, c.icnt_mhz, c.l2_mhz, c.dram_mhz})
    if (mhz > 100000 || mhz < 1e-3) throw ValueError("expected " + what + ", got " + quoted(v));
  // Every domain is stepped edge by edge: a domain a million times slower than another leaves the
  // fast ones ticking for ever between its edges (GPUs keep their domains within a few times).
  const double fastest = std::max({c.core_mhz, c.icnt_mhz, c.l2_mhz, c.dram_mhz});
  const double slowest = std::min({c.core_mhz, c.icnt_mhz, c.l2_mhz, c.dram_mhz});
  if (fastest > kMaxClockRatio * slowest)
    throw ValueError("expected clock domains within a factor of " + std::to_string(int(kMaxClockRatio)) +
                     " of each other, got " + quoted(v));
  return c;
}

PipelineShape parse_core_pipeline(const std::string& v) {
  std::vector<std::string> parts = split(v, ':');
  const std::string what = "<threads per SM>:<warp size>";
  if (parts.size() != 2 || !all_digits(parts[0]) || !all_digits(parts[1]))
    throw ValueError("expected " + what + ", got " + quoted(v));
  PipelineShape s{parse_u32(parts[0]), parse_u32(parts[1])};
  if (s.threads == 0 || s.warp_size == 0) throw ValueError("expected " + what + " (both >= 1), got " + quoted(v));
  return s;
}

SchedulerChoice parse_scheduler(const std::string& v) {
  if (v == "lrr") return {SchedulerPolicy::LRR, 0};
  if (v == "gto") return {SchedulerPolicy::GTO, 0};
  std::vector<std::string> parts = split(v, ':');
  // GPGPU-Sim's form is two_level_active:<active warps>:<inner prio>:<outer prio>; the model uses
  // the active-pool size, and the two prioritisation numbers are checked but fixed (LRR inside,
  // GTO outside) — see docs/configuration.md.
  if (parts[0] == "two_level_active" && (parts.size() == 2 || parts.size() == 4)) {
    bool ok = all_digits(parts[1]) && parts[1].size() < 10 && std::stoul(parts[1]) > 0;
    for (size_t i = 2; i < parts.size(); ++i) ok = ok && all_digits(parts[i]);
    if (ok) return {SchedulerPolicy::TwoLevel, uint32_t(std::stoul(parts[1]))};
  }
  throw ValueError("expected lrr, gto or two_level_active:<N>[:<inner>:<outer>], got " + quoted(v));
}

DramTiming parse_dram_timing(const std::string& v) {
  DramTiming t;
  struct Key {
    const char* name;
    uint32_t DramTiming::*field;
    bool required;
  };
  // Order = GPGPU-Sim's positional order.
  static const Key keys[] = {
      {"nbk", &DramTiming::nbk, true},    {"CCD", &DramTiming::tCCD, true},    {"RRD", &DramTiming::tRRD, true},
      {"RCD", &DramTiming::tRCD, true},   {"RAS", &DramTiming::tRAS, true},    {"RP", &DramTiming::tRP, true},
      {"RC", &DramTiming::tRC, true},     {"CL", &DramTiming::CL, true},       {"WL", &DramTiming::WL, true},
      {"CDLR", &DramTiming::tCDLR, true}, {"WR", &DramTiming::tWR, true},      {"nbkgrp", &DramTiming::nbkgrp, false},
      {"CCDL", &DramTiming::tCCDL, false}, {"RTPL", &DramTiming::tRTPL, false},
  };
  const size_t n_keys = sizeof(keys) / sizeof(keys[0]);
  std::string key_list;
  for (const Key& k : keys) key_list += std::string(key_list.empty() ? "" : ", ") + k.name;
  // Without bank groups GPGPU-Sim's convention is nbkgrp=1, CCDL=0, RTPL=0.
  t.nbkgrp = 1;
  t.tCCDL = 0;
  t.tRTPL = 0;
  std::vector<std::string> parts = split(v, ':');
  if (v.find('=') == std::string::npos) {
    if (parts.size() != 11 && parts.size() != 14)
      throw ValueError("expected <key>=<value> pairs separated by ':' (keys " + key_list +
                       ") or 11 or 14 positional numbers, got " + quoted(v));
    for (size_t i = 0; i < parts.size(); ++i) t.*(keys[i].field) = parse_u32(parts[i]);
  } else {
    std::set<std::string> seen;
    for (const std::string& p : parts) {
      size_t eq = p.find('=');
      std::string name = p.substr(0, eq);
      const Key* k = nullptr;
      for (const Key& cand : keys)
        if (name == cand.name) k = &cand;
      if (eq == std::string::npos || !k)
        throw ValueError("expected <key>=<value> with a key among " + key_list + ", got " + quoted(p));
      if (!seen.insert(name).second) throw ValueError("expected each DRAM timing key once, got " + name + " twice");
      std::string num = p.substr(eq + 1);
      if (!all_digits(num)) throw ValueError("expected an unsigned integer for " + name + ", got " + quoted(num));
      t.*(k->field) = parse_u32(num);
    }
    for (size_t i = 0; i < n_keys; ++i)
      if (keys[i].required && !seen.count(keys[i].name))
        throw ValueError(std::string("expected a value for DRAM timing key ") + keys[i].name + " in " + quoted(v));
  }
  if (!is_pow2(t.nbk)) throw ValueError("expected nbk (banks) to be a power of two, got " + std::to_string(t.nbk));
  if (t.nbkgrp == 0 || t.nbk % t.nbkgrp != 0)
    throw ValueError("expected nbkgrp to divide nbk=" + std::to_string(t.nbk) + ", got " + std::to_string(t.nbkgrp));
  return t;
}

PartitionQueues parse_partition_queues(const std::string& v) {
  std::vector<uint32_t> q;
  try {
    q = parse_u32_list(v, ':', 4, 4);
  } catch (const ValueError&) {
    throw ValueError("expected <icnt-to-L2>:<L2-to-DRAM>:<DRAM-to-L2>:<L2-to-icnt> queue sizes (integers >= 1), got " +
                     quoted(v));
  }
  return {q[0], q[1], q[2], q[3]};
}

std::string parse_addr_mapping(const std::string& v) {
  if (v.empty()) return v;
  std::string mask = v;
  const std::string what = "dramid@<bit>;<64 mask letters D B R C S 0 with optional '.' separators>";
  if (v.rfind("dramid@", 0) == 0) {
    size_t semi = v.find(';');
    if (semi == std::string::npos || !all_digits(v.substr(7, semi - 7)))
      throw ValueError("expected " + what + ", got " + quoted(v));
    mask = v.substr(semi + 1);
  }
  size_t bits = 0;
  for (char c : mask) {
    if (c == '.') continue;
    if (std::string("DBRCS0dbrcs").find(c) == std::string::npos)
      throw ValueError("expected " + what + ", got letter '" + std::string(1, c) + "' in " + quoted(v));
    ++bits;
  }
  if (bits == 0 || bits > 64) throw ValueError("expected " + what + " (1 to 64 letters), got " + quoted(v));
  return v;
}

}  // namespace gpucosim
