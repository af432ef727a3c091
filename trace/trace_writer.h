#pragma once
// Writing Accel-Sim traces (tracer version 5 grammar) that Accel-Sim itself can read.
// Writing what was read gives byte-identical output on a second write.
#include <ostream>
#include <string>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim {

// Writes a whole kernel to `path` (.traceg, or .traceg.xz through liblzma), streaming one thread
// block at a time from `src`.
void write_kernel_trace(const std::string& path, KernelSource& src);

// Writes a kernelslist.g.
void write_kernelslist(const std::string& path, const std::vector<Command>& commands);

}  // namespace gpucosim
