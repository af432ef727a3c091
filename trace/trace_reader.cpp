// Entry points of the trace reader: kernelslist.g and kernel traces from files or memory.
#include "trace/trace_reader.h"

#include <filesystem>

#include "kernel/input_error.h"
#include "kernel/prefetching_source.h"
#include "trace/byte_stream.h"
#include "trace/line_source.h"
#include "trace/text_scan.h"
#include "trace/trace_sniff.h"
#include "trace/traceg_source.h"

namespace gpucosim {
namespace {

using namespace trace_text;

bool is_kernel_path_line(std::string_view t) {
  return starts_with(t, "kernel") || starts_with(t, "./") || starts_with(t, "../") || starts_with(t, "/") ||
         ends_with(t, ".traceg") || ends_with(t, ".traceg.xz");
}

bool has_control_chars(std::string_view t) {
  for (unsigned char c : t)
    if ((c < 0x20 && c != '\t') || c == 0x7f) return true;
  return false;
}

// A kernel line of a list read from disk: the file must exist, be a kernel trace (by content)
// and not be the list itself.
void check_kernel_file(const LineSource& ls, const std::string& list_path, const std::string& written) {
  namespace fs = std::filesystem;
  const std::string resolved = resolve_kernel_path(list_path, written);
  std::error_code ec;
  if (fs::exists(resolved, ec) && fs::equivalent(resolved, list_path, ec))
    ls.fail("the list names itself ('" + written + "'): expected a kernel trace (kernel-N.traceg)");
  switch (sniff_trace_file(resolved)) {
    case TraceFileKind::KernelTrace:
    case TraceFileKind::KernelTraceXz: return;
    case TraceFileKind::Missing: ls.fail("kernel trace '" + written + "' not found (looked for " + resolved + ")");
    case TraceFileKind::Folder: ls.fail("'" + written + "' is a folder (" + resolved + "): expected a kernel trace file");
    case TraceFileKind::Special:
      ls.fail("'" + written + "' (" + resolved + ") is a pipe, socket or device: expected a kernel trace file");
    default:
      ls.fail("'" + written + "' (" + resolved +
              ") is not a kernel trace: expected a file starting with '-kernel name = ...' or an .xz of one");
  }
}

std::vector<Command> parse_kernelslist(LineSource& ls, const std::string* list_path) {
  std::vector<Command> out;
  std::string_view line;
  bool any_kernel = false;
  while (ls.next_nonblank(line)) {
    std::string_view t = trim(line);
    if (has_control_chars(t))
      ls.fail("binary data: expected a text kernelslist.g (MemcpyHtoD lines and kernel trace paths)");
    if (starts_with(t, "MemcpyHtoD")) {
      // MemcpyHtoD,<hex dst>,<decimal bytes>
      Command c;
      c.kind = Command::Kind::MemcpyHtoD;
      size_t c1 = t.find(','), c2 = c1 == std::string_view::npos ? c1 : t.find(',', c1 + 1);
      if (c1 == std::string_view::npos || c2 == std::string_view::npos || trim(t.substr(0, c1)) != "MemcpyHtoD" ||
          !parse_hex(trim(t.substr(c1 + 1, c2 - c1 - 1)), c.addr) || !parse_dec(trim(t.substr(c2 + 1)), c.bytes))
        ls.fail("expected 'MemcpyHtoD,<hex address>,<decimal bytes>'");
      // Within the 48-bit virtual address space every CUDA GPU uses (a copy past 2^64 wrapped round
      // to address 0 before, and sizes added up past 2^64 in the summaries).
      constexpr uint64_t kAddressSpace = uint64_t(1) << 48;
      if (c.addr >= kAddressSpace || c.bytes > kAddressSpace - c.addr)
        ls.fail("MemcpyHtoD of " + std::to_string(c.bytes) + " bytes at " + std::string(trim(t.substr(c1 + 1, c2 - c1 - 1))) +
                " ends beyond 2^48: expected a copy within the GPU's 48-bit virtual address space");
      out.push_back(std::move(c));
    } else if (starts_with(t, "MemcpyDtoH") || starts_with(t, "#")) {
      // Device-to-host copies do not change the simulation (Accel-Sim ignores them); comments.
    } else if (is_kernel_path_line(t)) {
      Command c;
      c.kind = Command::Kind::Kernel;
      c.path = std::string(t);
      if (list_path) check_kernel_file(ls, *list_path, c.path);
      out.push_back(std::move(c));
      any_kernel = true;
    } else {
      ls.fail("unexpected '" + std::string(shorten(t)) +
              "': expected 'MemcpyHtoD,<hex address>,<decimal bytes>', 'MemcpyDtoH,...', a '#' comment or a kernel "
              "trace path (kernel-N.traceg, ./DIR/FILE, /abs/FILE)");
    }
  }
  if (!any_kernel)
    throw InputError(ls.name(), 0, "no kernel launch: expected at least one kernel trace line (kernel-N.traceg)");
  return out;
}

}  // namespace

std::vector<Command> read_kernelslist(const std::string& list_path) {
  switch (sniff_trace_file(list_path)) {
    case TraceFileKind::Folder: throw InputError(list_path, 0, "is a folder: expected a kernelslist.g or a kernel trace");
    case TraceFileKind::Special:
      throw InputError(list_path, 0, "is a pipe, socket or device: expected a kernelslist.g or a kernel trace file");
    case TraceFileKind::Binary:
      throw InputError(list_path, 0, "binary data: expected a kernelslist.g or a kernel trace (text)");
    default: break;
  }
  LineSource ls(list_path, open_plain_source(list_path));
  return parse_kernelslist(ls, &list_path);
}

std::vector<Command> parse_kernelslist_buffer(const std::string& name, std::string data) {
  LineSource ls(name, memory_source(std::move(data)));
  return parse_kernelslist(ls, nullptr);
}

std::string resolve_kernel_path(const std::string& list_path, const std::string& kernel_path) {
  if (!kernel_path.empty() && kernel_path[0] == '/') return kernel_path;
  size_t slash = list_path.rfind('/');
  if (slash == std::string::npos) return kernel_path;
  return list_path.substr(0, slash + 1) + kernel_path;
}

std::unique_ptr<KernelSource> open_kernel_trace(const std::string& path, const TraceReadOptions& opts) {
  auto lines = std::make_unique<LineSource>(path, open_trace_source(path));
  auto source = std::make_unique<TracegSource>(std::move(lines), opts);
  if (opts.prefetch_blocks == 0) return source;
  return std::make_unique<PrefetchingSource>(std::move(source), opts.prefetch_blocks);
}

std::unique_ptr<KernelSource> open_kernel_trace_buffer(const std::string& name, std::string data,
                                                       const TraceReadOptions& opts) {
  auto lines = std::make_unique<LineSource>(name, memory_source(std::move(data)));
  return std::make_unique<TracegSource>(std::move(lines), opts);
}

}  // namespace gpucosim
