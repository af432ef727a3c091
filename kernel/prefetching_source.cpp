#include "kernel/prefetching_source.h"

#include <algorithm>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace gpucosim {

PrefetchingSource::PrefetchingSource(std::unique_ptr<KernelSource> inner, size_t depth, bool read_ahead,
                                     size_t bytes)
    : inner_(std::move(inner)),
      depth_(depth),
      bytes_(bytes),
      header_(inner_->header()),
      table_(inner_->opcodes().binary_version()),
      inline_(!read_ahead) {
  if (depth_ == 0) throw std::invalid_argument("PrefetchingSource: depth must be at least 1");
  sync_opcodes();  // opcodes the inner source met while reading its header (none today)
  if (!inline_) start_reader();
}

void PrefetchingSource::start_reader() {
  try {
    reader_ = std::thread([this] { read_ahead(); });
  } catch (const std::system_error&) {
    inline_ = true;  // no thread to be had (a process limit): read on this thread instead
  }
}

namespace {
size_t block_bytes(const ThreadBlock& tb) {
  size_t b = 0;
  for (const Warp& w : tb.warps)
    b += w.insts.size() * sizeof(Instruction) + w.addrs.size() * sizeof(LaneAddrs) +
         w.values.size() * sizeof(LaneValues);
  return b;
}
}  // namespace

PrefetchingSource::~PrefetchingSource() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  changed_.notify_all();
  if (reader_.joinable()) reader_.join();
}

void PrefetchingSource::read_ahead() {
  // Everything this thread does is inside the try: an exception escaping a thread ends the process
  // (a bad_alloc here once did, under an address-space limit). It goes to the reader instead.
  size_t published = inner_->opcodes().size();  // inner table entries already sent
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      changed_.wait(lock, [&] { return stop_ || wants_block(); });
      if (stop_) return;
    }
    Item item;
    try {
      item.more = inner_->next_block(item.block);
      if (item.more) item.bytes = block_bytes(item.block);
      const OpcodeTable& t = inner_->opcodes();
      for (; published < t.size(); ++published) item.opcodes.push_back(t[uint16_t(published)].text);
    } catch (...) {
      item = Item{};
      item.error = std::current_exception();
    }
    const bool last = !item.more || item.error;
    {
      std::lock_guard<std::mutex> lock(mu_);
      ready_bytes_ += item.bytes;
      ready_.push_back(std::move(item));
    }
    changed_.notify_all();
    if (last) return;
  }
}

bool PrefetchingSource::wants_block() {
  // Large blocks (a generated kernel's block may hold hundreds of MB of streams): one waiting block
  // beyond the budget is enough to overlap the reading, `depth` of them would be gigabytes.
  if (!ready_.empty() && ready_bytes_ >= std::max(bytes_, kMaxAheadBytes)) return false;
  if (!consumed_) return ready_.size() < depth_ || ready_bytes_ < bytes_;
  if (ready_.size() < depth_) refilling_ = true;
  if (refilling_ && ready_.size() >= depth_ + kRefillBlocks) refilling_ = false;
  if (refilling_ && ready_.size() >= depth_ && ready_bytes_ >= bytes_) refilling_ = false;
  return refilling_;
}

bool PrefetchingSource::next_block(ThreadBlock& tb) {
  if (finished_) return false;
  if (inline_) return next_inline(tb);
  Item item;
  bool wake = false;
  {
    std::unique_lock<std::mutex> lock(mu_);
    consumed_ = true;
    changed_.wait(lock, [&] { return !ready_.empty(); });
    item = std::move(ready_.front());
    ready_.pop_front();
    ready_bytes_ -= item.bytes;
    // The reader waits only between refills, until fewer than `depth` blocks wait
    // (wants_block): only then is it worth waking.
    wake = ready_.size() < depth_;
  }
  if (wake) changed_.notify_all();
  // The same indices as the inner table: interned in the order the inner source added them.
  for (const std::string& op : item.opcodes) table_.intern(op);
  if (item.error) {
    finished_ = true;
    std::rethrow_exception(item.error);
  }
  if (!item.more) {
    finished_ = true;
    return false;
  }
  tb = std::move(item.block);
  return true;
}

bool PrefetchingSource::next_inline(ThreadBlock& tb) {
  try {
    const bool more = inner_->next_block(tb);
    sync_opcodes();
    if (!more) finished_ = true;
    return more;
  } catch (...) {
    sync_opcodes();
    finished_ = true;
    throw;
  }
}

void PrefetchingSource::sync_opcodes() {
  const OpcodeTable& t = inner_->opcodes();
  for (size_t i = table_.size(); i < t.size(); ++i) table_.intern(t[uint16_t(i)].text);
}

}  // namespace gpucosim
