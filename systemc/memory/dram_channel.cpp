#include "systemc/memory/dram_channel.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "systemc/memory/cache/tag_array.h"
#include "systemc/memory/peak.h"

namespace gpucosim {

uint32_t dram_pipeline_cycles(const MemoryConfig& m, const ClockConfig& c) {
  if (m.dram_latency == 0) return 0;
  // Integer-exact ceil(latency * dram / core) where the clocks are whole kHz (they are MHz with at
  // most three decimals in every configuration): no floating-point rounding at exact multiples.
  const uint64_t core_khz = uint64_t(std::llround(c.core_mhz * 1000.0));
  const uint64_t dram_khz = uint64_t(std::llround(c.dram_mhz * 1000.0));
  if (core_khz == 0 || dram_khz == 0) return m.dram_latency;
  return uint32_t((uint64_t(m.dram_latency) * dram_khz + core_khz - 1) / core_khz);
}

DramChannel::DramChannel(const MemoryConfig& cfg, const AddressMap& map, uint32_t id, uint32_t pipeline_cycles)
    : cfg_(cfg), map_(map), id_(id), frfcfs_(cfg.scheduler == DramScheduler::FRFCFS), pipeline_(64),
      pipeline_cycles_(pipeline_cycles) {
  if (cfg.timing.nbk == 0) throw std::invalid_argument("gpgpu_dram_timing_opt: nbk must be > 0");
  if (cfg.sched_queue == 0) throw std::invalid_argument("gpgpu_frfcfs_dram_sched_queue_size must be > 0");
  if (cfg.return_queue == 0) throw std::invalid_argument("gpgpu_dram_return_queue_size must be > 0");
  access_bytes_ = dram_access_bytes(cfg);
  if (access_bytes_ == 0) throw std::invalid_argument("DRAM access size (bus width x chips x burst length) is 0");
  burst_cycles_ = dram_burst_cycles(cfg);
  banks_.resize(cfg.timing.nbk);
  hit_lists_.resize(size_t(cfg.timing.nbk) * kHitClasses);
  queued_banks_ = BitSet(cfg.timing.nbk);
  hit_banks_ = BitSet(cfg.timing.nbk);
  last_col_group_.assign(std::max<uint32_t>(1, cfg.timing.nbkgrp), -(1 << 30));
  bank_seen_.resize(cfg.timing.nbk);
  for (uint32_t b = 0; b < cfg.timing.nbk; ++b) bank_group_.push_back(uint32_t(group_of(b)));
  open_row_hits_.resize(cfg.timing.nbk);
  queue_.reserve(cfg.sched_queue + kCompactAfter);
  returns_.resize(cfg.sub_partitions);
}

void DramChannel::push(const DramRequest& r) {
  Pending p;
  p.req = r;
  const DramCoord c = map_.dram(r.addr, r.sub);
  p.bank = c.bank % cfg_.timing.nbk;
  p.row = c.row;
  const uint32_t bytes = uint32_t(sector_count(r.sectors)) * 32;
  p.bursts_left = uint16_t(std::max<uint32_t>(1, (bytes + access_bytes_ - 1) / access_bytes_));
  p.arrival = uint64_t(now_);
  p.seq = next_seq_++;
  Bank& b = banks_[p.bank];
  if (b.queued++ == 0) {
    b.oldest_seq = p.seq;
    b.oldest_row = p.row;
    b.oldest_kernel = r.kernel;
  }
  if (b.open_row == int64_t(p.row)) {
    ++b.hits;
    hit_list(p.bank, hit_class(p)).push_back(p.seq);  // the youngest: the order holds
  }
  note_bank(p.bank);
  queue_.push_back(p);
  row_retry_valid_ = col_retry_valid_ = false;
  ledger_.charge_to(r.kernel, ctr_);
  ++ctr_.n_req;
  if (r.write) {
    ++ctr_.writes;
    ctr_.write_sectors += uint64_t(sector_count(r.sectors));
  } else {
    ++ctr_.reads;
    ctr_.read_sectors += uint64_t(sector_count(r.sectors));
  }
}

void DramChannel::pop_return(uint32_t sub) {
  col_retry_valid_ = false;  // a freed return slot may let a read start
  returns_[sub].pop_front();
  --returns_waiting_;
  --return_slots_used_;
}

bool DramChannel::column_ok(const Pending& p, int64_t t) const {
  const DramTiming& tm = cfg_.timing;
  const Bank& b = banks_[p.bank];
  if (t < b.ready_col) return false;
  if (t < last_col_ + int64_t(tm.tCCD)) return false;
  if (t < last_col_group_[group_of(p.bank)] + int64_t(tm.tCCDL)) return false;
  const int64_t lat = p.req.write ? tm.WL : tm.CL;
  if (t + lat < bus_free_) return false;  // data bus still busy when this burst would start
  if (!p.req.write) {
    if (t < write_data_end_ + int64_t(tm.tCDLR)) return false;  // write-to-read turnaround
    if (!p.started && return_slots_used_ >= cfg_.return_queue) return false;  // no return slot
  }
  return true;
}

int64_t DramChannel::column_ready_at(const Pending& p) const {
  const DramTiming& tm = cfg_.timing;
  if (!p.req.write && !p.started && return_slots_used_ >= cfg_.return_queue) return INT64_MAX;
  int64_t at = std::max({banks_[p.bank].ready_col, last_col_ + int64_t(tm.tCCD),
                         last_col_group_[group_of(p.bank)] + int64_t(tm.tCCDL),
                         bus_free_ - int64_t(p.req.write ? tm.WL : tm.CL)});
  if (!p.req.write) at = std::max(at, write_data_end_ + int64_t(tm.tCDLR));
  return at;
}

void DramChannel::issue_column(size_t i, int64_t t) {
  const DramTiming& tm = cfg_.timing;
  Pending& p = queue_[i];
  Bank& b = banks_[p.bank];
  // Raising a bank's ready_pre only delays what a fruitless row scan waited on, so its retry
  // cycle stays a safe (early) bound; what else a column command changes is handled at the end.
  col_retry_valid_ = false;
  ledger_.charge_to(p.req.kernel, ctr_);
  const uint32_t cls_before = hit_class(p);
  if (!p.started) {
    p.started = true;
    if (p.opened_row)
      ++ctr_.row_buffer_misses;
    else
      ++ctr_.row_buffer_hits;
    if (!p.req.write) ++return_slots_used_;
  }
  const int64_t data_end = t + (p.req.write ? tm.WL : tm.CL) + burst_cycles_;
  bus_free_ = data_end;
  ctr_.data_cycles += burst_cycles_;
  last_col_ = t;
  last_col_group_[bank_group_[p.bank]] = t;
  if (p.req.write) {
    b.ready_pre = std::max(b.ready_pre, data_end + int64_t(tm.tWR));
    write_data_end_ = data_end;
    ++ctr_.n_write;
  } else {
    b.ready_pre = std::max(b.ready_pre, t + int64_t(tm.tRTPL));
    ++ctr_.n_rd;
  }
  if (--p.bursts_left > 0) {
    move_hit(p, cls_before);
    return;
  }
  const bool listed = drop_hit(p, cls_before);
  const uint64_t bytes = uint64_t(sector_count(p.req.sectors)) * 32;
  if (p.req.write) {
    ctr_.bytes_written += bytes;
  } else {
    const uint64_t ready = uint64_t(data_end) + pipeline_cycles_;
    pipeline_.push_back(InFlight{DramReturn{p.req.addr, p.req.sectors, p.req.token, p.req.kernel}, p.req.sub, ready});
    ctr_.read_latency_sum += ready - p.arrival;
    ctr_.bytes_read += bytes;
  }
  // A column command needs the row open, so the finished request was one of its bank's hits.
  // The row scan's outcome changes only when the bank's last hit leaves (FR-FCFS may then close
  // the row) or, under FCFS, when the bank's oldest request changes.
  const uint64_t seq = p.seq;
  const uint32_t bank = p.bank;
  p.bank = kGone;
  --b.queued;
  --b.hits;
  // The bank's next oldest request lies after this one in age order: look from here on (before
  // the compaction moves the entries).
  if (b.oldest_seq == seq) forget_oldest(bank, i + 1);
  if (++gone_ >= kCompactAfter) {
    queue_.erase(std::remove_if(queue_.begin(), queue_.end(), [](const Pending& q) { return q.bank == kGone; }),
                 queue_.end());
    gone_ = 0;
  }
  if (!listed) rebuild_hits(bank);
  note_bank(bank);
  if (b.hits == 0 || !frfcfs_) row_retry_valid_ = false;
}

void DramChannel::tick(uint64_t dram_cycle) {
  const int64_t t = int64_t(dram_cycle);
  now_ = t;
  // Cycles the channel was skipped for (idle: nothing queued, in flight or waiting to be taken)
  // are what an idle tick counts: a command cycle without a command.
  if (dram_cycle > last_tick_ + 1) {
    const uint64_t skipped = dram_cycle - last_tick_ - 1;
    ctr_.n_cmd += skipped;
    ctr_.n_nop += skipped;
  }
  last_tick_ = dram_cycle;
  ++ctr_.n_cmd;
  while (!pipeline_.empty() && int64_t(pipeline_.front().ready) <= t) {
    const InFlight& f = pipeline_.front();
    returns_[f.sub].push_back(f.ret);
    ++returns_waiting_;
    pipeline_.pop_front();
  }
  if (queued() == 0) {
    if (!pipeline_.empty()) ++ctr_.n_activity;
    ++ctr_.n_nop;
    return;
  }
  ++ctr_.n_activity;

  bool col = false;
  // No column command can issue while tCCD runs or the data bus is booked beyond any CAS
  // latency: skip the scan (the common case on a saturated channel).
  const int64_t max_lat = std::max(cfg_.timing.CL, cfg_.timing.WL);
  const bool col_possible = t >= last_col_ + int64_t(cfg_.timing.tCCD) && t + max_lat >= bus_free_ &&
                            !(col_retry_valid_ && t < col_retry_at_);
  if (col_possible) col = try_column_command(t);
  bool row = false;
  if (!col || cfg_.dual_bus_interface) row = try_row_command(t);
  if (row) col_retry_valid_ = false;  // a bank opened or closed a row
  if (!col && !row) ++ctr_.n_nop;
}

void DramChannel::collect(StatsMap& m, const std::string& p, uint64_t through) const {
  Counters c = ctr_;
  if (through > last_tick_) {  // idle since the last tick (see tick())
    c.n_cmd += through - last_tick_;
    c.n_nop += through - last_tick_;
  }
  emit(m, p, c);
}

void DramChannel::collect_launch(StatsMap& m, const std::string& p, uint32_t launch) const {
  emit(m, p, ledger_.of(launch, ctr_));
}

void DramChannel::emit(StatsMap& m, const std::string& p, const Counters& c) {
  add_stat(m, p, "n_cmd", double(c.n_cmd));
  add_stat(m, p, "n_nop", double(c.n_nop));
  add_stat(m, p, "n_activity", double(c.n_activity));
  add_stat(m, p, "n_act", double(c.n_act));
  add_stat(m, p, "n_pre", double(c.n_pre));
  add_stat(m, p, "n_req", double(c.n_req));
  add_stat(m, p, "n_rd", double(c.n_rd));
  add_stat(m, p, "n_write", double(c.n_write));
  add_stat(m, p, "reads", double(c.reads));
  add_stat(m, p, "writes", double(c.writes));
  add_stat(m, p, "row_buffer_hits", double(c.row_buffer_hits));
  add_stat(m, p, "row_buffer_misses", double(c.row_buffer_misses));
  add_stat(m, p, "data_cycles", double(c.data_cycles));
  add_stat(m, p, "bw_util", c.n_cmd ? double(c.data_cycles) / double(c.n_cmd) : 0.0);
  add_stat(m, p, "bytes_read", double(c.bytes_read));
  add_stat(m, p, "bytes_written", double(c.bytes_written));
  add_stat(m, p, "read_latency_sum", double(c.read_latency_sum));
  add_stat(m, p, "read_sectors", double(c.read_sectors));
  add_stat(m, p, "write_sectors", double(c.write_sectors));
  // Totals over channels (same key from every channel adds up). Accel-Sim's "total dram reads"
  // counts 32-byte sectors (each sector is its own memory fetch there); a request of ours may
  // carry several, so the request counts have their own names.
  add_stat(m, "total_dram_reads", double(c.read_sectors));
  add_stat(m, "total_dram_writes", double(c.write_sectors));
  add_stat(m, "total_dram_read_requests", double(c.reads));
  add_stat(m, "total_dram_write_requests", double(c.writes));
  add_stat(m, "dram_row_buffer_hits", double(c.row_buffer_hits));
  add_stat(m, "dram_row_buffer_misses", double(c.row_buffer_misses));
}

}  // namespace gpucosim
