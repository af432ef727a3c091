// Parsing and validation of SRAM specifications (the option side of the SRAM model).
#include <cctype>
#include <string>

#include "kernel/input_error.h"
#include "power/sram_model.h"

namespace gpucosim::power {

namespace {

bool is_pow2(uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }

[[noreturn]] void fail(const std::string& option, const std::string& what) {
  throw InputError(option, 0, what);
}

}  // namespace

PortCounts parse_port_spec(const std::string& text) {
  const std::string expected =
      "expected port counts like 1rw, rw, 2r1w, 2r,1w or 1rw1r (N read-write 'rw', read-only 'r', "
      "write-only 'w' ports)";
  if (text.empty()) fail("--ports", "'' names no ports; " + expected);
  PortCounts p{0, 0, 0};
  bool any = false;
  // Groups separated by ',' (a space after it allowed), each one or more of [N]rw, [N]r, [N]w.
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    size_t i = start;
    if (start > 0 && i < end && text[i] == ' ') ++i;  // "r, w"
    if (i == end) fail("--ports", "'" + text + "' has an empty port group (a stray ','); " + expected);
    while (i < end) {
      int n = 1;
      if (std::isdigit(static_cast<unsigned char>(text[i]))) {
        size_t j = i;
        while (j < end && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        if (j - i > 2) fail("--ports", "'" + text + "': too many ports; " + expected);
        n = std::stoi(text.substr(i, j - i));
        if (n == 0) fail("--ports", "'" + text + "' has a count of 0; " + expected);
        i = j;
      }
      if (end - i >= 2 && text.compare(i, 2, "rw") == 0) {
        p.rw += n;
        i += 2;
      } else if (i < end && text[i] == 'r') {
        p.r += n;
        i += 1;
      } else if (i < end && text[i] == 'w') {
        p.w += n;
        i += 1;
      } else {
        fail("--ports", "'" + text + "' is not a port specification; " + expected);
      }
      any = true;
    }
    start = end + 1;
  }
  if (!any || p.total() == 0) fail("--ports", "'" + text + "' names no ports; " + expected);
  if (p.readers() == 0 || p.writers() == 0)
    fail("--ports", "'" + text + "' needs at least one port that can read and one that can write");
  if (p.total() > 8) fail("--ports", "'" + text + "' has " + std::to_string(p.total()) + " ports; at most 8 are modelled");
  return p;
}

std::string port_spec_string(const PortCounts& p) {
  std::string s;
  if (p.rw) s += std::to_string(p.rw) + "rw";
  if (p.r) s += std::to_string(p.r) + "r";
  if (p.w) s += std::to_string(p.w) + "w";
  return s;
}

SramType parse_sram_type(const std::string& text) {
  if (text == "ram") return SramType::Ram;
  if (text == "cache") return SramType::Cache;
  fail("--type", "'" + text + "': expected ram or cache");
}

CellFamily parse_cell_family(const std::string& text) {
  if (text == "hp" || text == "itrs-hp") return CellFamily::HighPerformance;
  if (text == "lstp" || text == "itrs-lstp") return CellFamily::LowStandbyPower;
  fail("--cell", "'" + text + "': expected hp or lstp");
}

const char* to_string(SramType t) { return t == SramType::Ram ? "ram" : "cache"; }

void validate_sram_spec(const SramSpec& s) {
  if (!is_pow2(s.size_bytes) || s.size_bytes < 64)
    fail("--size", std::to_string(s.size_bytes) + ": expected a power of two of at least 64 bytes");
  if (s.size_bytes > (uint64_t(1) << 30))
    fail("--size", std::to_string(s.size_bytes) + ": expected at most 1 GiB (one bank)");
  if (!is_pow2(s.block_bytes))
    fail("--block", std::to_string(s.block_bytes) + ": expected a power of two number of bytes");
  if (s.block_bytes > s.size_bytes)
    fail("--block", std::to_string(s.block_bytes) + " is larger than --size " + std::to_string(s.size_bytes) +
                        "; expected block <= size");
  if (s.block_bytes > 1024)
    fail("--block", std::to_string(s.block_bytes) + ": expected at most 1024 bytes per access");
  if (s.type == SramType::Ram && s.associativity != 1)
    fail("--assoc", std::to_string(s.associativity) + ": a ram has no ways; expected 1 (or --type cache)");
  if (!is_pow2(s.associativity))
    fail("--assoc", std::to_string(s.associativity) + ": expected a power of two number of ways");
  if (s.size_bytes % (s.block_bytes * s.associativity) != 0 || s.block_bytes * s.associativity > s.size_bytes)
    fail("--assoc", std::to_string(s.associativity) + " ways of " + std::to_string(s.block_bytes) +
                        "-byte blocks do not divide --size " + std::to_string(s.size_bytes) +
                        "; expected size / (block * assoc) to be a whole number of sets");
  if (s.associativity > 64) fail("--assoc", std::to_string(s.associativity) + ": expected at most 64 ways");
  if (s.ports.rw < 0 || s.ports.r < 0 || s.ports.w < 0 || s.ports.readers() == 0 || s.ports.writers() == 0 ||
      s.ports.total() > 8)
    fail("--ports", port_spec_string(s.ports) + ": expected 1..8 ports with at least one reader and one writer");
  if (!(s.node_nm >= kMinNodeNm && s.node_nm <= kMaxNodeNm))
    fail("--node", std::to_string(s.node_nm) + " nm: expected a process node within " +
                       std::to_string(int(kMinNodeNm)) + ".." + std::to_string(int(kMaxNodeNm)) + " nm");
  if (!(s.temperature_k >= 250 && s.temperature_k <= 450))
    fail("--temperature", std::to_string(s.temperature_k) + " K: expected 250..450 K");
  if (s.type == SramType::Cache && (s.address_bits < 16 || s.address_bits > 64))
    fail("--address-bits", std::to_string(s.address_bits) + ": expected 16..64");
}

}  // namespace gpucosim::power
