// The cold paths of HeadCache: storing a head after a full parse, and growing the table.
#include "trace/head_cache.h"

namespace gpucosim {

void HeadCache::store(std::string_view head, bool whole_line, const Instruction& inst) {
  if (head.size() < kKeyBytes || head.size() > kMaxText) return;
  Entry* e = &entries_[slot(head.data())];
  // Many evictions mean the kernel's code does not fit: grow, else warps would keep replacing
  // each other's heads and every line would be parsed in full. (A head replacing one with the
  // same key, e.g. the same PC under another mask, is not an eviction.)
  const bool evicts = e->len != 0 && std::memcmp(e->text, head.data(), kKeyBytes) != 0;
  if (evicts && ++evictions_ > entries_.size() && entries_.size() < kMaxEntries) {
    grow();
    e = &entries_[slot(head.data())];
  }
  e->len = uint8_t(head.size());
  e->whole_line = whole_line;
  e->inst = inst;
  std::memcpy(e->text, head.data(), head.size());
}

// A cache loses nothing by starting empty, so the entries are not rehashed.
void HeadCache::grow() {
  entries_.assign(entries_.size() * 2, Entry{});
  --shift_;
  evictions_ = 0;
}

}  // namespace gpucosim
