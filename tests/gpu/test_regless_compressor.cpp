// RegLess's compressor in the whole GPU (docs/blocks/regless.md §9): with a small OSU that spills,
// dirty registers of affine value stay in the shards' compressors (no uncompressed L1 write) and
// their preloads are answered from there, no register value is lost, and every L1 request is
// accounted for; with the compressor on, lockstep still agrees and tlm equals rtl; with it off
// (the default) the run is the compressor-less one, statistic for statistic; bad values of its
// options are refused naming them. Register values (§9): a generated workload's register writes
// take their shape from the lane values the generator emits, a trace's (which carries none) from
// the register-value analysis, and the counts by source add up; every built-in workload runs with
// the compressor without losing a register value.
#include <gtest/gtest.h>

#include "systemc/blocks/registry/block_registry.h"
#include "tests/gpu/gpu_test_util.h"
#include "tests/support/test_paths.h"
#include "workloads/workload.h"

namespace gpucosim::test {
namespace {

bool have_rtl() { return builtin_block_registry().has_mode("regless", kit::BlockMode::Rtl); }

const std::string kRun = "run --config GTX980 --set gpucosim_regless_check=1 --workload ";
// Two OSU lines per bank: registers spill on every region change.
const std::string kSmallOsu = "gemm_naive:k=16 --set regless=tlm --set gpucosim_regless_lines_per_bank=2";

TEST(gpuReglessCompressor, AffineRegistersStayCompressed) {
  const CliRun off = run_cli(kRun + kSmallOsu);
  const CliRun on = run_cli(kRun + kSmallOsu + " --set gpucosim_regless_compressor=1");
  ASSERT_EQ(off.exit_code, 0) << off.output;
  ASSERT_EQ(on.exit_code, 0) << on.output;
  EXPECT_EQ(on.stats["end"], "completed");
  const json& t = on.stats["total"];
  auto v = [&](const char* k) { return t[k].get<double>(); };
  EXPECT_EQ(v("regless_value_errors"), 0.0);  // nothing lost through compressed space
  EXPECT_EQ(t["gpu_sim_insn"], off.stats["total"]["gpu_sim_insn"]);
  EXPECT_GT(v("regless_compressor_evictions"), 0.0);
  EXPECT_GT(v("regless_compressor_incompressible"), 0.0);  // loaded data: unknown values
  EXPECT_EQ(v("regless_compressor_evictions") + v("regless_compressor_incompressible"), v("regless_writebacks"));
  double by_pattern = 0;
  for (const char* p : {"constant", "stride-1", "stride-4", "half-stride-1", "half-stride-4"})
    by_pattern += v((std::string("regless_compressor_evictions_") + p).c_str());
  EXPECT_EQ(by_pattern, v("regless_compressor_evictions"));
  EXPECT_GT(v("regless_compressor_preloads"), 0.0);
  EXPECT_GT(v("regless_compressor_line_hits"), 0.0);
  EXPECT_EQ(v("regless_compressor_line_hits") + v("regless_compressor_line_misses"),
            v("regless_compressor_evictions") + v("regless_compressor_preloads"));
  // Every L1 request: uncompressed write-backs and fetches, compressed lines fetched and written.
  EXPECT_EQ(v("regless_fetches"), v("regless_compressor_preloads") + v("regless_preloads_l1") +
                                       v("regless_preloads_l2_dram"));
  EXPECT_EQ(v("regless_l1_requests"), v("regless_compressor_incompressible") + v("regless_fetches") -
                                           v("regless_compressor_preloads") + v("regless_compressor_line_fetches") +
                                           v("regless_compressor_line_writebacks"));
  // The share of register values whose shape the analysis knows, and of compressible ones.
  EXPECT_GT(v("regless_value_writes_known"), 0.0);
  EXPECT_LE(v("regless_value_writes_compressible"), v("regless_value_writes_known"));
  EXPECT_LE(v("regless_value_writes_known"), v("regless_value_writes"));
  EXPECT_EQ(v("regless_value_writes"), v("regless_writes"));
  // Fewer register lines through the L1 than without the compressor.
  EXPECT_LT(v("sm_client_register_backing_l1_accesses"),
            off.stats["total"]["sm_client_register_backing_l1_accesses"].get<double>());
  EXPECT_FALSE(off.stats["total"].contains("regless_compressor_evictions"));
}

// Off is the default and is the run without a compressor: the same statistics, none of its own.
TEST(gpuReglessCompressor, OffIsTheDefault) {
  const CliRun none = run_cli(kRun + kSmallOsu);
  const CliRun off = run_cli(kRun + kSmallOsu + " --set gpucosim_regless_compressor=0 --set gpucosim_regless_compressor_lines=4");
  ASSERT_EQ(none.exit_code, 0) << none.output;
  ASSERT_EQ(off.exit_code, 0) << off.output;
  EXPECT_EQ(first_difference(without_lockstep_counters(none), without_lockstep_counters(off)), "");
}

// At the verilated sizes (the only ones rtl runs), a grid that fills the OSU spills registers
// through the compressor (two lines: compressed lines go through the L1 too); the twin and the
// RTL shards still agree every cycle.
TEST(gpuReglessCompressor, LockstepAgreesAndRtlEqualsTwin) {
  const std::string base = kRun +
                           "streamcluster:points=16384,dim=4 --set gpucosim_regless_compressor=1 "
                           "--set gpucosim_regless_compressor_lines=2 --set regless=";
  const CliRun tlm = run_cli(base + "tlm");
  ASSERT_EQ(tlm.exit_code, 0) << tlm.output;
  const json& t = tlm.stats["total"];
  EXPECT_EQ(tlm.stats["end"], "completed");
  EXPECT_EQ(t["regless_value_errors"].get<double>(), 0.0);
  EXPECT_GT(t["regless_compressor_evictions"].get<double>(), 0.0);
  EXPECT_GT(t["regless_compressor_line_fetches"].get<double>(), 0.0);
  EXPECT_GT(t["regless_compressor_line_writebacks"].get<double>(), 0.0);
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  const CliRun lock = run_cli(base + "lockstep");
  ASSERT_EQ(lock.exit_code, 0) << lock.output;
  EXPECT_EQ(lock.stats["total"]["lockstep_mismatches"].get<double>(), 0.0);
  EXPECT_EQ(first_difference(without_lockstep_counters(tlm)["total"], without_lockstep_counters(lock)["total"]), "");
  const CliRun rtl = run_cli(base + "rtl");
  ASSERT_EQ(rtl.exit_code, 0) << rtl.output;
  EXPECT_EQ(first_difference(without_lockstep_counters(tlm)["total"], without_lockstep_counters(rtl)["total"]), "");
  EXPECT_EQ(without_lockstep_counters(tlm)["kernels"], without_lockstep_counters(rtl)["kernels"]);
}

double stat(const CliRun& r, const char* k) { return r.stats["total"][k].get<double>(); }

// The writes by where their shape came from add up; a generated run takes most from emitted lane
// values, the same kernel as a trace (`trace gen` writes no values) none, and both run the same
// instructions.
TEST(gpuReglessCompressor, ValueSourcesEmittedOrAnalysis) {
  const std::string dir = scratch_dir();
  const CommandResult gen = run_command(gpucosim_exe() + " trace gen gemm_naive --param k=16 --out " + dir + "/t");
  ASSERT_EQ(gen.exit_code, 0) << gen.output;
  const std::string sets = " --set regless=tlm --set gpucosim_regless_lines_per_bank=2 --set gpucosim_regless_compressor=1";
  const CliRun wl = run_cli(kRun + "gemm_naive:k=16" + sets, dir + "/wl");
  const CliRun tr =
      run_cli("run --config GTX980 --set gpucosim_regless_check=1 --trace " + dir + "/t/kernelslist.g" + sets, dir + "/tr");
  ASSERT_EQ(wl.exit_code, 0) << wl.output;
  ASSERT_EQ(tr.exit_code, 0) << tr.output;
  for (const CliRun* r : {&wl, &tr}) {
    EXPECT_EQ(stat(*r, "regless_value_errors"), 0.0);
    EXPECT_EQ(stat(*r, "regless_value_writes_emitted") + stat(*r, "regless_value_writes_analysis") +
                  stat(*r, "regless_value_writes_unknown"),
              stat(*r, "regless_value_writes"));
    EXPECT_EQ(stat(*r, "regless_value_writes_emitted") + stat(*r, "regless_value_writes_analysis"),
              stat(*r, "regless_value_writes_known"));
  }
  EXPECT_GT(stat(wl, "regless_value_writes_emitted"), 0.5 * stat(wl, "regless_value_writes"));
  EXPECT_GT(stat(wl, "regless_value_writes_unknown"), 0.0);  // the loaded matrix elements
  EXPECT_EQ(stat(tr, "regless_value_writes_emitted"), 0.0);
  EXPECT_GT(stat(tr, "regless_value_writes_analysis"), 0.0);
  EXPECT_EQ(wl.stats["total"]["gpu_sim_insn"], tr.stats["total"]["gpu_sim_insn"]);
  EXPECT_EQ(stat(wl, "regless_value_writes"), stat(tr, "regless_value_writes"));
  // The generator knows at least what the analysis infers.
  EXPECT_GE(stat(wl, "regless_value_writes_known"), stat(tr, "regless_value_writes_known"));
}

// Without RegLess the generated kernel and its trace are the same run, statistic for statistic.
TEST(gpuReglessCompressor, TraceRunsAsTheGeneratorWithReglessOff) {
  const std::string dir = scratch_dir();
  const CommandResult gen = run_command(gpucosim_exe() + " trace gen stencil2d --out " + dir + "/t");
  ASSERT_EQ(gen.exit_code, 0) << gen.output;
  const CliRun wl = run_cli("run --config GTX980 --workload stencil2d", dir + "/wl");
  const CliRun tr = run_cli("run --config GTX980 --trace " + dir + "/t/kernelslist.g", dir + "/tr");
  ASSERT_EQ(wl.exit_code, 0) << wl.output;
  ASSERT_EQ(tr.exit_code, 0) << tr.output;
  EXPECT_EQ(first_difference(without_lockstep_counters(wl)["total"], without_lockstep_counters(tr)["total"]), "");
}

// Every built-in workload at its default size, with the compressor deciding from emitted values:
// no register value lost or stale.
class ReglessCompressorOnWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(ReglessCompressorOnWorkload, NoValueErrorsWithTheCompressor) {
  const CliRun r = run_cli(kRun + GetParam() + " --set regless=tlm --set gpucosim_regless_compressor=1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.stats["end"], "completed");
  EXPECT_EQ(stat(r, "regless_value_errors"), 0.0);
  EXPECT_GT(stat(r, "regless_value_writes_emitted"), 0.0);
}

std::vector<std::string> workload_names() {
  std::vector<std::string> v;
  for (const auto& w : builtin_workloads()) v.push_back(w->name());
  return v;
}

INSTANTIATE_TEST_SUITE_P(gpu, ReglessCompressorOnWorkload, ::testing::ValuesIn(workload_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

TEST(gpuReglessCompressor, BadOptionsAreRefused) {
  for (const std::string sets : {"gpucosim_regless_compressor=2", "gpucosim_regless_compressor=on",
                                 "gpucosim_regless_compressor_lines=1", "gpucosim_regless_compressor_lines=65"}) {
    const CommandResult r = run_command(gpucosim_exe() + " run --config GTX980 --workload gemm_naive --quiet --out " +
                                        scratch_dir() + " --set regless=tlm --set " + sets);
    EXPECT_EQ(r.exit_code, 1) << sets << ": " << r.output;
    EXPECT_NE(r.output.find("gpucosim: error:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(sets.substr(0, sets.find('='))), std::string::npos) << sets << ": " << r.output;
  }
}

}  // namespace
}  // namespace gpucosim::test

namespace gpucosim::test {
namespace {

// Generated kernels carry lane values only when a block switched on reads them
// (kit::BlockDecl::reads_lane_values: RegLess): they cost time and memory for nothing otherwise.
TEST(gpuLaneValues, GeneratedOnlyWhenABlockReadsThem) {
  GpuConfig cfg;
  EXPECT_FALSE(lane_values_wanted(cfg));
  kit::BlockSettings on = cfg.block("regless");
  on.mode = kit::BlockMode::Tlm;
  cfg.blocks["regless"] = on;
  EXPECT_TRUE(lane_values_wanted(cfg));
  auto values_in_first_block = [](bool lane_values) {
    Application app = application_from_workload("vecadd:n=1024", lane_values);
    std::unique_ptr<KernelSource> k = app.kernels.at(0).open();
    ThreadBlock tb;
    EXPECT_TRUE(k->next_block(tb));
    size_t n = 0;
    for (const Warp& w : tb.warps) n += w.values.size();
    return n;
  };
  EXPECT_GT(values_in_first_block(true), 0u);
  EXPECT_EQ(values_in_first_block(false), 0u);
}

}  // namespace
}  // namespace gpucosim::test
