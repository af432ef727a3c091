// resolve_params: defaults, overrides, and every kind of bad input named with its origin.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

const Workload& vecadd() { return *find_workload("vecadd"); }

std::string error_of(const std::vector<std::string>& overrides, const std::string& origin = "--param") {
  try {
    resolve_params(vecadd(), overrides, origin);
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), origin);
    EXPECT_EQ(e.line(), 0u);
    return e.what();
  }
  return "";
}

TEST(workloads, ResolveParamsDefaultsAndOverrides) {
  ParamValues d = resolve_params(vecadd(), {});
  EXPECT_EQ(d.at("n"), 5000);
  EXPECT_EQ(d.at("block"), 256);
  ParamValues o = resolve_params(vecadd(), {"n=100", "block=64"});
  EXPECT_EQ(o.at("n"), 100);
  EXPECT_EQ(o.at("block"), 64);
}

TEST(workloads, ResolveParamsUnknownNameListsValidOnes) {
  const std::string m = error_of({"size=3"});
  EXPECT_NE(m.find("size"), std::string::npos) << m;
  EXPECT_NE(m.find("n, block"), std::string::npos) << m;
}

TEST(workloads, ResolveParamsRejectsNonIntegers) {
  EXPECT_NE(error_of({"n=12x"}).find("integer"), std::string::npos);
  EXPECT_NE(error_of({"n="}).find("integer"), std::string::npos);
  EXPECT_NE(error_of({"n=1.5"}).find("integer"), std::string::npos);
  EXPECT_NE(error_of({"n=99999999999999999999999"}).find("integer"), std::string::npos);
}

TEST(workloads, ResolveParamsRejectsOutOfRange) {
  const std::string m = error_of({"block=2048"});
  EXPECT_NE(m.find("[1, 1024]"), std::string::npos) << m;
  EXPECT_FALSE(error_of({"n=0"}).empty());
  EXPECT_FALSE(error_of({"n=-5"}).empty());
}

TEST(workloads, ResolveParamsRejectsDuplicatesAndMissingEquals) {
  EXPECT_NE(error_of({"n=10", "n=20"}).find("twice"), std::string::npos);
  EXPECT_NE(error_of({"n"}).find("name=value"), std::string::npos);
  EXPECT_NE(error_of({"=5"}).find("name=value"), std::string::npos);
}

TEST(workloads, ResolveParamsOriginIsTheFileOfTheError) {
  const std::string m = error_of({"bogus=1"}, "run.cfg");
  EXPECT_EQ(m.rfind("run.cfg: ", 0), 0u) << m;
}

TEST(workloads, WorkloadParamsInvalidCombinationsAreInputErrors) {
  const Workload* t = find_workload("transpose_naive");
  EXPECT_THROW(t->generate(resolve_params(*t, {"n=100"})), InputError);
  EXPECT_THROW(t->expected_counts(resolve_params(*t, {"block_rows=3"})), InputError);
  const Workload* r = find_workload("reduction");
  EXPECT_THROW(r->generate(resolve_params(*r, {"block=96"})), InputError);
  const Workload* g = find_workload("gemm_naive");
  EXPECT_THROW(g->generate(resolve_params(*g, {"store_every=3"})), InputError);
  const Workload* s = find_workload("stencil2d");
  EXPECT_THROW(s->generate(resolve_params(*s, {"block=8", "iters=4"})), InputError);
  for (const char* name : {"syrk", "syr2k"}) {
    const Workload* y = find_workload(name);
    EXPECT_THROW(y->generate(resolve_params(*y, {"n=48"})), InputError) << name;  // not a multiple of 32
    EXPECT_THROW(y->expected_counts(resolve_params(*y, {"n=64", "block_y=3"})), InputError) << name;
  }
}

}  // namespace
}  // namespace gpucosim
