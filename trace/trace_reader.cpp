// Entry points of the trace reader: kernelslist.g and kernel traces from files or memory.
#include "trace/trace_reader.h"

#include <sys/stat.h>

#include "kernel/input_error.h"
#include "trace/byte_stream.h"
#include "trace/line_source.h"
#include "trace/text_scan.h"
#include "trace/traceg_source.h"

namespace gpucosim {
namespace {

using namespace trace_text;

std::vector<Command> parse_kernelslist(LineSource& ls, const std::string* list_path) {
  std::vector<Command> out;
  std::string_view line;
  while (ls.next_nonblank(line)) {
    std::string_view t = trim(line);
    if (starts_with(t, "MemcpyHtoD")) {
      // MemcpyHtoD,<hex dst>,<decimal bytes>
      Command c;
      c.kind = Command::Kind::MemcpyHtoD;
      size_t c1 = t.find(','), c2 = c1 == std::string_view::npos ? c1 : t.find(',', c1 + 1);
      if (c1 == std::string_view::npos || c2 == std::string_view::npos || trim(t.substr(0, c1)) != "MemcpyHtoD" ||
          !parse_hex(trim(t.substr(c1 + 1, c2 - c1 - 1)), c.addr) || !parse_dec(trim(t.substr(c2 + 1)), c.bytes))
        ls.fail("expected 'MemcpyHtoD,<hex address>,<decimal bytes>'");
      out.push_back(std::move(c));
    } else if (starts_with(t, "kernel")) {
      Command c;
      c.kind = Command::Kind::Kernel;
      c.path = std::string(t);
      if (list_path) {
        std::string resolved = resolve_kernel_path(*list_path, c.path);
        struct stat st {};
        if (::stat(resolved.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
          ls.fail("kernel trace '" + c.path + "' not found (looked for " + resolved + ")");
      }
      out.push_back(std::move(c));
    }
    // Anything else (MemcpyDtoH, comments) is ignored, as Accel-Sim does.
  }
  return out;
}

}  // namespace

std::vector<Command> read_kernelslist(const std::string& list_path) {
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
  return std::make_unique<TracegSource>(std::move(lines), opts);
}

std::unique_ptr<KernelSource> open_kernel_trace_buffer(const std::string& name, std::string data,
                                                       const TraceReadOptions& opts) {
  auto lines = std::make_unique<LineSource>(name, memory_source(std::move(data)));
  return std::make_unique<TracegSource>(std::move(lines), opts);
}

}  // namespace gpucosim
