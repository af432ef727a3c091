// The cold paths of HeadCache: storing a head after a full parse, and growing the table.
#include "trace/head_cache.h"

namespace gpucosim {

void HeadCache::store(uint32_t pc, std::string_view text, bool whole_line, const Instruction& inst) {
  if (text.empty() || text.size() > kMaxText) return;
  Entry* e = &entries_[slot(pc)];
  // Many evictions mean the kernel's code does not fit: grow, else warps would keep replacing
  // each other's heads and every line would be parsed in full.
  if (e->len != 0 && e->pc != pc && ++evictions_ > entries_.size() && entries_.size() < kMaxEntries) {
    grow();
    e = &entries_[slot(pc)];
  }
  e->pc = pc;
  e->len = uint8_t(text.size());
  e->whole_line = whole_line;
  e->inst = inst;
  std::memcpy(e->text, text.data(), text.size());
}

// A cache loses nothing by starting empty, so the entries are not rehashed.
void HeadCache::grow() {
  entries_.assign(entries_.size() * 2, Entry{});
  --shift_;
  evictions_ = 0;
}

}  // namespace gpucosim
