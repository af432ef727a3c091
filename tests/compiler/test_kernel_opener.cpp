// Re-openable kernels: the same kernel opened twice (analyse, then simulate) gives the same
// stream, from a workload (regenerated) and from a trace (re-read); a trace written from a
// workload analyses exactly like the workload; bad inputs are InputErrors.
#include <gtest/gtest.h>

#include "compiler/kernel_analysis.h"
#include "compiler_test_util.h"
#include "kernel/input_error.h"
#include "tests/support/test_paths.h"
#include "trace/trace_writer.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

// Every thread block's warps as (pc, mask, opcode text, first lane address) tuples, in order.
std::vector<std::tuple<uint32_t, uint32_t, std::string, uint64_t>> stream_of(KernelSource& src) {
  std::vector<std::tuple<uint32_t, uint32_t, std::string, uint64_t>> out;
  ThreadBlock tb;
  while (src.next_block(tb))
    for (const Warp& w : tb.warps)
      for (const Instruction& i : w.insts)
        out.emplace_back(i.pc, i.active_mask, src.opcodes()[i.opcode].text,
                         i.has_addresses() ? w.lane_addrs(i)[0] : 0);
  return out;
}

TEST(compiler_opener, AWorkloadKernelOpensAgainFromItsFirstBlock) {
  const compiler::KernelList list = compiler::kernel_list_from_workload("branchy:n=300,block=64");
  ASSERT_EQ(list.kernels.size(), 1u);
  EXPECT_EQ(list.origin, "--workload branchy:n=300,block=64");
  EXPECT_EQ(list.memcpys.size(), 2u);
  const auto first = list.kernels[0].open();
  const auto s1 = stream_of(*first);
  // A partly read source does not disturb the next open.
  const auto second = list.kernels[0].open();
  ThreadBlock tb;
  ASSERT_TRUE(second->next_block(tb));
  const auto third = list.kernels[0].open();
  EXPECT_EQ(stream_of(*third), s1);
  EXPECT_FALSE(s1.empty());
}

TEST(compiler_opener, ATraceWrittenFromAWorkloadAnalysesLikeTheWorkload) {
  const std::string spec = "regheavy:n=300,block=64,loads=6,chain=9,rounds=3";
  const std::string dir = test::scratch_dir();
  {
    GeneratedApp app = generate_workload(spec);
    ASSERT_EQ(app.kernels.size(), 1u);
    write_kernel_trace(dir + "/kernel-1.traceg", *app.kernels[0]);
    std::vector<Command> cmds = app.memcpys;
    Command k;
    k.path = "kernel-1.traceg";
    cmds.push_back(k);
    write_kernelslist(dir + "/kernelslist.g", cmds);
  }
  const compiler::KernelList from_trace = compiler::kernel_list_from_trace(dir + "/kernelslist.g");
  ASSERT_EQ(from_trace.kernels.size(), 1u);
  EXPECT_EQ(from_trace.memcpys.size(), 1u);
  EXPECT_EQ(from_trace.kernels[0].origin(), dir + "/kernel-1.traceg");
  // Opened twice: analysed, then read again as a simulator would.
  const compiler::KernelAnalysis t = compiler::analyse_kernel(from_trace.kernels[0]);
  const auto again = from_trace.kernels[0].open();
  EXPECT_EQ(stream_of(*again).size(), t.code.dynamic_instructions());

  const compiler::KernelAnalysis w = compiler::analyse_kernel(compiler::kernel_list_from_workload(spec).kernels[0]);
  ASSERT_EQ(t.code.size(), w.code.size());
  for (size_t i = 0; i < t.code.size(); ++i) {
    EXPECT_EQ(compiler::describe(t.code[i]), compiler::describe(w.code[i]));
    EXPECT_EQ(t.code[i].executions, w.code[i].executions);
    EXPECT_EQ(t.live.live_in(i), w.live.live_in(i));
    EXPECT_EQ(t.live.live_out(i), w.live.live_out(i));
  }
  EXPECT_EQ(t.cfg.edges(), w.cfg.edges());
  EXPECT_EQ(t.live.max_live(), 6u + 7u);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(compiler_opener, BadInputsAreInputErrors) {
  using compiler::kernel_list;
  EXPECT_NE(error_of([] { kernel_list("analyze", "", ""); }).find("analyze: give exactly one of --trace"),
            std::string::npos);
  EXPECT_NE(error_of([] { kernel_list("analyze", "a.g", "vecadd"); }).find("exactly one"), std::string::npos);
  EXPECT_NE(error_of([] { kernel_list("analyze", "", "no_such"); }).find("unknown workload 'no_such'"),
            std::string::npos);
  EXPECT_NE(error_of([] { kernel_list("analyze", "", "vecadd:n=0"); }).find("out of range"), std::string::npos);
  EXPECT_NE(error_of([] { kernel_list("analyze", "/nonexistent/kernelslist.g", ""); }).find("/nonexistent/kernelslist.g"),
            std::string::npos);
  // A kernel file that is missing fails when it is opened, naming the file.
  const compiler::KernelList one = kernel_list("analyze", "/nonexistent/kernel-1.traceg", "");
  ASSERT_EQ(one.kernels.size(), 1u);
  EXPECT_NE(error_of([&] { one.kernels[0].open(); }).find("/nonexistent/kernel-1.traceg"), std::string::npos);
}

}  // namespace
}  // namespace gpucosim
