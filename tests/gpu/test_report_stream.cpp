// The report written kernel by kernel (write_json, write_text) is exactly to_json(r).dump(2) and
// to_text(r): the CLI streams stats.json so that a trace of thousands of kernels does not hold a
// JSON document of every kernel's counters in memory.
#include <gtest/gtest.h>

#include <sstream>

#include "systemc/gpu/gpu_model.h"
#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

json streamed_equals_whole(const std::vector<Application>& apps, const std::string& preset_name) {
  const GpuConfig g = preset(preset_name);
  return in_child([&] {
    GpuModel gpu("gpu", g, GpuModelOptions{});
    const RunReport r = gpu.run(apps);
    std::ostringstream js, tx;
    write_json(js, r);
    write_text(tx, r, false);
    json out;
    out["kernels"] = r.kernels.size();
    out["json_same"] = js.str() == to_json(r).dump(2);
    out["text_same"] = tx.str() == to_text(r, false);
    return out;
  });
}

TEST(report_stream, TwoKernelsAsTheWholeDocument) {
  const json j = streamed_equals_whole({application_from_workload("atax:nx=64,ny=64")}, "GTX480");
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["kernels"], 2);
  EXPECT_TRUE(j["json_same"].get<bool>());
  EXPECT_TRUE(j["text_same"].get<bool>());
}

TEST(report_stream, TwoApplicationsAsTheWholeDocument) {
  const json j = streamed_equals_whole(
      {application_from_workload("vecadd:n=2048"), application_from_workload("transpose_naive:n=64")}, "QV100");
  ASSERT_FALSE(j.is_null());
  EXPECT_GE(j["kernels"].get<int>(), 2);
  EXPECT_TRUE(j["json_same"].get<bool>());
  EXPECT_TRUE(j["text_same"].get<bool>());
}

TEST(report_stream, NoKernelAsTheWholeDocument) {
  RunReport r;
  r.total["gpu_sim_cycle"] = 3;
  std::ostringstream js;
  write_json(js, r);
  EXPECT_EQ(js.str(), to_json(r).dump(2));
}

}  // namespace
}  // namespace gpucosim::test
