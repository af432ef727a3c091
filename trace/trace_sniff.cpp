#include "trace/trace_sniff.h"

#include <cstdio>
#include <filesystem>

namespace gpucosim {

TraceFileKind sniff_trace_bytes(const std::string& head) {
  static const char kXzMagic[] = {'\xFD', '7', 'z', 'X', 'Z', '\0'};
  if (head.size() >= 6 && head.compare(0, 6, std::string(kXzMagic, 6)) == 0) return TraceFileKind::KernelTraceXz;
  // The header's first key, after any blank lines (the tracer writes it on line 1). The reader
  // checks the rest (header values may hold any bytes).
  size_t i = 0;
  while (i < head.size() && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) ++i;
  static const std::string kFirstKey = "-kernel name";
  if (head.compare(i, kFirstKey.size(), kFirstKey) == 0) return TraceFileKind::KernelTrace;
  for (unsigned char c : head)
    if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') || c == 0x7f)
      return TraceFileKind::Binary;
  return TraceFileKind::Text;
}

TraceFileKind sniff_trace_file(const std::string& path) {
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(st)) return TraceFileKind::Folder;
  if (std::filesystem::is_fifo(st) || std::filesystem::is_socket(st) || std::filesystem::is_block_file(st))
    return TraceFileKind::Special;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return TraceFileKind::Missing;
  std::string head(4096, '\0');
  head.resize(std::fread(head.data(), 1, head.size(), f));
  std::fclose(f);
  return sniff_trace_bytes(head);
}

}  // namespace gpucosim
