#pragma once
// What a trace input holds, told from its first bytes rather than its name, so a kernel trace
// passed under any name (kernel-1.txt, a pipe's temporary file) is read as one, and a kernelslist
// that is really a kernel trace, a binary file or a folder is refused instead of read as an empty
// list.
#include <string>

namespace gpucosim {

enum class TraceFileKind {
  KernelTrace,    // text starting with the kernel header ("-kernel name = ...")
  KernelTraceXz,  // an .xz stream (Accel-Sim's compressed kernel-N.traceg.xz)
  Text,           // other text: read as a kernelslist.g
  Binary,         // NUL bytes or control characters within the first 4 KB
  Missing,        // cannot be opened (does not exist, no permission)
  Folder,
  Special,        // a named pipe, socket or device other than a character device (opening a pipe
                  // with no writer would wait for ever)
};

TraceFileKind sniff_trace_file(const std::string& path);
// Same for bytes held in memory (the first bytes of a file).
TraceFileKind sniff_trace_bytes(const std::string& head);

}  // namespace gpucosim
