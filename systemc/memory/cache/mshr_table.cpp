#include "systemc/memory/cache/mshr_table.h"

#include "systemc/memory/cache/tag_array.h"

#include <cassert>
#include <stdexcept>

namespace gpucosim {

MshrTable::MshrTable(uint32_t entries, uint32_t max_merge, bool per_sector)
    : capacity_(entries), max_merge_(max_merge), per_sector_(per_sector) {
  if (entries == 0 || max_merge == 0) throw std::invalid_argument("MSHR: entries and max merge must be > 0");
  // Entries are created on demand up to `entries` (in sector mode each line in flight holds at
  // least one sector, so `entries` lines suffice): a streaming L1 with 16k MSHRs pays only for
  // the entries it ever uses.
  size_t slots = 16;
  uint32_t bits = 4;
  while (slots < size_t(entries) * 2) {
    slots <<= 1;
    ++bits;
  }
  index_.assign(slots, -1);
  shift_ = 64 - bits;
}

int MshrTable::find(uint64_t line) const {
  const size_t mask = index_.size() - 1;
  for (size_t s = slot_of(line);; s = (s + 1) & mask) {
    const int32_t e = index_[s];
    if (e < 0) return -1;
    if (entries_[size_t(e)].line == line) return e;
  }
}

void MshrTable::index_insert(uint64_t line, int32_t entry) {
  const size_t mask = index_.size() - 1;
  size_t s = slot_of(line);
  while (index_[s] >= 0) s = (s + 1) & mask;
  index_[s] = entry;
}

void MshrTable::index_erase(uint64_t line) {
  // Linear probing with backward-shift deletion keeps probe chains intact without tombstones.
  const size_t mask = index_.size() - 1;
  size_t s = slot_of(line);
  while (entries_[size_t(index_[s])].line != line) s = (s + 1) & mask;
  size_t hole = s;
  for (size_t j = (hole + 1) & mask; index_[j] >= 0; j = (j + 1) & mask) {
    const size_t home = slot_of(entries_[size_t(index_[j])].line);
    // Move j into the hole if its home slot is not cyclically in (hole, j].
    const bool stays = (hole < j) ? (home > hole && home <= j) : (home > hole || home <= j);
    if (!stays) {
      index_[hole] = index_[j];
      hole = j;
    }
  }
  index_[hole] = -1;
}

MshrCheck MshrTable::check_entry(int e, uint8_t fresh, uint8_t wait) const {
  if (per_sector_) {
    if (used_sectors_ + uint32_t(sector_count(fresh)) > capacity_) return MshrCheck::Full;
    if (e >= 0 && wait) {
      const Entry& en = entries_[size_t(e)];
      for (int s = 0; s < 4; ++s)
        if ((wait >> s) & 1 && en.sector_waiters[s] >= max_merge_) return MshrCheck::MergeLimit;
    }
    return MshrCheck::Ok;
  }
  if (e < 0) return (fresh == 0 && wait == 0) || used_lines_ < capacity_ ? MshrCheck::Ok : MshrCheck::Full;
  if (wait && entries_[size_t(e)].waiters >= max_merge_) return MshrCheck::MergeLimit;
  return MshrCheck::Ok;
}

int32_t MshrTable::new_node() {
  if (free_node_ >= 0) {
    const int32_t n = free_node_;
    free_node_ = nodes_[size_t(n)].next;
    nodes_[size_t(n)].next = -1;
    return n;
  }
  nodes_.push_back(Node{});  // grows to the working set once, then recycled
  return int32_t(nodes_.size() - 1);
}

void MshrTable::add_entry(int e, uint64_t line, uint8_t fresh, const MshrWaiter* waiter) {
  if (e < 0) {
    if (fresh == 0 && waiter == nullptr) return;
    if (free_entry_ >= 0) {
      e = free_entry_;
      free_entry_ = entries_[size_t(e)].next_free;
    } else {
      assert(entries_.size() < capacity_);
      entries_.emplace_back();
      e = int(entries_.size() - 1);
    }
    Entry& en = entries_[size_t(e)];
    en = Entry{};
    en.line = line;
    index_insert(line, e);
    ++used_lines_;
  }
  Entry& en = entries_[size_t(e)];
  used_sectors_ += uint32_t(sector_count(fresh & ~en.pending));
  en.pending |= fresh;
  if (waiter) {
    const int32_t n = new_node();
    nodes_[size_t(n)].w = *waiter;
    nodes_[size_t(n)].remaining = waiter->sectors;
    if (en.tail >= 0)
      nodes_[size_t(en.tail)].next = n;
    else
      en.head = n;
    en.tail = n;
    ++en.waiters;
    for (int s = 0; s < 4; ++s)
      if ((waiter->sectors >> s) & 1) ++en.sector_waiters[s];
  }
}

void MshrTable::fill(uint64_t line, uint8_t sectors, std::vector<MshrWaiter>& done) {
  const int e = find(line);
  if (e < 0) return;
  Entry& en = entries_[size_t(e)];
  used_sectors_ -= uint32_t(sector_count(en.pending & sectors));
  en.pending &= uint8_t(~sectors);
  for (int s = 0; s < 4; ++s)
    if ((sectors >> s) & 1) en.sector_waiters[s] = 0;
  // Requesters whose sectors are no longer in flight are served. If nothing is in flight any
  // more, everyone left is served too (their sectors can only be outside the pending set if the
  // caller filled them some other way, e.g. a write that completed the sector).
  int32_t prev = -1;
  for (int32_t n = en.head; n >= 0;) {
    Node& node = nodes_[size_t(n)];
    const int32_t next = node.next;
    node.remaining &= en.pending;
    if (node.remaining == 0 || en.pending == 0) {
      done.push_back(node.w);
      if (prev >= 0)
        nodes_[size_t(prev)].next = next;
      else
        en.head = next;
      if (en.tail == n) en.tail = prev;
      node.next = free_node_;
      free_node_ = n;
      --en.waiters;
    } else {
      prev = n;
    }
    n = next;
  }
  if (en.pending == 0) {
    index_erase(line);
    en.next_free = free_entry_;
    free_entry_ = e;
    --used_lines_;
  }
}

}  // namespace gpucosim
