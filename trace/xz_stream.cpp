// .xz byte streams through liblzma's streaming API. Accel-Sim pipes through `xz -dc`; decoding
// in-process keeps memory bounded, reports corrupt data with the file's name and needs no shell.
#include <lzma.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "kernel/input_error.h"
#include "trace/byte_stream.h"

namespace gpucosim {
namespace {

constexpr size_t kChunk = 1 << 20;
// xz -9 needs a 64 MiB dictionary; anything asking for far more is corrupt or hostile.
constexpr uint64_t kDecoderMemLimit = 256ull << 20;

std::string lzma_message(lzma_ret r) {
  switch (r) {
    case LZMA_FORMAT_ERROR: return "not an xz file (bad magic bytes)";
    case LZMA_OPTIONS_ERROR: return "unsupported xz options";
    case LZMA_DATA_ERROR: return "corrupt xz data";
    case LZMA_BUF_ERROR: return "truncated xz stream";
    case LZMA_MEM_ERROR: return "out of memory in the xz decoder";
    case LZMA_MEMLIMIT_ERROR: return "xz stream needs more than 256 MiB to decode";
    case LZMA_UNSUPPORTED_CHECK: return "unsupported xz integrity check";
    default: return "xz error " + std::to_string(int(r));
  }
}

class XzSource : public ByteSource {
 public:
  explicit XzSource(FILE* f) : f_(f), in_(kChunk) {
    lzma_ret r = lzma_stream_decoder(&strm_, kDecoderMemLimit, LZMA_CONCATENATED);
    if (r != LZMA_OK) {
      std::fclose(f_);
      throw StreamError(lzma_message(r));
    }
  }
  ~XzSource() override {
    lzma_end(&strm_);
    std::fclose(f_);
  }

  size_t read(char* buf, size_t n) override {
    if (done_ || n == 0) return 0;
    strm_.next_out = reinterpret_cast<uint8_t*>(buf);
    strm_.avail_out = n;
    while (strm_.avail_out == n) {  // loop until some output or the end
      if (strm_.avail_in == 0 && !in_eof_) {
        size_t got = std::fread(in_.data(), 1, in_.size(), f_);
        if (got == 0 && std::ferror(f_)) throw StreamError(std::string("read error: ") + std::strerror(errno));
        if (got == 0) in_eof_ = true;
        strm_.next_in = in_.data();
        strm_.avail_in = got;
      }
      lzma_ret r = lzma_code(&strm_, in_eof_ ? LZMA_FINISH : LZMA_RUN);
      if (r == LZMA_STREAM_END) {
        done_ = true;
        break;
      }
      if (r != LZMA_OK) throw StreamError(lzma_message(r));
    }
    return n - strm_.avail_out;
  }

 private:
  FILE* f_;
  lzma_stream strm_ = LZMA_STREAM_INIT;
  std::vector<uint8_t> in_;
  bool in_eof_ = false, done_ = false;
};

class XzSink : public ByteSink {
 public:
  XzSink(FILE* f, uint32_t preset) : f_(f), out_(kChunk) {
    lzma_ret r = lzma_easy_encoder(&strm_, preset, LZMA_CHECK_CRC64);
    if (r != LZMA_OK) {
      std::fclose(f_);
      throw StreamError(lzma_message(r));
    }
  }
  ~XzSink() override {
    lzma_end(&strm_);
    if (f_) std::fclose(f_);
  }

  void write(const char* data, size_t n) override {
    strm_.next_in = reinterpret_cast<const uint8_t*>(data);
    strm_.avail_in = n;
    while (strm_.avail_in > 0) code(LZMA_RUN);
  }

  void finish() override {
    while (code(LZMA_FINISH) != LZMA_STREAM_END) {
    }
    FILE* f = f_;
    f_ = nullptr;
    if (std::fclose(f) != 0) throw StreamError(std::string("write error: ") + std::strerror(errno));
  }

 private:
  lzma_ret code(lzma_action action) {
    strm_.next_out = out_.data();
    strm_.avail_out = out_.size();
    lzma_ret r = lzma_code(&strm_, action);
    if (r != LZMA_OK && r != LZMA_STREAM_END) throw StreamError(lzma_message(r));
    size_t have = out_.size() - strm_.avail_out;
    if (have && std::fwrite(out_.data(), 1, have, f_) != have)
      throw StreamError(std::string("write error: ") + std::strerror(errno));
    return r;
  }

  FILE* f_;
  lzma_stream strm_ = LZMA_STREAM_INIT;
  std::vector<uint8_t> out_;
};

}  // namespace

std::unique_ptr<ByteSource> open_xz_source(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  try {
    return std::make_unique<XzSource>(f);
  } catch (const StreamError& e) {
    throw InputError(path, 0, e.what());
  }
}

std::unique_ptr<ByteSink> open_xz_sink(const std::string& path, uint32_t preset) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw InputError(path, 0, std::string("cannot open for writing: ") + std::strerror(errno));
  try {
    return std::make_unique<XzSink>(f, preset);
  } catch (const StreamError& e) {
    throw InputError(path, 0, e.what());
  }
}

}  // namespace gpucosim
