#pragma once
// Lines of a trace file, read in large chunks from a ByteSource. A returned line is a view into
// the chunk buffer, valid until the next call, so reading costs no allocation per line.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "trace/byte_stream.h"
#include "trace/text_scan.h"

namespace gpucosim {

class LineSource {
 public:
  // The longest line accepted. Real lines are under 1 KB (32 addresses); the limit keeps a
  // corrupt file without newlines from growing memory.
  static constexpr size_t kMaxLine = 1 << 20;

  LineSource(std::string name, std::unique_ptr<ByteSource> bytes);

  // The next line without its '\n' (a trailing '\r' is dropped too). A last line without a
  // newline is returned as a line. False at the end of the data.
  // The byte just past the returned line is readable and is '\n' or '\r', so scanners can stop
  // on it instead of comparing every position with the end (LineCursor does).
  bool next(std::string_view& line) { return take_line(line) || next_slow(line); }
  // Like next() but skips lines that are empty or only whitespace.
  bool next_nonblank(std::string_view& line) {
    while (next(line)) {
      // Most lines start with a non-space: no need to trim them to know they are not blank.
      if (!line.empty() && (!trace_text::is_space(line[0]) || !trace_text::trim(line).empty())) return true;
    }
    return false;
  }

  const std::string& name() const { return name_; }
  // 1-based number of the line last returned (0 before the first).
  uint64_t line_no() const { return line_no_; }

  // Throws InputError for the current line.
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(uint64_t line, const std::string& what) const;

 private:
  // Returns the next line when its '\n' is in the buffer. Inline: the reader calls it per line.
  bool take_line(std::string_view& line) {
    const char* base = buf_.get();
    const void* nl = std::memchr(base + begin_, '\n', end_ - begin_);
    if (!nl) return false;
    const size_t pos = size_t(static_cast<const char*>(nl) - base);
    size_t len = pos - begin_;
    if (len > 0 && base[pos - 1] == '\r') --len;
    line = std::string_view(base + begin_, len);
    begin_ = pos + 1;
    ++line_no_;
    return true;
  }
  // next() when no '\n' is left in the buffer: refills, or returns the last line at the end.
  bool next_slow(std::string_view& line);
  void refill();

  std::string name_;
  std::unique_ptr<ByteSource> bytes_;
  // Uninitialised, sized to the data when that is small: a 2 MiB buffer per small file costs more
  // (zeroing, page faults) than parsing the file. One byte more than cap_ holds the terminator
  // written past a last line that has no newline.
  std::unique_ptr<char[]> buf_;
  size_t cap_ = 0;
  size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  uint64_t line_no_ = 0;
};

}  // namespace gpucosim
