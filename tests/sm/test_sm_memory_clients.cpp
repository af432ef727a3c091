// The memory-client hook (systemc/sm/memory_clients.h): a client's reads go through the L1 (a
// miss fetches the line once, a later read of it hits after the L1 latency), bypass requests go
// straight to memory without touching the L1, every request leaving the SM carries its client,
// the L1 port goes to the LSU's own path first, and the SM is not idle while a client waits.
#include <gtest/gtest.h>

#include <map>

#include "sm_harness.h"

namespace gpucosim::test {
namespace {

class ScriptedClient : public MemoryClient {
 public:
  enum class Op { Read, Write, BypassRead, BypassWrite };
  struct Step {
    Op op;
    uint64_t line;
    uint64_t not_before = 0;  // cycle
  };
  ScriptedClient(MemClient kind, std::vector<Step> steps) : kind_(kind), steps_(std::move(steps)) {}

  MemClient kind() const override { return kind_; }
  void cycle(uint64_t now, MemoryClientPort& port) override {
    if (next_ >= steps_.size() || now < steps_[next_].not_before) return;
    const Step& s = steps_[next_];
    const uint32_t token = uint32_t(next_);
    MemoryClientPort::Result r;
    switch (s.op) {
      case Op::Read: r = port.read(s.line, 0xf, token, now); break;
      case Op::Write: r = port.write(s.line, 0xf, now); break;
      case Op::BypassRead: r = port.bypass(s.line, 0xf, false, token, now); break;
      case Op::BypassWrite: r = port.bypass(s.line, 0xf, true, token, now); break;
    }
    if (!r.accepted) {
      ++refused;
      return;
    }
    accepted_at[token] = now;
    hit[token] = r.hit;
    if (s.op == Op::Read || s.op == Op::BypassRead) ++awaiting_;
    ++next_;
  }
  void data(uint32_t token, uint64_t now) override {
    EXPECT_EQ(data_at.count(token), 0u) << "data twice for token " << token;
    data_at[token] = now;
    --awaiting_;
  }
  bool idle() const override { return next_ == steps_.size() && awaiting_ == 0; }

  std::map<uint32_t, uint64_t> accepted_at, data_at;
  std::map<uint32_t, bool> hit;
  uint64_t refused = 0;

 private:
  MemClient kind_;
  std::vector<Step> steps_;
  size_t next_ = 0;
  int awaiting_ = 0;
};

uint64_t count_seen(const FakeMemory& fm, MemClient c, MemAccessKind k) {
  uint64_t n = 0;
  for (const SeenRequest& r : fm.seen) n += (r.client == c && r.kind == k) ? 1 : 0;
  return n;
}

TEST(SmMemoryClients, ReadsGoThroughTheL1AndHitOnceFilled) {
  Bench b;
  fermi_l1(b);
  b.core.l1_latency = 5;
  using Op = ScriptedClient::Op;
  auto c = std::make_shared<ScriptedClient>(MemClient::RegisterBacking,
                                            std::vector<ScriptedClient::Step>{{Op::Read, 0x10000}, {Op::Read, 0x10000, 400}});
  SmOptions o;
  o.memory_clients.push_back(c);
  b.build(std::move(o));
  b.run();
  ASSERT_EQ(c->data_at.size(), 2u);
  EXPECT_FALSE(c->hit[0]);
  EXPECT_GE(c->data_at[0], c->accepted_at[0] + b.mem_latency);  // a miss waits for memory
  EXPECT_TRUE(c->hit[1]);
  EXPECT_EQ(c->data_at[1], c->accepted_at[1] + 5);  // a hit after the L1 latency
  EXPECT_EQ(count_seen(*b.fm, MemClient::RegisterBacking, MemAccessKind::GlobalRead), 1u);
  EXPECT_EQ(b.stat("sm_client_register_backing_requests"), 1);
  EXPECT_EQ(b.stat("sm_client_register_backing_l1_accesses"), 2);
  EXPECT_EQ(b.stat("sm_client_register_backing_data"), 2);
  EXPECT_EQ(b.stat("sm_client_lsu_requests"), 0);
}

TEST(SmMemoryClients, BypassRequestsSkipTheL1AndCarryTheirClient) {
  Bench b;
  fermi_l1(b);
  using Op = ScriptedClient::Op;
  auto c = std::make_shared<ScriptedClient>(
      MemClient::ContextMover, std::vector<ScriptedClient::Step>{{Op::BypassWrite, 0x20000}, {Op::BypassRead, 0x20000},
                                                                 {Op::BypassRead, 0x20000}});
  SmOptions o;
  o.memory_clients.push_back(c);
  b.build(std::move(o));
  b.run();
  EXPECT_EQ(count_seen(*b.fm, MemClient::ContextMover, MemAccessKind::GlobalWrite), 1u);
  EXPECT_EQ(count_seen(*b.fm, MemClient::ContextMover, MemAccessKind::GlobalRead), 2u);  // no L1: no merging
  EXPECT_EQ(c->data_at.size(), 2u);  // reads only
  EXPECT_EQ(b.stat("sm_client_context_mover_l1_accesses"), 0);
  EXPECT_EQ(b.stat("sm_client_context_mover_requests"), 3);
}

TEST(SmMemoryClients, TheLsuPathHasTheL1PortFirstAndTheSmWaitsForClients) {
  Bench b;
  fermi_l1(b);
  using Op = ScriptedClient::Op;
  std::vector<ScriptedClient::Step> steps;
  for (uint64_t k = 0; k < 64; ++k) steps.push_back({Op::Read, 0x40000 + 128 * k});
  auto c = std::make_shared<ScriptedClient>(MemClient::Metadata, steps);
  SmOptions o;
  o.memory_clients.push_back(c);
  b.build(std::move(o));
  // Eight warps of divergent loads keep the LSU's path on the L1 port.
  std::vector<Warp> ws(8);
  for (uint32_t w = 0; w < 8; ++w) {
    LaneAddrs a{};
    for (uint32_t t = 0; t < 32; ++t) a[t] = 0x100000 + uint64_t(t) * 4096 + 4 * w;
    b.add(ws[w], "LDG.E", {4}, {2}, &a);
  }
  b.launch(block_of(ws));
  b.run();
  EXPECT_GT(b.stat("sm_client_metadata_port_stalls"), 0) << "the client never yielded the L1 port to the LSU";
  EXPECT_EQ(c->data_at.size(), 64u);
  EXPECT_EQ(count_seen(*b.fm, MemClient::Metadata, MemAccessKind::GlobalRead), 64u);
  EXPECT_GT(count_seen(*b.fm, MemClient::Lsu, MemAccessKind::GlobalRead), 0u);
  EXPECT_TRUE(c->idle());
}

}  // namespace
}  // namespace gpucosim::test
