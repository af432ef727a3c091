// Column commands (RD, WR) of the DRAM channel: which row-hit request gets the command bus.
//
// The rule (dram_channel.h): the oldest queued request whose bank has its row open and whose
// column timing allows at t (column_ok()); FCFS looks only at each bank's oldest request.
//
// Whether column_ok() holds depends on the request only through its bank (ready_col, its bank
// group's tCCDL) and its class: a write (WL, the bus), a read (CL, the bus, tCDLR) and, for a read
// not yet started, a free return slot. So all row hits of one bank and class are ready from the
// same cycle, the oldest of them is served first, and the oldest ready request overall is the
// oldest front of a ready (bank, class) list: one look per list instead of a walk over the queue
// (FR-FCFS with the shortcuts; FCFS and the shortcuts-off mode keep the walk, which tests
// compare with).
#include <algorithm>

#include "systemc/memory/dram_channel.h"

namespace gpucosim {

void DramChannel::rebuild_hits(uint32_t bank) {
  Bank& b = banks_[bank];
  for (uint32_t c = 0; c < kHitClasses; ++c) hit_list(bank, c).clear();
  b.hits = 0;
  for (const Pending& p : queue_)  // age order
    if (p.bank == bank && b.open_row == int64_t(p.row)) {
      hit_list(bank, hit_class(p)).push_back(p.seq);
      ++b.hits;
    }
  note_bank(bank);
}

bool DramChannel::drop_hit(const Pending& p, uint32_t cls) {
  RingBuffer<uint64_t>& l = hit_list(p.bank, cls);
  if (l.empty() || l.front() != p.seq) return false;  // not its list's oldest: the caller rebuilds
  l.pop_front();
  return true;
}

void DramChannel::move_hit(const Pending& p, uint32_t cls) {
  const uint32_t now_cls = hit_class(p);
  if (now_cls == cls) return;
  RingBuffer<uint64_t>& l = hit_list(p.bank, now_cls);
  // A started read is older than the bank's unstarted ones (reads of a bank start in age order,
  // and a started one is always ready first), so it normally joins an empty list; otherwise the
  // bank's lists are rebuilt.
  if (drop_hit(p, cls) && (l.empty() || l.back() < p.seq))
    l.push_back(p.seq);
  else
    rebuild_hits(p.bank);
}

bool DramChannel::try_column_command(int64_t t) {
  if (!frfcfs_ || !shortcuts_) return try_column_command_by_scan(t);
  const DramTiming& tm = cfg_.timing;
  const int64_t any_at = last_col_ + int64_t(tm.tCCD);
  // When each class's bus and turnaround limits pass (INT64_MAX: no return slot).
  int64_t class_at[kHitClasses];
  class_at[0] = std::max(any_at, bus_free_ - int64_t(tm.WL));
  class_at[1] = std::max({any_at, bus_free_ - int64_t(tm.CL), write_data_end_ + int64_t(tm.tCDLR)});
  class_at[2] = return_slots_used_ < cfg_.return_queue ? class_at[1] : INT64_MAX;
  int64_t retry_at = INT64_MAX;
  uint64_t best_seq = UINT64_MAX;
  hit_banks_.for_each([&](uint32_t bank) {
    const Bank& b = banks_[bank];
    const int64_t bank_at = std::max(b.ready_col, last_col_group_[bank_group_[bank]] + int64_t(tm.tCCDL));
    for (uint32_t c = 0; c < kHitClasses; ++c) {
      const RingBuffer<uint64_t>& l = hit_lists_[bank * kHitClasses + c];
      if (l.empty()) continue;
      const int64_t at = class_at[c] == INT64_MAX ? INT64_MAX : std::max(bank_at, class_at[c]);
      if (at <= t)
        best_seq = std::min(best_seq, l.front());
      else
        retry_at = std::min(retry_at, at);
    }
  });
  if (best_seq != UINT64_MAX) {
    // The queue is in seq order.
    const auto it = std::lower_bound(queue_.begin(), queue_.end(), best_seq,
                                     [](const Pending& p, uint64_t s) { return p.seq < s; });
    issue_column(size_t(it - queue_.begin()), t);
    return true;
  }
  col_retry_valid_ = true;
  col_retry_at_ = retry_at;
  return false;
}

bool DramChannel::try_column_command_by_scan(int64_t t) {
  if (!frfcfs_) std::fill(bank_seen_.begin(), bank_seen_.end(), 0);
  int64_t retry_at = INT64_MAX;
  for (size_t i = 0; i < queue_.size(); ++i) {
    const Pending& p = queue_[i];
    if (p.bank == kGone) continue;
    if (!frfcfs_) {
      if (bank_seen_[p.bank]) continue;
      bank_seen_[p.bank] = 1;
    }
    if (banks_[p.bank].open_row != int64_t(p.row)) continue;
    if (column_ok(p, t)) {
      issue_column(i, t);
      return true;
    }
    retry_at = std::min(retry_at, column_ready_at(p));
  }
  col_retry_valid_ = shortcuts_;
  col_retry_at_ = retry_at;
  return false;
}

}  // namespace gpucosim
