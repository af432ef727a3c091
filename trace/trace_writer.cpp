// Writing kernel traces and command lists. Output is batched into ~1 MiB chunks so a large
// kernel costs one write() per chunk and memory stays bounded by a chunk plus one thread block.
#include "trace/trace_writer.h"

#include <cinttypes>
#include <cstdio>

#include "kernel/input_error.h"
#include "trace/byte_stream.h"
#include "trace/trace_format.h"

namespace gpucosim {
namespace {

constexpr size_t kFlushAt = 1 << 20;

void write_all(const std::string& path, ByteSink& sink, const std::string& text) {
  try {
    sink.write(text.data(), text.size());
  } catch (const StreamError& e) {
    throw InputError(path, 0, e.what());
  }
}

void finish(const std::string& path, ByteSink& sink) {
  try {
    sink.finish();
  } catch (const StreamError& e) {
    throw InputError(path, 0, e.what());
  }
}

}  // namespace

void write_kernel_trace(const std::string& path, KernelSource& src) {
  std::unique_ptr<ByteSink> sink = open_trace_sink(path);
  try {
    std::string buf;
    buf.reserve(kFlushAt + (kFlushAt >> 2));
    append_header(buf, src.header());
    ThreadBlock tb;
    while (src.next_block(tb)) {
      append_thread_block(buf, tb, src.header(), src.opcodes());
      if (buf.size() >= kFlushAt) {
        write_all(path, *sink, buf);
        buf.clear();
      }
    }
    write_all(path, *sink, buf);
    finish(path, *sink);
  } catch (...) {
    sink.reset();
    std::remove(path.c_str());  // never leave a truncated trace that looks complete
    throw;
  }
}

void write_kernelslist(const std::string& path, const std::vector<Command>& commands) {
  std::string text;
  for (const Command& c : commands) {
    if (c.kind == Command::Kind::MemcpyHtoD) {
      char b[64];
      std::snprintf(b, sizeof b, "MemcpyHtoD,0x%016" PRIx64 ",%" PRIu64 "\n", c.addr, c.bytes);
      text += b;
    } else {
      text += c.path;
      text += '\n';
    }
  }
  std::unique_ptr<ByteSink> sink = open_plain_sink(path);
  write_all(path, *sink, text);
  finish(path, *sink);
}

}  // namespace gpucosim
