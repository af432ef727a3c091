#pragma once
// One DRAM channel (GPGPU-Sim's dram_t), ticked at the DRAM command clock.
//
// Model:
//  * Banks with open-page row buffers, in nbkgrp bank groups (-dram_bnkgrp_indexing_policy: the
//    bank number's low bits, gpucosim's default, or its high bits, GPGPU-Sim's default).
//  * Commands ACT, PRE, RD, WR with, per bank: tRCD (ACT->column), tRAS (ACT->PRE), tRC
//    (ACT->ACT), tRP (PRE->ACT), tRTPL (RD->PRE), tWR (end of write data->PRE); across banks:
//    tRRD (ACT->ACT), tCCD (column->column), tCCDL (column->column in one bank group), tCDLR
//    (end of write data->RD); CL / WL from column command to data.
//  * One access moves bus_width_bytes x chips_per_channel x burst_length bytes and holds the
//    data bus for burst_length / dram_data_command_freq_ratio command clocks (at least 1). A
//    request for k 32-byte sectors takes ceil(32k / access bytes) column commands.
//  * One command per cycle on the command bus, or one row plus one column command with the
//    dual-bus interface (MemoryConfig::dual_bus_interface).
//  * Scheduler queue of sched_queue requests (reads and writes together). FR-FCFS: the oldest
//    row hit first; otherwise the oldest request whose bank can make progress, never closing
//    a row that a queued request still hits. FCFS: requests to one bank strictly in order
//    (banks still work in parallel; column commands go oldest first across banks).
//  * Reads return after their last data beat plus a fixed pipeline latency outside the banks
//    (pipeline_cycles, DRAM cycles: dram_latency converted by dram_pipeline_cycles(), as GPGPU-Sim
//    counts dram_latency in core cycles), into one return queue per sub-partition; at most return_queue reads are in flight
//    or waiting to be taken (a read does not start without a slot).
// Latency of a lone one-burst read to a closed bank, from push() to front_return(), in DRAM
// cycles: the ACT issues on the first tick after the push, so
//     latency = 1 + tRCD + CL + burst_cycles + pipeline_cycles
// (a row hit drops tRCD, a row conflict adds tRP; tests/memory/test_dram.cpp checks all three).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/kernel_ledger.h"
#include "systemc/gpu/stats.h"
#include "systemc/memory/address_map.h"
#include "systemc/memory/bit_set.h"
#include "systemc/memory/ring_buffer.h"

namespace gpucosim {

struct DramRequest {
  uint64_t addr = 0;    // partition-local line address of sub-partition `sub`
  uint8_t sectors = 0xF;
  bool write = false;
  uint8_t sub = 0;      // sub-partition (L2 slice) within the channel; reads return there
  uint64_t token = 0;   // caller's, returned with the read
  uint32_t kernel = 0;  // kernel launch charged with its commands (kernel_ledger.h); returned too
};

struct DramReturn {
  uint64_t addr = 0;
  uint8_t sectors = 0;
  uint64_t token = 0;
  uint32_t kernel = 0;
};

// dram_latency in DRAM cycles. GPGPU-Sim counts -dram_latency in core cycles (its DRAM latency
// queue compares gpu_sim_cycle, the core clock's count, with the entry's ready cycle, and is
// checked at each DRAM clock), so the pipeline is dram_latency core cycles rounded up to whole
// DRAM cycles: 100 on SM7_QV100 (core 1132 MHz, DRAM 850 MHz) is 76 DRAM cycles, not 100.
uint32_t dram_pipeline_cycles(const MemoryConfig& m, const ClockConfig& c);

class DramChannel {
 public:
  // pipeline_cycles: the fixed latency outside the banks, in DRAM cycles (dram_pipeline_cycles()).
  DramChannel(const MemoryConfig& cfg, const AddressMap& map, uint32_t id, uint32_t pipeline_cycles);

  bool can_accept() const { return queued() < cfg_.sched_queue; }
  // Enqueue at the current DRAM cycle (the last tick's).
  void push(const DramRequest& r);

  void tick(uint64_t dram_cycle);

  bool has_return(uint32_t sub) const { return !returns_[sub].empty(); }
  const DramReturn& front_return(uint32_t sub) const { return returns_[sub].front(); }
  void pop_return(uint32_t sub);

  bool idle() const { return queued() == 0 && pipeline_.empty() && returns_waiting_ == 0; }
  // Queue occupancies, for deadlock reports.
  std::string describe() const {
    return "scheduler queue " + std::to_string(queued()) + ", in the pipeline " +
           std::to_string(pipeline_.size()) + ", returns waiting " + std::to_string(returns_waiting_);
  }
  uint32_t id() const { return id_; }
  uint32_t access_bytes() const { return access_bytes_; }
  uint32_t burst_cycles() const { return burst_cycles_; }

  struct Counters {
    uint64_t n_cmd = 0, n_activity = 0, n_nop = 0, n_act = 0, n_pre = 0, n_rd = 0, n_write = 0;
    uint64_t n_req = 0, reads = 0, writes = 0, row_buffer_hits = 0, row_buffer_misses = 0;
    uint64_t read_sectors = 0, write_sectors = 0;  // 32-byte sectors the reads / writes carry
    uint64_t data_cycles = 0, read_latency_sum = 0, bytes_read = 0, bytes_written = 0;
  };
  const Counters& counters() const { return ctr_; }
  // Off: scan the queue for a column and a row command on every tick, and choose the row command
  // by the plain scan of the whole queue (try_row_command_by_scan), as before the shortcuts (tests
  // compare).
  void set_scan_shortcuts(bool on) {
    shortcuts_ = on;
    row_retry_valid_ = col_retry_valid_ = false;
  }
  // `through` (DRAM cycle, 0 = none): the run has reached this cycle; cycles after the last tick
  // that the channel was skipped for being idle (smart ticking) count as the no-command cycles a
  // tick would have counted (n_cmd, n_nop, bw_util), so the statistics do not depend on ticking.
  void collect(StatsMap& m, const std::string& prefix, uint64_t through = 0) const;
  // The counters charged to kernel launch `launch` (kernel_ledger.h), under the same names.
  void collect_launch(StatsMap& m, const std::string& prefix, uint32_t launch) const;
  void forget_launch(uint32_t launch) { ledger_.forget(launch, ctr_); }
  bool charged(uint32_t launch) const { return ledger_.charged(launch, ctr_); }  // since forgotten

 private:
  struct Pending {
    DramRequest req;
    uint32_t bank = 0, row = 0;
    uint16_t bursts_left = 1;
    bool started = false;     // first column command issued
    bool opened_row = false;  // this request's ACT opened the row (a row miss)
    uint64_t arrival = 0;
    uint64_t seq = 0;         // push order (age): unique, increasing
  };
  struct Bank {
    int64_t open_row = -1;
    int64_t ready_act = 0, ready_col = 0, ready_pre = 0;
    // Kept as requests come and go, so choosing a row command costs one look per bank instead of
    // two passes over the queue: the queued requests of this bank, how many of them hit its open
    // row, and its oldest queued request (seq, row, kernel).
    uint32_t queued = 0, hits = 0;
    uint64_t oldest_seq = 0;
    uint32_t oldest_row = 0, oldest_kernel = 0;
  };
  struct InFlight {
    DramReturn ret;
    uint32_t sub;
    uint64_t ready;
  };

  static void emit(StatsMap& m, const std::string& prefix, const Counters& c);
  bool column_ok(const Pending& p, int64_t t) const;
  // Bank group of a bank (-dram_bnkgrp_indexing_policy): 0 its high bits (bank / banks per
  // group), 1 its low bits (bank % groups), as GPGPU-Sim's get_bankgrp_number.
  size_t group_of(uint32_t bank) const {
    const size_t groups = last_col_group_.size();
    if (cfg_.bankgroup_low_bits) return bank % groups;
    const uint32_t per = std::max<uint32_t>(1, cfg_.timing.nbk / uint32_t(groups));
    return std::min<size_t>(bank / per, groups - 1);
  }
  // The first cycle column_ok(p, t) can hold with nothing else changing (INT64_MAX: only a
  // freed return slot helps).
  int64_t column_ready_at(const Pending& p) const;
  void issue_column(size_t i, int64_t t);
  // The oldest request (FCFS: oldest of its bank) whose column command can issue at t gets it
  // (dram_column_commands.cpp).
  bool try_column_command(int64_t t);
  bool try_column_command_by_scan(int64_t t);
  // Row hits by bank and class, for try_column_command(): every queued request whose bank has
  // its row open, as seqs in age order, in one list per bank and class (hit_class()). Requests of
  // one bank and class meet the same column timing, so each list is served from its front.
  static constexpr uint32_t kHitClasses = 3;  // write; started read; read that needs a return slot
  static uint32_t hit_class(const Pending& p) { return p.req.write ? 0 : p.started ? 1 : 2; }
  RingBuffer<uint64_t>& hit_list(uint32_t bank, uint32_t cls) { return hit_lists_[bank * kHitClasses + cls]; }
  void rebuild_hits(uint32_t bank);                // from the queue (after an ACT)
  // p leaves its list of class cls (finished): false when it was not the list's front (only FCFS
  // or the plain walk may pick such a request), and then the caller rebuilds the bank's lists.
  bool drop_hit(const Pending& p, uint32_t cls);
  void move_hit(const Pending& p, uint32_t cls);    // p left class cls and stays queued
  // One row command (PRE or ACT) if one can issue at t (dram_row_commands.cpp). With the shortcuts
  // from the per-bank state; without them by the plain scan of the queue (same choice).
  bool try_row_command(int64_t t);
  bool try_row_command_by_scan(int64_t t);
  // The per-bank bookkeeping around a row command or a finished request.
  // `by`: the request whose row opens (its row, seq and kernel are read).
  void activate(Bank& b, uint32_t bank, const Pending& by, int64_t t);
  void precharge(Bank& b, uint32_t kernel, int64_t t);
  // The bank's oldest queued request is gone: the next one, found from queue position `from` on
  // (the gone request's position: none of the bank's requests is older).
  void forget_oldest(uint32_t bank, size_t from);

  MemoryConfig cfg_;
  const AddressMap& map_;
  uint32_t id_;
  uint32_t access_bytes_, burst_cycles_;
  bool frfcfs_;
  int64_t now_ = 0;
  uint64_t last_tick_ = 0;                // DRAM cycle of the last tick (idle cycles skipped since count at the next)
  // Age order (index 0 oldest): at most sched_queue requests plus finished ones not yet removed.
  // A finished request is marked gone (bank = kGone) and the queue compacted once kCompactAfter
  // have gathered, instead of erasing each from the middle (a 64-byte entry moves per younger
  // request). Loops that index banks_ by a request's bank skip gone entries.
  std::vector<Pending> queue_;
  static constexpr uint32_t kGone = UINT32_MAX, kCompactAfter = 16;
  uint32_t gone_ = 0;
  size_t queued() const { return queue_.size() - gone_; }
  std::vector<Bank> banks_;
  std::vector<RingBuffer<uint64_t>> hit_lists_;  // banks x kHitClasses (see hit_list())
  // The banks with queued requests and with row hits, so the per-bank choices visit only those.
  BitSet queued_banks_, hit_banks_;
  void note_bank(uint32_t bank) {
    const Bank& b = banks_[bank];
    if (b.queued) queued_banks_.set(bank); else queued_banks_.clear(bank);
    if (b.hits) hit_banks_.set(bank); else hit_banks_.clear(bank);
  }
  std::vector<int64_t> last_col_group_;
  std::vector<uint8_t> bank_seen_;        // scratch: FCFS per-bank order
  std::vector<uint32_t> bank_group_;      // group_of(bank), precomputed
  std::vector<uint16_t> open_row_hits_;   // scratch of try_row_command_by_scan
  uint64_t next_seq_ = 0;
  int64_t last_col_ = -(1 << 30), last_act_ = -(1 << 30), bus_free_ = 0, write_data_end_ = -(1 << 30);
  RingBuffer<InFlight> pipeline_;         // ordered by ready cycle
  uint32_t pipeline_cycles_ = 0;          // fixed latency added to every read, DRAM cycles
  std::vector<RingBuffer<DramReturn>> returns_;
  uint32_t return_slots_used_ = 0;        // reads in flight or waiting to be taken
  uint32_t returns_waiting_ = 0;
  // A command scan that found nothing stays fruitless until the queue or a bank changes (a push,
  // a column or row command, a freed return slot) or the earliest timing it waited on passes
  // (ready_pre, ready_act, tRRD for rows; ready_col, tCCD, tCCDL, the data bus, tCDLR for
  // columns): until then the scan is skipped. Only the work changes, never the outcome.
  bool shortcuts_ = true;
  bool row_retry_valid_ = false, col_retry_valid_ = false;
  int64_t row_retry_at_ = 0, col_retry_at_ = 0;
  Counters ctr_;
  KernelLedger<Counters> ledger_;  // ctr_ per kernel launch of the request served
};

}  // namespace gpucosim
