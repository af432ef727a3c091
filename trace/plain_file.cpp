// Plain-file byte streams and the suffix dispatch.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

#include <sys/stat.h>

#include "kernel/input_error.h"
#include "trace/byte_stream.h"
#include "trace/text_scan.h"
#include "trace/trace_reader.h"
#include "trace/trace_sniff.h"

namespace gpucosim {
namespace {

class PlainSource : public ByteSource {
 public:
  explicit PlainSource(FILE* f) : f_(f) {}
  ~PlainSource() override { std::fclose(f_); }
  uint64_t size_hint() const override {
    struct stat st {};
    return ::fstat(::fileno(f_), &st) == 0 && st.st_size > 0 ? uint64_t(st.st_size) : 0;
  }
  size_t read(char* buf, size_t n) override {
    size_t got = std::fread(buf, 1, n, f_);
    if (got == 0 && std::ferror(f_)) throw StreamError(std::string("read error: ") + std::strerror(errno));
    return got;
  }

 private:
  FILE* f_;
};

class MemorySource : public ByteSource {
 public:
  explicit MemorySource(std::string data) : data_(std::move(data)) {}
  uint64_t size_hint() const override { return data_.size(); }
  size_t read(char* buf, size_t n) override {
    size_t k = std::min(n, data_.size() - pos_);
    std::memcpy(buf, data_.data() + pos_, k);
    pos_ += k;
    return k;
  }

 private:
  std::string data_;
  size_t pos_ = 0;
};

class PlainSink : public ByteSink {
 public:
  explicit PlainSink(FILE* f) : f_(f) {}
  ~PlainSink() override {
    if (f_) std::fclose(f_);
  }
  void write(const char* data, size_t n) override {
    if (std::fwrite(data, 1, n, f_) != n) throw StreamError(std::string("write error: ") + std::strerror(errno));
  }
  void finish() override {
    FILE* f = f_;
    f_ = nullptr;
    if (std::fclose(f) != 0) throw StreamError(std::string("write error: ") + std::strerror(errno));
  }

 private:
  FILE* f_;
};

}  // namespace

std::unique_ptr<ByteSource> open_plain_source(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  return std::make_unique<PlainSource>(f);
}

std::unique_ptr<ByteSource> memory_source(std::string data) { return std::make_unique<MemorySource>(std::move(data)); }

std::unique_ptr<ByteSink> open_plain_sink(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw InputError(path, 0, std::string("cannot open for writing: ") + std::strerror(errno));
  return std::make_unique<PlainSink>(f);
}

// By content, not by name: an .xz stream is decompressed whatever it is called, anything else is
// read as it is (the kernel header check then says whether it is a trace).
std::unique_ptr<ByteSource> open_trace_source(const std::string& path) {
  switch (sniff_trace_file(path)) {
    case TraceFileKind::KernelTraceXz: return open_xz_source(path);
    case TraceFileKind::Folder: throw InputError(path, 0, "is a folder: expected a kernel trace file");
    case TraceFileKind::Special: throw InputError(path, 0, "is a pipe, socket or device: expected a kernel trace file");
    case TraceFileKind::Binary:
      throw InputError(path, 0, "binary data: expected a kernel trace (text starting with '-kernel name = ...', "
                                "or an .xz of one)");
    default: return open_plain_source(path);
  }
}

std::unique_ptr<ByteSink> open_trace_sink(const std::string& path) {
  if (trace_text::ends_with(path, ".xz")) return open_xz_sink(path);
  if (trace_text::ends_with(path, ".traceg")) return open_plain_sink(path);
  throw InputError(path, 0, "unsupported trace file suffix: expected .traceg or .traceg.xz");
}

bool is_kernel_trace_path(const std::string& path) {
  switch (sniff_trace_file(path)) {
    case TraceFileKind::KernelTrace:
    case TraceFileKind::KernelTraceXz: return true;
    case TraceFileKind::Missing: return trace_text::ends_with(path, ".traceg") || trace_text::ends_with(path, ".xz");
    default: return false;
  }
}

}  // namespace gpucosim
