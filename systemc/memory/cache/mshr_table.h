#pragma once
// Miss-status holding registers: the lines (or sectors) with a fill on its way, and for each the
// requesters waiting on it, in arrival order.
//
// Two modes (the cache picks one, cache.cpp):
//   per line (a non-sectored cache): at most `entries` lines in flight; at most `max_merge`
//       requesters per line (the first one included, as in GPGPU-Sim).
//   per sector (a sectored cache, whatever its <mshr_type> letter: GPGPU-Sim keys its MSHRs by the
//       sector address there): at most `entries` sectors in flight; at most `max_merge` requesters
//       waiting on any one sector.
// ('F'/'T' texture FIFOs are treated as 'A'.)
//
// Lookup is an open-addressing hash from line number to entry; entries and waiter nodes live in
// preallocated arrays with free lists, so steady-state operation never allocates.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpucosim {

struct MshrWaiter {
  uint64_t token = 0;   // the requester's opaque handle, returned by fill()
  uint8_t sectors = 0;  // sectors the requester waited for (as it asked)
  bool is_write = false;
};

enum class MshrCheck : uint8_t { Ok, Full, MergeLimit };

class MshrTable {
 public:
  MshrTable(uint32_t entries, uint32_t max_merge, bool per_sector);

  // The entry of `line` (-1 if none). An entry stays where it is until fill() frees it, so a
  // caller may look it up once and pass it to the *_entry() forms below (one hash probe per
  // access instead of three).
  int find(uint64_t line) const;

  // Sectors of `line` in flight (0 if none).
  uint8_t pending(uint64_t line) const { return pending_entry(find(line)); }
  uint8_t pending_entry(int e) const { return e < 0 ? 0 : entries_[size_t(e)].pending; }

  // Can a requester waiting on `wait` sectors (0 = no waiter), which also puts the `fresh` sectors
  // of `line` in flight, be taken?
  MshrCheck check(uint64_t line, uint8_t fresh, uint8_t wait) const { return check_entry(find(line), fresh, wait); }
  MshrCheck check_entry(int e, uint8_t fresh, uint8_t wait) const;
  // Records it (check() must have said Ok).
  void add(uint64_t line, uint8_t fresh, const MshrWaiter* waiter) { add_entry(find(line), line, fresh, waiter); }
  // The same with `e` = find(line), taken since nothing changed in the table.
  void add_entry(int e, uint64_t line, uint8_t fresh, const MshrWaiter* waiter);

  // Sectors of `line` arrived. Requesters whose sectors have all arrived are appended to `done`
  // in arrival order; the entry is freed when nothing of it is in flight any more.
  void fill(uint64_t line, uint8_t sectors, std::vector<MshrWaiter>& done);

  uint32_t lines_in_flight() const { return used_lines_; }
  uint32_t sectors_in_flight() const { return used_sectors_; }
  bool empty() const { return used_lines_ == 0; }
  uint32_t capacity() const { return capacity_; }
  uint32_t max_merge() const { return max_merge_; }

 private:
  struct Entry {
    uint64_t line = 0;
    uint8_t pending = 0;
    uint16_t waiters = 0;
    uint16_t sector_waiters[4] = {0, 0, 0, 0};
    int32_t head = -1, tail = -1;  // waiter list
    int32_t next_free = -1;
  };
  struct Node {
    MshrWaiter w;
    uint8_t remaining = 0;  // of w.sectors, still in flight
    int32_t next = -1;
  };

  void index_insert(uint64_t line, int32_t entry);
  void index_erase(uint64_t line);
  size_t slot_of(uint64_t line) const { return size_t((line * 0x9E3779B97F4A7C15ull) >> shift_); }
  int32_t new_node();

  uint32_t capacity_, max_merge_;
  bool per_sector_;
  uint32_t used_lines_ = 0, used_sectors_ = 0;
  std::vector<Entry> entries_;
  int32_t free_entry_ = -1;
  std::vector<int32_t> index_;  // hash slots: entry index or -1
  uint32_t shift_ = 0;
  std::vector<Node> nodes_;
  int32_t free_node_ = -1;
};

}  // namespace gpucosim
