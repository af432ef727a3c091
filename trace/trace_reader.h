#pragma once
// Reading Accel-Sim traces: kernelslist.g command lists and kernel-N.traceg(.xz) files.
// Grammar: ../shared/spec/accel-sim-formats.md §3. Every malformed input raises InputError with
// "file:line: what was expected".
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "kernel/prefetching_source.h"

namespace gpucosim {

struct TraceReadOptions {
  // Binary version to assume when a trace names one without an opcode map (e.g. 0 or 72).
  // Unset: such a trace is an error.
  std::optional<uint32_t> assume_binary_version;
  // Thread blocks a second host thread reads ahead of the simulation (PrefetchingSource) when a
  // trace file is opened; 0 reads on the caller's thread. Either way the blocks are the same.
  size_t prefetch_blocks = kDefaultPrefetchBlocks;
};

// Parses a kernelslist.g. Each non-blank line is one of
//   MemcpyHtoD,<hex address>,<decimal bytes>   a host-to-device copy
//   MemcpyDtoH,...                             ignored, as Accel-Sim does
//   # ...                                      a comment
//   <kernel trace path>                        a launch: a line starting with "kernel" (Accel-Sim's
//                                              rule), "./", "../" or "/", or ending in .traceg or
//                                              .traceg.xz; relative to the list's folder
// and anything else is an error, as is a list with no launch, a binary file, a line naming the
// list itself or a file that is not a kernel trace (checked by content). Kernel paths are returned
// as written; resolve them with resolve_kernel_path().
std::vector<Command> read_kernelslist(const std::string& list_path);

// The path of a kernel trace named in `list_path`: as written when absolute, else relative to the
// list's folder (Accel-Sim joins the list's folder and the line).
std::string resolve_kernel_path(const std::string& list_path, const std::string& kernel_path);

// Opens a .traceg or .traceg.xz and reads its header. Thread blocks are then streamed one at a
// time by next_block(), so memory stays bounded by the largest thread block.
std::unique_ptr<KernelSource> open_kernel_trace(const std::string& path, const TraceReadOptions& opts = {});

// Whether PATH holds one kernel's trace rather than a kernelslist.g, by its content (a kernel
// header or an .xz stream; trace/trace_sniff.h); by its suffix when it cannot be opened.
bool is_kernel_trace_path(const std::string& path);

// Reads a plain .traceg held in memory (tests and the fuzzer). `name` stands for the file name in
// error messages.
std::unique_ptr<KernelSource> open_kernel_trace_buffer(const std::string& name, std::string data,
                                                       const TraceReadOptions& opts = {});

// Parses a kernelslist.g held in memory; kernel paths are not checked for existence.
std::vector<Command> parse_kernelslist_buffer(const std::string& name, std::string data);

}  // namespace gpucosim
