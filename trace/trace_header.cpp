#include "trace/trace_header.h"

#include <cstdio>
#include <string>

#include "trace/text_scan.h"

namespace gpucosim {
namespace {

using namespace trace_text;

// Keys the reader interprets. Bit i of ParsedKeys::seen = kKeys[i] seen.
enum Key {
  kName, kId, kGrid, kBlock, kShmem, kNregs, kBinaryVersion, kStream, kShmemBase, kLocalBase,
  kNvbit, kTracerVersion, kLineinfo, kKeyCount
};
constexpr const char* kKeys[kKeyCount] = {
    "kernel name",  "kernel id",       "grid dim",           "block dim",    "shmem",
    "nregs",        "binary version",  "cuda stream id",     "shmem base_addr",
    "local mem base_addr", "nvbit version", "accelsim tracer version", "enable lineinfo"};
constexpr Key kRequired[] = {kName, kId, kGrid, kBlock, kShmem, kNregs, kBinaryVersion};

int find_key(std::string_view key) {
  for (int i = 0; i < kKeyCount; ++i)
    if (key == kKeys[i]) return i;
  return -1;
}

template <class T>
T dec_value(LineSource& ls, std::string_view key, std::string_view v) {
  T out{};
  if (!parse_dec(v, out))
    ls.fail("bad value '" + std::string(shorten(v)) + "' for -" + std::string(key) + ": expected a decimal number");
  return out;
}

uint64_t hex_value(LineSource& ls, std::string_view key, std::string_view v) {
  uint64_t out = 0;
  if (!parse_hex(v, out))
    ls.fail("bad value '" + std::string(shorten(v)) + "' for -" + std::string(key) + ": expected a hex address");
  return out;
}

Dim3 dim_value(LineSource& ls, std::string_view key, std::string_view v) {
  Dim3 d;
  if (!parse_triple(v, d.x, d.y, d.z))
    ls.fail("bad value '" + std::string(shorten(v)) + "' for -" + std::string(key) + ": expected (x,y,z)");
  if (d.x == 0 || d.y == 0 || d.z == 0) ls.fail("-" + std::string(key) + " has a zero dimension");
  return d;
}

// CUDA's limits on every compute capability this reader knows (CUDA C++ Programming Guide,
// "Technical Specifications per Compute Capability"): a grid of at most (2^31-1, 65535, 65535)
// blocks, a block of at most (1024, 1024, 64) and 1024 threads. A trace beyond them was not
// recorded from a launch, and its block count is what the simulator sizes its bookkeeping by.
void check_cuda_limits(LineSource& ls, std::string_view key, const Dim3& d, const Dim3& max, uint64_t max_volume) {
  auto text = [](const Dim3& v) {
    return "(" + std::to_string(v.x) + "," + std::to_string(v.y) + "," + std::to_string(v.z) + ")";
  };
  if (d.x > max.x || d.y > max.y || d.z > max.z)
    ls.fail("-" + std::string(key) + " " + text(d) + " is beyond CUDA's limits: expected at most " + text(max));
  if (max_volume && uint64_t(d.x) * d.y * d.z > max_volume)
    ls.fail("-" + std::string(key) + " " + text(d) + " has " + std::to_string(uint64_t(d.x) * d.y * d.z) +
            " threads: expected at most " + std::to_string(max_volume) + " (CUDA's limit per block)");
}

// Index of the first byte that does not belong to well-formed UTF-8, or npos. A kernel's name goes
// into every report (JSON, which must be UTF-8); the tracer writes mangled names, which are ASCII.
size_t bad_utf8_at(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || (n == 1 && c < 0x20 && c != '\t') || i + n > s.size()) return i;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
    i += n;
  }
  return std::string_view::npos;
}

void set_key(LineSource& ls, int k, std::string_view v, ParsedHeader& p) {
  KernelHeader& h = p.header;
  std::string_view key = kKeys[k];
  switch (k) {
    case kName:
      if (v.empty()) ls.fail("empty -kernel name");
      if (const size_t at = bad_utf8_at(v); at != std::string_view::npos) {
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02X", unsigned(static_cast<unsigned char>(v[at])));
        ls.fail("-kernel name: byte " + std::string(byte) + " at offset " + std::to_string(at) +
                " is not text: expected a printable UTF-8 name (the tracer writes mangled names)");
      }
      h.name = std::string(v);
      break;
    case kId: h.id = dec_value<uint32_t>(ls, key, v); break;
    case kGrid:
      h.grid = dim_value(ls, key, v);
      check_cuda_limits(ls, key, h.grid, Dim3{2147483647u, 65535u, 65535u}, 0);
      break;
    case kBlock:
      h.origin.block_line = ls.line_no();
      h.block = dim_value(ls, key, v);
      check_cuda_limits(ls, key, h.block, Dim3{1024u, 1024u, 64u}, 1024);
      break;
    case kShmem:
      h.origin.shmem_line = ls.line_no();
      h.shmem = dec_value<uint32_t>(ls, key, v);
      break;
    case kNregs:
      h.origin.nregs_line = ls.line_no();
      h.nregs = dec_value<uint32_t>(ls, key, v);
      break;
    case kBinaryVersion:
      h.binary_version = dec_value<uint32_t>(ls, key, v);
      p.binary_version_line = ls.line_no();
      break;
    case kStream: h.stream_id = dec_value<uint64_t>(ls, key, v); break;
    case kShmemBase: h.shmem_base = hex_value(ls, key, v); break;
    case kLocalBase: h.local_base = hex_value(ls, key, v); break;
    case kNvbit: h.nvbit_version = std::string(v); break;
    case kTracerVersion:
      h.tracer_version = dec_value<uint32_t>(ls, key, v);
      // v6+ would be a grammar we have not seen; misreading it silently is worse than stopping.
      if (h.tracer_version > 5)
        ls.fail("accelsim tracer version " + std::to_string(h.tracer_version) + " is not supported (expected 0..5)");
      break;
    case kLineinfo: {
      uint32_t on = dec_value<uint32_t>(ls, key, v);
      if (on > 1) ls.fail("-enable lineinfo must be 0 or 1");
      h.lineinfo = on == 1;
      break;
    }
  }
}

}  // namespace

ParsedHeader parse_kernel_header(LineSource& ls) {
  ParsedHeader p;
  p.header.origin.file = ls.name();
  uint32_t seen = 0;
  std::string_view line;
  bool ended = false;
  while (ls.next_nonblank(line)) {
    std::string_view t = trim(line);
    if (t[0] == '#') {
      p.begin_tb_consumed = t == "#BEGIN_TB";
      ended = true;
      break;
    }
    std::string_view key, value;
    if (t[0] != '-' || !split_key_value(t.substr(1), key, value) || key.empty())
      ls.fail("expected a header line '-key = value' or the '#traces format' line");
    int k = find_key(key);
    if (k < 0) {
      for (const auto& kv : p.header.extra)
        if (kv.first == key) ls.fail("duplicate header key -" + std::string(key));
      p.header.extra.emplace_back(std::string(key), std::string(value));
      continue;
    }
    if (seen & (1u << k)) ls.fail("duplicate header key -" + std::string(key));
    seen |= 1u << k;
    set_key(ls, k, value, p);
  }
  if (!ended) ls.fail("end of file inside the kernel header: expected the '#traces format' line");
  for (Key k : kRequired)
    if (!(seen & (1u << k))) ls.fail("missing header key -" + std::string(kKeys[k]));
  return p;
}

}  // namespace gpucosim
