#pragma once
// Byte-level input and output of trace files: plain files, .xz through liblzma, and in-memory
// buffers (tests and the fuzzer). The line and trace layers above never know which one they use.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace gpucosim {

// Raised by byte streams for I/O and decompression failures; the line layer turns it into an
// InputError carrying the file name and line number where it happened.
class StreamError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Reads up to `n` bytes into `buf`; returns 0 only at the end of the data. Throws StreamError.
  virtual size_t read(char* buf, size_t n) = 0;
  // Total bytes when known cheaply (plain files, memory), else 0; sizes the line buffer.
  virtual uint64_t size_hint() const { return 0; }
};

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  // Throws StreamError on failure.
  virtual void write(const char* data, size_t n) = 0;
  // Flushes everything and closes; must be called once before destruction for the data to count.
  virtual void finish() = 0;
};

// Both factories throw InputError(path, 0, ...) when the file cannot be opened.
std::unique_ptr<ByteSource> open_plain_source(const std::string& path);
std::unique_ptr<ByteSource> open_xz_source(const std::string& path);
std::unique_ptr<ByteSource> memory_source(std::string data);

std::unique_ptr<ByteSink> open_plain_sink(const std::string& path);
std::unique_ptr<ByteSink> open_xz_sink(const std::string& path, uint32_t preset = 1);

// Picks plain or .xz by the file's first bytes (the xz magic), whatever its name; a folder or a
// binary file that is not .xz is an InputError.
std::unique_ptr<ByteSource> open_trace_source(const std::string& path);
// The writer picks by the path's suffix (.xz compresses).
std::unique_ptr<ByteSink> open_trace_sink(const std::string& path);

}  // namespace gpucosim
