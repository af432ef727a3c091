#pragma once
// Parsing the `-key = value` header of a kernel trace (accel-sim-formats.md §3.3).
#include <cstdint>

#include "kernel/kernel.h"
#include "trace/line_source.h"

namespace gpucosim {

struct ParsedHeader {
  KernelHeader header;
  uint64_t binary_version_line = 0;  // where `-binary version` was, for error messages
  bool begin_tb_consumed = false;    // the header ended on `#BEGIN_TB` itself (no format line)
};

// Reads up to and including the first line starting with '#'. Unknown keys go to
// KernelHeader::extra; missing required keys, duplicates and bad values raise InputError.
ParsedHeader parse_kernel_header(LineSource& lines);

}  // namespace gpucosim
