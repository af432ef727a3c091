// The scheduling framework of seed 003 (systemc/gpu/dispatcher.h, sched/): the invariants of
// spec 003 §5.1-5.2 checked on the Dispatcher driving fake SMs, cycle by cycle, with every policy
// and both preemption mechanisms. A fake SM holds `cap` blocks; a block runs for its kernel's
// block length; a context switch saves every block of the SM after `save` cycles and hands it
// back with the cycles it had run (so a resumed block runs only what it had left).
//  - no block lost or duplicated: every block of every kernel completes exactly once;
//  - the PTBQ first: no new block of a kernel is issued while a preempted one waits; PTBQ bound;
//  - zero blocks issued to a reserved SM (draining), and one kernel per SM (exclusive policies);
//  - token conservation after every cycle; DSS balance (termination) and work conservation;
//  - SMST transitions: the tables refuse the illegal ones;
//  - equal sharing: 13 SMs and 4 applications give budgets 4, 3, 3, 3.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <stdexcept>

#include "systemc/gpu/app_runs.h"
#include "systemc/gpu/dispatcher.h"
#include "tests/gpu/fake_kernel_source.h"

namespace gpucosim::test {
namespace {

using FakeSource = FakeKernelSource;

struct FakeKernel {
  uint32_t blocks = 0;
  uint64_t block_len = 0;
  uint32_t priority = 0;
  int64_t tokens = 0;
  uint64_t start = 0;
  uint32_t app = 0;
};

struct Violations {
  std::vector<std::string> list;
  void add(std::string s) {
    if (list.size() < 10) list.push_back(std::move(s));
  }
};

class FakeGpu {
 public:
  FakeGpu(SchedPolicyKind policy, PreemptionKind mech, uint32_t n_sms, uint32_t cap, uint64_t save_cycles)
      : cap_(cap), save_(save_cycles), sms_(n_sms) {
    LimitsConfig lim;
    lim.sched_policy = policy;
    lim.preemption = mech;
    lim.max_concurrent_kernels = 32;
    DispatchHooks h;
    h.can_launch = [this](uint32_t sm, const KernelHeader&) { return sms_[sm].blocks.size() < cap_ && !sms_[sm].saving; };
    h.launch_block = [this](uint32_t sm, uint32_t id, const KernelHeader&, const OpcodeTable&, BlockContext&& bc) {
      launched(sm, id, std::move(bc));
    };
    h.preempt_sm = [this](uint32_t sm) {
      sms_[sm].saving = true;
      sms_[sm].save_left = save_;
    };
    h.blocks_per_sm = [this](const KernelHeader&) { return cap_; };
    h.kernel_finished = [this](uint32_t id, const KernelHeader&, uint64_t c) { end_[id] = c; };
    d_ = std::make_unique<Dispatcher>(lim, n_sms, std::move(h), cap);
  }

  uint32_t add(const FakeKernel& k) {
    const uint32_t id = d_->add_kernel([k] { return std::make_unique<FakeSource>("k", k.blocks); }, 0, k.app, k.start,
                                       KernelSchedOptions{k.priority, k.tokens});
    kernels_[id] = k;
    return id;
  }

  // Runs until every kernel finished (or `limit` cycles); checks the invariants every cycle.
  uint64_t run(uint64_t limit = 1000000) {
    uint64_t c = 0;
    for (; c < limit && !d_->all_done(); ++c) {
      d_->tick(c);
      check_tables();
      step(c);
    }
    for (const auto& [id, k] : kernels_) {
      const auto& done = completed_[id];
      if (done.size() != k.blocks) bad_.add("kernel " + std::to_string(id) + " completed " +
                                            std::to_string(done.size()) + " of " + std::to_string(k.blocks) + " blocks");
    }
    return c;
  }

  Dispatcher& d() { return *d_; }
  const Violations& bad() const { return bad_; }
  uint64_t end(uint32_t id) const { return end_.count(id) ? end_.at(id) : 0; }
  uint64_t resumed() const { return resumed_; }
  uint64_t issued_to_reserved() const { return issued_to_reserved_; }

 private:
  struct Block {
    uint32_t launch;
    BlockContext ctx;
    uint64_t ran;
  };
  struct FakeSm {
    std::vector<Block> blocks;
    bool saving = false;
    uint64_t save_left = 0;
  };

  void launched(uint32_t sm, uint32_t id, BlockContext&& bc) {
    const SmStatus& st = d_->tables().sm(sm);
    if (st.state == SmState::Reserved) ++issued_to_reserved_;
    if (d_->policy() != SchedPolicyKind::Fcfs && st.kernel != id)
      bad_.add("a block of kernel " + std::to_string(id) + " on SM " + std::to_string(sm) + " running kernel " +
               std::to_string(st.kernel));
    auto& waiting = preempted_[id];
    if (bc.resumed()) {
      ++resumed_;
      if (!waiting.erase(bc.seq)) bad_.add("resumed a block that was not preempted");
    } else if (!waiting.empty()) {
      bad_.add("a new block of kernel " + std::to_string(id) + " issued while its PTBQ holds " +
               std::to_string(waiting.size()));
    }
    const uint64_t ran = bc.resumed() ? bc.warps[0].next_issue : 0;
    sms_[sm].blocks.push_back(Block{id, std::move(bc), ran});
  }

  void step(uint64_t c) {
    for (uint32_t s = 0; s < sms_.size(); ++s) {
      FakeSm& sm = sms_[s];
      if (sm.saving) {
        if (sm.save_left > 0 && --sm.save_left > 0) continue;
        sm.saving = false;
        for (Block& b : sm.blocks) {
          b.ctx.warps.assign(b.ctx.tb.warps.size(), WarpContext{});
          b.ctx.warps[0].next_issue = uint32_t(b.ran);
          preempted_[b.launch].insert(b.ctx.seq);
          d_->block_preempted(s, std::move(b.ctx), c);
        }
        sm.blocks.clear();
        continue;
      }
      for (size_t i = 0; i < sm.blocks.size();) {
        Block& b = sm.blocks[i];
        if (++b.ran < kernels_[b.launch].block_len) {
          ++i;
          continue;
        }
        if (!completed_[b.launch].insert(b.ctx.seq).second) bad_.add("a block completed twice");
        const uint32_t id = b.launch;
        const uint64_t seq = b.ctx.seq;
        sm.blocks.erase(sm.blocks.begin() + long(i));
        d_->block_completed(s, id, seq, c);
      }
    }
  }

  void check_tables() {
    const SchedTables& t = d_->tables();
    if (d_->policy() == SchedPolicyKind::Fcfs) return;
    for (const KsrEntry* e : t.active())
      if (e->count + int64_t(t.assigned_to(e->launch_id)) != e->budget) bad_.add("tokens not conserved");
    for (uint32_t s = 0; s < t.n_sms(); ++s)
      if (t.sm(s).running != sms_[s].blocks.size()) bad_.add("SMST running count differs from the SM");
    if (d_->policy() == SchedPolicyKind::Dss) {
      // Balance after each invocation: the richest kernel that wants an SM has at most one token
      // more than the poorest kernel running on one.
      int64_t max = INT64_MIN, min = INT64_MAX;
      for (const KsrEntry* e : t.active()) {
        if (t.wants_sm(*e)) max = std::max(max, e->count);
        for (uint32_t s = 0; s < t.n_sms(); ++s)
          if (t.sm(s).state == SmState::Running && t.sm(s).kernel == e->launch_id) min = std::min(min, e->count);
      }
      if (max != INT64_MIN && min != INT64_MAX && max > min + 1)
        bad_.add("DSS left tokens " + std::to_string(max) + " vs " + std::to_string(min));
    }
  }

  uint32_t cap_;
  uint64_t save_;
  std::vector<FakeSm> sms_;
  std::unique_ptr<Dispatcher> d_;
  std::map<uint32_t, FakeKernel> kernels_;
  std::map<uint32_t, std::set<uint64_t>> completed_, preempted_;
  std::map<uint32_t, uint64_t> end_;
  uint64_t resumed_ = 0, issued_to_reserved_ = 0;
  Violations bad_;
};

std::string join(const Violations& v) {
  std::string s;
  for (const auto& x : v.list) s += x + "\n";
  return s;
}

struct Mode {
  SchedPolicyKind policy;
  PreemptionKind mech;
};

class EveryPolicy : public ::testing::TestWithParam<Mode> {};

// A mix: a long low-priority kernel, a short high-priority one arriving later, a medium one.
TEST_P(EveryPolicy, InvariantsHoldOnAMix) {
  FakeGpu g(GetParam().policy, GetParam().mech, 6, 2, 5);
  const bool dss = GetParam().policy == SchedPolicyKind::Dss;
  const bool prio = !dss && GetParam().policy != SchedPolicyKind::Fcfs;
  g.add({40, 300, 0, dss ? 3 : 0, 0, 0});
  g.add({10, 50, prio ? 5u : 0u, dss ? 2 : 0, 400, 1});
  g.add({20, 120, prio ? 2u : 0u, dss ? 1 : 0, 100, 2});
  const uint64_t cycles = g.run();
  EXPECT_TRUE(g.d().all_done()) << "after " << cycles << " cycles\n" << g.d().describe_state();
  EXPECT_TRUE(g.bad().list.empty()) << join(g.bad());
  EXPECT_EQ(g.issued_to_reserved(), 0u);
  EXPECT_LE(g.d().counters().max_ptbq, 6u * 2u);
  const bool preempts = GetParam().policy == SchedPolicyKind::Ppq || GetParam().policy == SchedPolicyKind::PpqShared ||
                        dss;
  if (preempts && GetParam().mech == PreemptionKind::ContextSwitch) {
    EXPECT_GT(g.resumed(), 0u);
  }
  if (!preempts || GetParam().mech == PreemptionKind::Drain) {
    EXPECT_EQ(g.resumed(), 0u);
  }
  if (preempts) {
    EXPECT_GT(g.d().counters().sm_preemptions, 0u);
  }
  if (dss) {
    EXPECT_EQ(g.d().counters().idle_sm_with_work, 0u) << "an SM idled while a kernel wanted one";
  }
  RecordProperty("cycles", std::to_string(cycles));
  RecordProperty("sm_preemptions", std::to_string(g.d().counters().sm_preemptions));
  RecordProperty("resumed", std::to_string(g.resumed()));
}

INSTANTIATE_TEST_SUITE_P(
    sched, EveryPolicy,
    ::testing::Values(Mode{SchedPolicyKind::Fcfs, PreemptionKind::ContextSwitch},
                      Mode{SchedPolicyKind::Npq, PreemptionKind::ContextSwitch},
                      Mode{SchedPolicyKind::Ppq, PreemptionKind::ContextSwitch},
                      Mode{SchedPolicyKind::Ppq, PreemptionKind::Drain},
                      Mode{SchedPolicyKind::PpqShared, PreemptionKind::ContextSwitch},
                      Mode{SchedPolicyKind::PpqShared, PreemptionKind::Drain},
                      Mode{SchedPolicyKind::Dss, PreemptionKind::ContextSwitch},
                      Mode{SchedPolicyKind::Dss, PreemptionKind::Drain}),
    [](const ::testing::TestParamInfo<Mode>& i) {
      return std::string(sched_policy_name(i.param.policy)) + "_" + preemption_name(i.param.mech);
    });

// PPQ with a high-priority kernel arriving while a persistent one holds every SM: context switch
// takes SMs at once; draining waits for the persistent blocks; the exclusive variant issues no
// low-priority block while the high-priority kernel is active.
TEST(sched, PersistentKernelPreemptedOnlyByContextSwitch) {
  auto high_end = [](PreemptionKind m) {
    FakeGpu g(SchedPolicyKind::Ppq, m, 4, 2, 10);
    g.add({8, 100000, 0, 0, 0, 0});      // persistent: one wave of very long blocks
    const uint32_t hi = g.add({8, 100, 1, 0, 500, 1});
    g.run();
    EXPECT_TRUE(g.bad().list.empty()) << join(g.bad());
    return g.end(hi);
  };
  const uint64_t cs = high_end(PreemptionKind::ContextSwitch), drain = high_end(PreemptionKind::Drain);
  EXPECT_LT(cs, 500u + 1000u) << "context switch serves the high-priority kernel at once";
  EXPECT_GT(drain, 100000u) << "draining waits for the persistent blocks";
}

TEST(sched, NpqDoesNotPreempt) {
  FakeGpu g(SchedPolicyKind::Npq, PreemptionKind::ContextSwitch, 4, 2, 10);
  g.add({8, 5000, 0, 0, 0, 0});
  const uint32_t hi = g.add({8, 100, 1, 0, 100, 1});
  g.run();
  EXPECT_EQ(g.d().counters().sm_preemptions, 0u);
  EXPECT_GT(g.end(hi), 5000u);
  EXPECT_TRUE(g.bad().list.empty()) << join(g.bad());
}

TEST(sched, SmstRefusesIllegalTransitions) {
  SchedTables t(2, 2);
  t.insert(1, 0, 0, 2, 1);
  t.insert(2, 1, 0, 0, 1);
  EXPECT_THROW(t.reserve(0, 2), std::logic_error) << "idle -> reserved";
  EXPECT_THROW(t.preempted(0), std::logic_error) << "idle -> running without setup";
  t.assign(0, 1);
  EXPECT_THROW(t.assign(0, 2), std::logic_error) << "running -> running for another kernel";
  t.reserve(0, 2);
  EXPECT_THROW(t.release(0), std::logic_error) << "reserved -> idle";
  t.check_tokens();
  EXPECT_EQ(t.find(1)->count, 2);
  EXPECT_EQ(t.find(2)->count, -1);
  t.block_started(1);
  EXPECT_THROW(t.remove(3), std::logic_error);
  t.preempted(0);
  EXPECT_EQ(t.sm(0).kernel, 2u);
  t.check_tokens();
}

TEST(sched, EqualSharingGivesTheRemainderToTheEarliest) {
  std::vector<Application> apps(4);
  apps[0].options.start = 300;
  apps[1].options.start = 0;
  apps[2].options.start = 100;
  apps[3].options.start = 200;
  ApplicationRuns r(apps, 13);
  EXPECT_EQ(r.tokens(1), 4);
  EXPECT_EQ(r.tokens(2), 3);
  EXPECT_EQ(r.tokens(3), 3);
  EXPECT_EQ(r.tokens(0), 3);
  apps[2].options.tokens = 7;
  EXPECT_EQ(ApplicationRuns(apps, 13).tokens(2), 7);
}

}  // namespace
}  // namespace gpucosim::test
