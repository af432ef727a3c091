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

// Accel-Sim's PipeReader accepts exactly these two suffixes; we do the same so a trace that works
// here works there.
std::unique_ptr<ByteSource> open_trace_source(const std::string& path) {
  if (trace_text::ends_with(path, ".xz")) return open_xz_source(path);
  if (trace_text::ends_with(path, ".traceg")) return open_plain_source(path);
  throw InputError(path, 0, "unsupported trace file suffix: expected .traceg or .traceg.xz");
}

std::unique_ptr<ByteSink> open_trace_sink(const std::string& path) {
  if (trace_text::ends_with(path, ".xz")) return open_xz_sink(path);
  if (trace_text::ends_with(path, ".traceg")) return open_plain_sink(path);
  throw InputError(path, 0, "unsupported trace file suffix: expected .traceg or .traceg.xz");
}

bool is_kernel_trace_path(const std::string& path) {
  return trace_text::ends_with(path, ".traceg") || trace_text::ends_with(path, ".xz");
}

}  // namespace gpucosim
