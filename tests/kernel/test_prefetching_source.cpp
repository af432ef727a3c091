// PrefetchingSource must hand over exactly what its inner source delivers: the same blocks in
// the same order, an opcode table with the same indices, the inner source's exception at the
// same block, and it must stop its reader thread when dropped before the end.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel/input_error.h"
#include "kernel/prefetching_source.h"

namespace gpucosim {
namespace {

// Delivers `blocks` blocks; block b has b % 3 + 1 warps whose instructions use opcodes first
// seen in that block (so the table grows while blocks are read). Throws at block `fail_at`.
class CountingSource : public KernelSource {
 public:
  CountingSource(uint64_t blocks, uint64_t fail_at, std::atomic<uint64_t>* produced)
      : blocks_(blocks), fail_at_(fail_at), produced_(produced), table_(80) {
    header_.name = "counting";
    header_.grid = Dim3{uint32_t(blocks), 1, 1};
    header_.block = Dim3{96, 1, 1};
  }
  const KernelHeader& header() const override { return header_; }
  const OpcodeTable& opcodes() const override { return table_; }
  bool next_block(ThreadBlock& tb) override {
    if (next_ == fail_at_) throw InputError("counting.traceg", next_ + 1, "expected a block, found garbage");
    if (next_ == blocks_) return false;
    static const char* const kOps[] = {"FADD", "IMAD", "LDG.E", "STG.E", "BRA", "EXIT", "FFMA", "ISETP.GE.AND"};
    tb = ThreadBlock{};
    tb.id = Dim3{uint32_t(next_), 0, 0};
    for (uint32_t w = 0; w < next_ % 3 + 1; ++w) {
      Warp warp;
      warp.id = w;
      Instruction in;
      in.pc = uint32_t(next_ * 16 + w);
      in.opcode = uint16_t(table_.intern(kOps[(next_ + w) % 8]));
      warp.push(in);
      tb.warps.push_back(std::move(warp));
    }
    ++next_;
    if (produced_) produced_->fetch_add(1);
    return true;
  }

 private:
  uint64_t blocks_, fail_at_, next_ = 0;
  std::atomic<uint64_t>* produced_;
  KernelHeader header_;
  OpcodeTable table_;
};

struct Seen {
  std::vector<uint32_t> ids, pcs;
  std::vector<std::string> ops;  // opcode text of each instruction, through the consumer's table
};

Seen drain(KernelSource& s, std::string* error) {
  Seen seen;
  ThreadBlock tb;
  try {
    while (s.next_block(tb)) {
      seen.ids.push_back(tb.id.x);
      for (const Warp& w : tb.warps)
        for (const Instruction& in : w.insts) {
          seen.pcs.push_back(in.pc);
          seen.ops.push_back(s.opcodes()[in.opcode].text);
        }
    }
  } catch (const InputError& e) {
    *error = e.what();
  }
  return seen;
}

TEST(PrefetchingSource, DeliversTheInnerSourcesBlocksAndOpcodeIndices) {
  for (size_t depth : {0u, 1u, 2u, 7u}) {  // 0: on the caller's thread (read_ahead false), depth 1
    CountingSource direct(50, ~uint64_t(0), nullptr);
    PrefetchingSource ahead(std::make_unique<CountingSource>(50, ~uint64_t(0), nullptr), depth ? depth : 1,
                            depth > 0);
    std::string e1, e2;
    const Seen a = drain(direct, &e1), b = drain(ahead, &e2);
    EXPECT_EQ(a.ids.size(), 50u);
    EXPECT_EQ(a.ids, b.ids);
    EXPECT_EQ(a.pcs, b.pcs);
    EXPECT_EQ(a.ops, b.ops);
    EXPECT_EQ(direct.opcodes().size(), ahead.opcodes().size());
    EXPECT_EQ(ahead.header().name, "counting");
    EXPECT_TRUE(e2.empty());
    ThreadBlock tb;
    EXPECT_FALSE(ahead.next_block(tb));  // stays at the end
  }
}

TEST(PrefetchingSource, ThrowsTheInnerSourcesErrorAtTheSameBlock) {
  for (bool read_ahead : {true, false}) {
    CountingSource direct(50, 17, nullptr);
    PrefetchingSource ahead(std::make_unique<CountingSource>(50, 17, nullptr), 4, read_ahead);
    std::string e1, e2;
    const Seen a = drain(direct, &e1), b = drain(ahead, &e2);
    EXPECT_EQ(b.ids.size(), 17u);
    EXPECT_EQ(a.ids, b.ids);
    EXPECT_EQ(a.ops, b.ops);
    EXPECT_FALSE(e2.empty());
    EXPECT_EQ(e1, e2);
  }
}

// Before the first block is taken the reader reads ahead until `depth` blocks and its byte budget
// wait (small blocks: by the budget, never the whole kernel); once blocks are taken it keeps only
// `depth` ahead.
TEST(PrefetchingSource, ReadsAheadUpToItsByteBudgetUntilTheFirstBlockIsTaken) {
  std::atomic<uint64_t> produced{0};
  {
    // Blocks of 1 to 3 warps of one instruction each; a budget of 100 instructions.
    PrefetchingSource ahead(std::make_unique<CountingSource>(1000, ~uint64_t(0), &produced), 3, true,
                            100 * sizeof(Instruction));
    for (int i = 0; i < 500 && produced.load() < 34; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const uint64_t before = produced.load();
    EXPECT_GE(before, 34u) << "at least the budget's worth of the largest blocks";
    EXPECT_LE(before, 102u) << "at most the budget's worth of the smallest and one being read";
    // Taking blocks: the reader refills to `depth` only, so it reads nothing more while more
    // than `depth` are still waiting.
    ThreadBlock tb;
    for (int i = 0; i < 10; ++i) ASSERT_TRUE(ahead.next_block(tb));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(produced.load(), before);
  }
  EXPECT_LE(produced.load(), 102u);
}

TEST(PrefetchingSource, ReadsAtMostDepthBlocksAheadAndStopsWhenDropped) {
  std::atomic<uint64_t> produced{0};
  {
    PrefetchingSource ahead(std::make_unique<CountingSource>(1000, ~uint64_t(0), &produced), 3, true, 0);
    ThreadBlock tb;
    ASSERT_TRUE(ahead.next_block(tb));
    // One block taken, at most 3 waiting and one being read: never the whole kernel.
    for (int i = 0; i < 200 && produced.load() < 4; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_LE(produced.load(), 5u);
    EXPECT_GE(produced.load(), 2u);
  }  // the destructor stops and joins the reader
  EXPECT_LE(produced.load(), 5u);
}

// Once blocks are taken the reader sleeps while `depth` or more wait, then refills in one batch
// to depth + kRefillBlocks (the byte budget allowing): not woken for every block taken.
TEST(PrefetchingSource, RefillsInBatchesOnceBlocksAreTaken) {
  std::atomic<uint64_t> produced{0};
  const size_t depth = 3;
  // Blocks of 1 to 3 one-instruction warps; a refill's 19 blocks fit a budget of 100
  // instructions, so the refill stops at its block count.
  PrefetchingSource ahead(std::make_unique<CountingSource>(1000, ~uint64_t(0), &produced), depth, true,
                          100 * sizeof(Instruction));
  auto settle = [&] {  // until the reader has stopped reading
    uint64_t last = ~uint64_t(0);
    for (int i = 0; i < 200 && produced.load() != last; ++i) {
      last = produced.load();
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  };
  settle();
  ThreadBlock tb;
  uint64_t taken = 0;
  for (int round = 0; round < 3; ++round) {
    // Take blocks while `depth` or more would still wait: the reader reads nothing.
    const uint64_t before = produced.load();
    while (produced.load() - taken > depth) {
      ASSERT_TRUE(ahead.next_block(tb));
      ++taken;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(produced.load(), before) << "round " << round;
    // One more leaves fewer than `depth`: one refill to depth + kRefillBlocks.
    ASSERT_TRUE(ahead.next_block(tb));
    ++taken;
    settle();
    EXPECT_EQ(produced.load() - taken, depth + kRefillBlocks) << "round " << round;
  }
}

TEST(PrefetchingSource, RefusesDepthZero) {
  EXPECT_THROW(PrefetchingSource(std::make_unique<CountingSource>(1, ~uint64_t(0), nullptr), 0), std::invalid_argument);
}

}  // namespace
}  // namespace gpucosim
