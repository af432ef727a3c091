#pragma once
// Reading Accel-Sim traces: kernelslist.g command lists and kernel-N.traceg(.xz) files.
// Grammar: ../shared/spec/accel-sim-formats.md §3. Every malformed input raises InputError with
// "file:line: what was expected".
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim {

struct TraceReadOptions {
  // Binary version to assume when a trace names one without an opcode map (e.g. 0 or 72).
  // Unset: such a trace is an error.
  std::optional<uint32_t> assume_binary_version;
};

// Parses a kernelslist.g. Kernel paths are returned as written; resolve them with
// resolve_kernel_path().
std::vector<Command> read_kernelslist(const std::string& list_path);

// The path of a kernel trace named in `list_path`, relative to the list's folder.
std::string resolve_kernel_path(const std::string& list_path, const std::string& kernel_path);

// Opens a .traceg or .traceg.xz and reads its header. Thread blocks are then streamed one at a
// time by next_block(), so memory stays bounded by the largest thread block.
std::unique_ptr<KernelSource> open_kernel_trace(const std::string& path, const TraceReadOptions& opts = {});

// Whether PATH names one kernel's trace (.traceg or .traceg.xz) rather than a kernelslist.g.
bool is_kernel_trace_path(const std::string& path);

// Reads a plain .traceg held in memory (tests and the fuzzer). `name` stands for the file name in
// error messages.
std::unique_ptr<KernelSource> open_kernel_trace_buffer(const std::string& name, std::string data,
                                                       const TraceReadOptions& opts = {});

// Parses a kernelslist.g held in memory; kernel paths are not checked for existence.
std::vector<Command> parse_kernelslist_buffer(const std::string& name, std::string data);

}  // namespace gpucosim
