// Row commands (PRE, ACT) of the DRAM channel: which request's bank gets one at a cycle.
//
// The rule (dram_channel.h): walking the queue oldest first, a request whose bank has its row
// open waits for column commands; a bank open on another row is precharged (FR-FCFS: only when
// no queued request hits the open row); a closed bank is activated for the request's row; a
// request whose bank is not ready yet is passed over. FCFS looks only at each bank's oldest
// request.
//
// Only a bank's oldest queued request can be the one that acts on it: under FR-FCFS every
// request of a bank open with hits is passed over, and in the other cases the bank's first
// request in age order meets the same timing checks as the later ones and acts first. So the
// choice is "the eligible bank whose oldest request is oldest among those whose timing allows",
// which try_row_command() finds from the per-bank state (Bank::queued/hits/oldest_*) in one look
// per bank. try_row_command_by_scan() is the plain walk over the queue, kept for the shortcuts-off
// mode that tests compare against.
#include <algorithm>

#include "systemc/memory/dram_channel.h"

namespace gpucosim {

void DramChannel::activate(Bank& b, uint32_t bank, const Pending& by, int64_t t) {
  const DramTiming& tm = cfg_.timing;
  const uint32_t row = by.row;
  const uint64_t seq = by.seq;
  const uint32_t kernel = by.req.kernel;
  b.open_row = int64_t(row);
  b.ready_col = t + int64_t(tm.tRCD);
  b.ready_pre = std::max(b.ready_pre, t + int64_t(tm.tRAS));
  b.ready_act = t + int64_t(tm.tRC);
  last_act_ = t;
  // The new row's hits, and the request marked as the one whose ACT opened the row (its first
  // column command counts a row miss).
  for (Pending& p : queue_)
    if (p.seq == seq) {
      p.opened_row = true;
      break;
    }
  rebuild_hits(bank);
  ledger_.charge_to(kernel, ctr_);
  ++ctr_.n_act;
}

void DramChannel::precharge(Bank& b, uint32_t kernel, int64_t t) {
  b.open_row = -1;
  b.hits = 0;
  const uint32_t bank = uint32_t(&b - banks_.data());
  for (uint32_t c = 0; c < kHitClasses; ++c) hit_list(bank, c).clear();
  note_bank(bank);
  b.ready_act = std::max(b.ready_act, t + int64_t(cfg_.timing.tRP));
  ledger_.charge_to(kernel, ctr_);
  ++ctr_.n_pre;
}

void DramChannel::forget_oldest(uint32_t bank, size_t from) {
  Bank& b = banks_[bank];
  if (b.queued == 0) return;
  for (size_t k = from; k < queue_.size(); ++k)  // age order: the first of the bank is its oldest
    if (const Pending& p = queue_[k]; p.bank == bank) {
      b.oldest_seq = p.seq;
      b.oldest_row = p.row;
      b.oldest_kernel = p.req.kernel;
      return;
    }
}

bool DramChannel::try_row_command(int64_t t) {
  if (!shortcuts_) return try_row_command_by_scan(t);
  if (row_retry_valid_ && t < row_retry_at_) return false;  // nothing changed since a fruitless scan
  row_retry_valid_ = false;
  const int64_t act_after_rrd = last_act_ + int64_t(cfg_.timing.tRRD);
  int64_t retry_at = INT64_MAX;  // earliest cycle a timing that blocked a command below passes
  Bank* best = nullptr;
  uint32_t best_bank = 0;
  auto visit = [&](uint32_t i) {
    Bank& b = banks_[i];
    if (best && b.oldest_seq > best->oldest_seq) return;  // an older request acts first
    if (b.open_row >= 0) {
      // FR-FCFS keeps a row open while it has hits; FCFS waits while the oldest request hits.
      if (frfcfs_ ? b.hits > 0 : b.open_row == int64_t(b.oldest_row)) return;
      if (t < b.ready_pre) {
        retry_at = std::min(retry_at, b.ready_pre);
        return;
      }
    } else if (t < b.ready_act || t < act_after_rrd) {
      retry_at = std::min(retry_at, std::max(b.ready_act, act_after_rrd));
      return;
    }
    best = &b;
    best_bank = i;
  };
  // FR-FCFS passes over every bank with row hits (its row stays open and it has no closed-bank
  // work): only the queued banks without hits are visited.
  if (frfcfs_)
    queued_banks_.for_each_not_in(hit_banks_, visit);
  else
    queued_banks_.for_each(visit);
  if (best) {
    if (best->open_row >= 0) {
      precharge(*best, best->oldest_kernel, t);
    } else {
      Pending by;
      by.row = best->oldest_row;
      by.seq = best->oldest_seq;
      by.req.kernel = best->oldest_kernel;
      activate(*best, best_bank, by, t);
    }
    return true;
  }
  row_retry_valid_ = true;
  row_retry_at_ = retry_at;
  return false;
}

bool DramChannel::try_row_command_by_scan(int64_t t) {
  const DramTiming& tm = cfg_.timing;
  if (frfcfs_) {
    std::fill(open_row_hits_.begin(), open_row_hits_.end(), 0);
    for (const Pending& p : queue_)
      if (p.bank != kGone && banks_[p.bank].open_row == int64_t(p.row)) ++open_row_hits_[p.bank];
  } else {
    std::fill(bank_seen_.begin(), bank_seen_.end(), 0);
  }
  for (Pending& p : queue_) {
    if (p.bank == kGone) continue;
    if (!frfcfs_) {
      if (bank_seen_[p.bank]) continue;  // FCFS: only the oldest request of a bank moves
      bank_seen_[p.bank] = 1;
    }
    Bank& b = banks_[p.bank];
    if (b.open_row == int64_t(p.row)) continue;  // waiting for column timing
    if (b.open_row >= 0) {
      if (frfcfs_ && open_row_hits_[p.bank] > 0) continue;  // keep the row open for its hits
      if (t < b.ready_pre) continue;
      precharge(b, p.req.kernel, t);
      return true;
    }
    if (t < b.ready_act || t < last_act_ + int64_t(tm.tRRD)) continue;
        activate(b, p.bank, p, t);
    return true;
  }
  return false;
}

}  // namespace gpucosim
