#include "trace/line_source.h"

#include <algorithm>
#include <cstring>

#include "kernel/input_error.h"
#include "trace/text_scan.h"

namespace gpucosim {

namespace {
// Large files are read in chunks of about half this; it also holds the longest line twice over.
constexpr size_t kBuffer = 2 * LineSource::kMaxLine;
constexpr size_t kMinBuffer = 4096;
}  // namespace

LineSource::LineSource(std::string name, std::unique_ptr<ByteSource> bytes)
    : name_(std::move(name)), bytes_(std::move(bytes)) {
  uint64_t hint = bytes_->size_hint();
  cap_ = hint == 0 || hint >= kBuffer ? kBuffer : std::max<size_t>(kMinBuffer, size_t(hint) + 1);
  buf_.reset(new char[cap_ + 1]);
}

void LineSource::fail(const std::string& what) const { throw InputError(name_, line_no_, what); }
void LineSource::fail_at(uint64_t line, const std::string& what) const { throw InputError(name_, line, what); }

// Moves the unread tail to the front and fills the rest of the buffer (at least one read).
void LineSource::refill() {
  if (begin_ > 0) {
    std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ - begin_ > kMaxLine) fail_at(line_no_ + 1, "line longer than 1 MiB (binary data or a missing newline?)");
  if (end_ > cap_ / 2 && cap_ < kBuffer) {  // the hint was low: grow so a partial line always fits
    size_t cap = std::min(kBuffer, cap_ * 2);
    std::unique_ptr<char[]> bigger(new char[cap + 1]);
    std::memcpy(bigger.get(), buf_.get(), end_);
    buf_ = std::move(bigger);
    cap_ = cap;
  }
  try {
    while (end_ < cap_) {
      size_t got = bytes_->read(buf_.get() + end_, cap_ - end_);
      if (got == 0) {
        eof_ = true;
        break;
      }
      end_ += got;
      if (end_ > cap_ / 2) break;  // enough to make progress; avoid tiny reads
    }
  } catch (const StreamError& e) {
    fail_at(line_no_ + 1, e.what());
  }
}

bool LineSource::next_slow(std::string_view& line) {
  for (;;) {
    if (eof_) {
      if (begin_ == end_) return false;
      size_t len = end_ - begin_;
      if (buf_[end_ - 1] == '\r') --len;
      buf_[end_] = '\n';  // the terminator next() promises (the buffer has a byte for it)
      line = std::string_view(buf_.get() + begin_, len);
      begin_ = end_;
      ++line_no_;
      return true;
    }
    refill();
    if (take_line(line)) return true;
  }
}

}  // namespace gpucosim
