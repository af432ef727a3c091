#pragma once
// Lines of a trace file, read in large chunks from a ByteSource. A returned line is a view into
// the chunk buffer, valid until the next call, so reading costs no allocation per line.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "trace/byte_stream.h"

namespace gpucosim {

class LineSource {
 public:
  // The longest line accepted. Real lines are under 1 KB (32 addresses); the limit keeps a
  // corrupt file without newlines from growing memory.
  static constexpr size_t kMaxLine = 1 << 20;

  LineSource(std::string name, std::unique_ptr<ByteSource> bytes);

  // The next line without its '\n' (a trailing '\r' is dropped too). A last line without a
  // newline is returned as a line. False at the end of the data.
  bool next(std::string_view& line);
  // Like next() but skips lines that are empty or only whitespace.
  bool next_nonblank(std::string_view& line);

  const std::string& name() const { return name_; }
  // 1-based number of the line last returned (0 before the first).
  uint64_t line_no() const { return line_no_; }

  // Throws InputError for the current line.
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(uint64_t line, const std::string& what) const;

 private:
  void refill();

  std::string name_;
  std::unique_ptr<ByteSource> bytes_;
  // Uninitialised, sized to the data when that is small: a 2 MiB buffer per small file costs more
  // (zeroing, page faults) than parsing the file.
  std::unique_ptr<char[]> buf_;
  size_t cap_ = 0;
  size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  uint64_t line_no_ = 0;
};

}  // namespace gpucosim
