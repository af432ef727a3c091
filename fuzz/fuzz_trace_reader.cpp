// libFuzzer target: arbitrary bytes as a .traceg (and as a kernelslist.g). The only exception
// allowed to escape the reader is InputError; anything else (another exception, a crash, a
// sanitizer report, a hang) is a bug. Every accepted trace must also survive the writer: its
// text, read back, formats to the same bytes.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "kernel/input_error.h"
#include "trace/trace_format.h"
#include "trace/trace_reader.h"

namespace {

// Formats a whole kernel; stops adding text past a cap so one input cannot take long.
std::string format_all(gpucosim::KernelSource& src) {
  std::string out;
  gpucosim::append_header(out, src.header());
  gpucosim::ThreadBlock tb;
  while (src.next_block(tb) && out.size() < (4u << 20)) gpucosim::append_thread_block(out, tb, src.header(), src.opcodes());
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    gpucosim::parse_kernelslist_buffer("fuzz-kernelslist.g", bytes);
  } catch (const gpucosim::InputError&) {
  }
  std::string first;
  try {
    gpucosim::TraceReadOptions opts;
    opts.assume_binary_version = 80;  // reach the body even when the header's version is odd
    auto src = gpucosim::open_kernel_trace_buffer("fuzz.traceg", bytes, opts);
    first = format_all(*src);
  } catch (const gpucosim::InputError&) {
    return 0;
  }
  if (first.size() >= (4u << 20)) return 0;
  // What the writer produced must read back without error and format identically.
  gpucosim::TraceReadOptions opts;
  opts.assume_binary_version = 80;
  auto again = gpucosim::open_kernel_trace_buffer("fuzz-rewritten.traceg", first, opts);
  if (format_all(*again) != first) std::abort();
  return 0;
}
