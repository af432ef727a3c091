#pragma once
// The hardware tables of the kernel-scheduling framework of seed 003 (spec 003 §2.6, Fig 5.3):
//  - the KSRT (kernel status register table) with one entry per active kernel: its launch id, the
//    context (application) it belongs to, its priority and its DSS token count;
//  - the SMST (SM status table): per SM its state (idle, running, reserved), the kernel it runs,
//    its running thread blocks and, while reserved, the kernel it is reserved for (`next`).
// Both have as many entries as the GPU has SMs (the active queue, spec §5.2 invariant 10).
// Policies (sched_policy.h) change the SMST only through assign/reserve/retarget, and the SM
// driver (the Dispatcher) through preempted/release; every change is checked against the state
// machine of spec §5.2 invariant 11 and keeps the tokens of invariant 12:
//     count(k) + SMs running k + SMs reserved for k == budget(k)      for every active kernel k.
// A violation throws std::logic_error: it is a bug in a policy or in the SM driver, never input.
#include <cstdint>
#include <string>
#include <vector>

namespace gpucosim {

enum class SmState : uint8_t { Idle, Running, Reserved };
const char* sm_state_name(SmState s);

struct KsrEntry {
  uint32_t launch_id = 0;    // 0: a free entry
  uint32_t context = 0;      // GPU context id: the application (0-based)
  uint32_t priority = 0;     // larger = more urgent (NPQ, PPQ)
  int64_t budget = 0;        // tokens given when the kernel entered the KSRT (DSS)
  int64_t count = 0;         // tokens left; negative = debt (DSS)
  uint64_t arrival = 0;      // order of entry into the active queue (earlier = smaller)
  uint64_t blocks_left = 0;  // thread blocks to issue: preempted ones (PTBQ) and new ones
  uint32_t per_sm = 1;       // blocks of it an empty SM holds (occupancy)
  bool has_work() const { return blocks_left > 0; }
};

struct SmStatus {
  SmState state = SmState::Idle;
  uint32_t kernel = 0;       // launch id of the kernel it runs (running, and reserved: the old one)
  uint32_t next = 0;         // reserved: launch id of the kernel it is reserved for
  uint32_t running = 0;      // thread blocks resident (issued or resumed, not completed or saved)
  bool preempt_sent = false; // reserved: the SM has been asked to save its blocks (context switch)
};

class SchedTables {
 public:
  SchedTables(uint32_t n_sms, uint32_t ksrt_entries);

  uint32_t n_sms() const { return uint32_t(smst_.size()); }
  const SmStatus& sm(uint32_t s) const { return smst_.at(s); }
  const std::vector<SmStatus>& smst() const { return smst_; }
  // Valid KSRT entries in order of arrival.
  std::vector<const KsrEntry*> active() const;
  // Every KSRT entry, valid (launch_id != 0) or not, in table order (no allocation).
  const std::vector<KsrEntry>& entries() const { return ksrt_; }
  const KsrEntry* find(uint32_t launch_id) const;
  KsrEntry* find(uint32_t launch_id);
  bool full() const;
  uint32_t capacity() const { return uint32_t(ksrt_.size()); }

  // --- the SM driver ---
  KsrEntry& insert(uint32_t launch_id, uint32_t context, uint32_t priority, int64_t tokens, uint32_t per_sm);
  // No SM may run it any more (`exclusive`: SMs run one kernel; FCFS's shared SMs hold several).
  void remove(uint32_t launch_id, bool exclusive = true);
  void block_started(uint32_t sm) { smst_.at(sm).running += 1; }
  void block_left(uint32_t sm);
  // Reserved -> running for `next`: the SM's preemption is done (no block of the old kernel left).
  void preempted(uint32_t sm);
  // Running -> idle: the SM is empty and its kernel has nothing to issue. Its token returns.
  void release(uint32_t sm);
  void mark_preempt_sent(uint32_t sm) { smst_.at(sm).preempt_sent = true; }
  // Shared SMs (FCFS): an SM runs whatever kernels fit; it is running while it holds blocks.
  void shared_block_started(uint32_t sm, uint32_t launch_id);

  // --- policies ---
  void assign(uint32_t sm, uint32_t launch_id);   // idle -> running; count - 1
  void reserve(uint32_t sm, uint32_t next);       // running -> reserved; old + 1, next - 1
  void retarget(uint32_t sm, uint32_t next);      // reserved: next rewritten; old next + 1, new - 1
  // SMs assigned to kernel `k`: running it, or reserved for it.
  uint32_t assigned_to(uint32_t k) const;
  // Whether kernel `k` has more blocks to issue than the SMs assigned to it have room for
  // (room: per_sm - running on an SM running it, per_sm on one reserved for it). Policies give
  // SMs only to kernels that want one, so a kernel with a few blocks left does not take them all.
  bool wants_sm(const KsrEntry& k) const;
  KsrEntry* entry(uint32_t launch_id) { return find(launch_id); }

  // Invariant 12 (throws std::logic_error naming the kernel).
  void check_tokens() const;
  uint64_t transitions() const { return transitions_; }

 private:
  void transition(uint32_t sm, SmState to);
  void add_count(uint32_t k, int64_t d);
  std::vector<KsrEntry> ksrt_;
  std::vector<SmStatus> smst_;
  uint64_t arrivals_ = 0, transitions_ = 0;
};

}  // namespace gpucosim
