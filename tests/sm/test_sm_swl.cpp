// SWL in a real SM through its two hooks (issue gate + events), every implementation under the
// protocol checker: with limit 1 the warps issue their global loads one after another in launch
// order, a warp waiting at a barrier makes room for the younger ones (no deadlock), gate_all holds
// every instruction, a limit at or above the warps changes nothing (the issue log equals the
// baseline's), the twin and the RTL agree in lockstep inside the SM, and configurations the RTL
// was not verilated for are refused naming the block.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include "kernel/input_error.h"
#include "sm_harness.h"
#include "systemc/blocks/registry/block_registry.h"

namespace gpucosim::test {
namespace {

using kit::BlockMode;

bool have_rtl() { return builtin_block_registry().has_mode("swl", BlockMode::Rtl); }

void build(Bench& b, BlockMode mode, uint32_t limit, uint32_t gate_all = 0) {
  GpuConfig g;
  g.core = b.core;
  if (mode != BlockMode::Off) {
    kit::BlockSettings& s = g.blocks["swl"];
    s.mode = mode;
    s.values["limit"] = limit;
    s.values["gate_all"] = gate_all;
    s.check = true;  // the protocol checker watches every test
  }
  b.sm = std::make_unique<Sm>("sm", 0, b.core, b.mem, b.pool, builtin_block_registry().make_sm_options(g, 0));
  b.fm = std::make_unique<FakeMemory>("mem", b.mem_latency);
  b.sm->mem_port.socket.bind(b.fm->port.socket);
  b.sm->set_issue_observer(&b.rec);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
}

// `warps` warps of one block, each with `loads` independent global loads (one 128-byte line
// each, different per warp) and an FFMA; with `barrier`, a BAR.SYNC after the first load.
std::vector<uint32_t> load_pcs;
void loads_kernel(Bench& b, uint32_t warps, uint32_t loads, bool barrier = false) {
  b.hdr.block = Dim3{32 * warps, 1, 1};
  std::vector<Warp> ws(warps);
  load_pcs.clear();
  for (uint32_t k = 0; k < loads; ++k)
    for (uint32_t w = 0; w < warps; ++w) {
      const LaneAddrs a = strided(0x100000 + (uint64_t(w) * loads + k) * 128, 4);
      load_pcs.push_back(b.add(ws[w], "LDG.E", {uint8_t(4 + k)}, {2}, &a));
      if (barrier && k == 0 && w == warps - 1)
        for (Warp& x : ws) b.add(x, "BAR.SYNC", {}, {});
    }
  for (Warp& x : ws) b.add(x, "FFMA", {30}, {4, 5, 6});
  b.launch(block_of(ws));
  b.run();
}

bool is_load(uint32_t pc) {
  for (uint32_t p : load_pcs)
    if (p == pc) return true;
  return false;
}
// Issue cycles of warp w's loads / all of its instructions.
std::vector<uint64_t> issues(const Bench& b, uint32_t w, bool loads_only) {
  std::vector<uint64_t> v;
  for (const IssueRecord& r : b.rec.log)
    if (r.warp == w && (!loads_only || is_load(r.pc))) v.push_back(r.cycle);
  return v;
}

TEST(SmSwl, OffBuildsNoHookTlmBuildsOneGateThatListens) {
  GpuConfig g;
  EXPECT_TRUE(builtin_block_registry().make_sm_options(g, 0).issue_gates.empty());
  g.blocks["swl"].mode = BlockMode::Tlm;
  const SmOptions o = builtin_block_registry().make_sm_options(g, 0);
  ASSERT_EQ(o.issue_gates.size(), 1u);
  ASSERT_EQ(o.listeners.size(), 1u);
  EXPECT_EQ(static_cast<const void*>(o.issue_gates[0].get()),
            static_cast<const void*>(dynamic_cast<IssueGate*>(o.listeners[0].get())));
}

TEST(SmSwl, LimitOneIssuesTheWarpsLoadsOneWarpAfterAnother) {
  Bench b;
  build(b, BlockMode::Tlm, 1);
  loads_kernel(b, 4, 3);
  for (uint32_t w = 1; w < 4; ++w) {
    const auto prev = issues(b, w - 1, false), mine = issues(b, w, true);
    ASSERT_EQ(mine.size(), 3u);
    // A warp may load only once every older warp is done issuing (parked).
    EXPECT_GT(mine.front(), prev.back()) << "warp " << w;
  }
  EXPECT_GT(b.stat("swl_gate_refusals"), 0);
  EXPECT_GT(b.stat("swl_cycles_throttled"), 0);
  EXPECT_EQ(b.stat("gpgpu_n_load_insn"), 12);
}

TEST(SmSwl, TheBaselineInterleavesTheSameLoads) {  // so the test above shows the throttle
  Bench b;
  build(b, BlockMode::Off, 0);
  loads_kernel(b, 4, 3);
  EXPECT_LT(issues(b, 1, true).front(), issues(b, 0, false).back());
}

// The issue log of the barrier kernel under one configuration and, last, the cycles it took,
// simulated in a forked child (SystemC elaborates once per process).
std::vector<IssueRecord> issue_log_in_child(BlockMode mode, uint32_t limit) {
  int fd[2];
  if (pipe(fd) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    Bench b;
    build(b, mode, limit);
    loads_kernel(b, 4, 3, true);
    b.rec.log.push_back(IssueRecord{b.cycle, 0, ~0u, 0});
    for (const IssueRecord& r : b.rec.log)
      if (write(fd[1], &r, sizeof r) != ssize_t(sizeof r)) _exit(2);
    _exit(::testing::Test::HasFailure() ? 1 : 0);
  }
  close(fd[1]);
  std::vector<IssueRecord> log;
  IssueRecord r;
  while (read(fd[0], &r, sizeof r) == ssize_t(sizeof r)) log.push_back(r);
  close(fd[0]);
  int status = 1;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child failed";
  return log;
}

TEST(SmSwl, LimitAtOrAboveTheWarpsChangesNothing) {
  const std::vector<IssueRecord> base = issue_log_in_child(BlockMode::Off, 0);
  ASSERT_GT(base.size(), 20u);
  for (uint32_t limit : {4u, 64u}) {
    const std::vector<IssueRecord> log = issue_log_in_child(BlockMode::Tlm, limit);
    ASSERT_EQ(log.size(), base.size()) << "limit " << limit;
    for (size_t k = 0; k < base.size(); ++k) {
      EXPECT_EQ(log[k].cycle, base[k].cycle) << "limit " << limit << ", issue " << k;
      EXPECT_EQ(log[k].warp, base[k].warp) << "limit " << limit << ", issue " << k;
      EXPECT_EQ(log[k].pc, base[k].pc) << "limit " << limit << ", issue " << k;
    }
  }
}

// Every warp loads, waits at a barrier, loads again. With limit 1 the oldest warp reaches the
// barrier first; parked there it makes room for the next, and so on: the block completes, and
// no warp's second load issues before every warp's first one (the barrier holds).
TEST(SmSwl, AWarpAtABarrierMakesRoomForYoungerOnes) {
  Bench b;
  build(b, BlockMode::Tlm, 1);
  loads_kernel(b, 4, 2, true);
  uint64_t last_first = 0, first_second = ~uint64_t(0);
  for (uint32_t w = 0; w < 4; ++w) {
    const auto l = issues(b, w, true);
    ASSERT_EQ(l.size(), 2u) << "warp " << w;
    last_first = std::max(last_first, l[0]);
    first_second = std::min(first_second, l[1]);
  }
  EXPECT_LT(last_first, first_second);
  EXPECT_EQ(b.stat("sm_blocks_completed"), 1);
  EXPECT_GT(b.stat("swl_gate_refusals"), 0);
}

TEST(SmSwl, GateAllHoldsEveryInstruction) {
  Bench b;
  build(b, BlockMode::Tlm, 1, 1);
  b.hdr.block = Dim3{96, 1, 1};
  std::vector<Warp> ws(3);
  for (Warp& w : ws)
    for (int k = 0; k < 4; ++k) b.add(w, "IADD3", {uint8_t(10 + k)}, {2, 3});
  b.launch(block_of(ws));
  b.run();
  for (uint32_t w = 1; w < 3; ++w) EXPECT_GT(issues(b, w, false).front(), issues(b, w - 1, false).back());
}

TEST(SmSwl, TwinAndRtlInLockstepInsideTheSm) {
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  Bench b;
  build(b, BlockMode::Lockstep, 2);
  loads_kernel(b, 8, 3, true);
  EXPECT_EQ(b.stat("lockstep_mismatches"), 0);
  EXPECT_GT(b.stat("lockstep_cycles_compared"), 20);
  EXPECT_EQ(b.stat("lockstep_cycles_compared") + b.stat("lockstep_cycles_held"), b.stat("swl_cycles") + 1);
  EXPECT_GT(b.stat("swl_allow_changes"), 4);
}

TEST(SmSwl, RtlRefusesAWarpCountItWasNotVerilatedFor) {
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  GpuConfig g;
  g.core = small_core();
  g.core.max_threads = 1024;  // 32 warps; the RTL has 48
  g.blocks["swl"].mode = BlockMode::Rtl;
  try {
    builtin_block_registry().make_sm_options(g, 0);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("n_warps=32 (the RTL was verilated with n_warps=48)"), std::string::npos)
        << e.what();
  }
  g.blocks["swl"].mode = BlockMode::Tlm;  // the twin takes any warp count
  EXPECT_EQ(builtin_block_registry().make_sm_options(g, 0).issue_gates.size(), 1u);
}

}  // namespace
}  // namespace gpucosim::test
