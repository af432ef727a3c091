// A kernel's statistics are held as a StatsRow (values beside a shared list of names) from its end
// to the end of the run: the same content as the map it was made from, and kernels with the same
// counters hold one list of names (a trace of thousands of kernels held about 440 KB of map per
// kernel before).
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "systemc/gpu/gpu_model.h"
#include "systemc/gpu/stats_row.h"
#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

StatsMap sample_map() {
  StatsMap m;
  m["L2[1].hits"] = 3;
  m["gpu_sim_cycle"] = 1234;
  m["L1D_accesses"] = 0.5;
  m["zeta"] = -7;
  return m;
}

TEST(stats_row, SameContentAndOrderAsItsMap) {
  const StatsMap m = sample_map();
  std::shared_ptr<const StatsRow::Names> shared;
  const StatsRow r(m, shared);
  ASSERT_EQ(r.size(), m.size());
  auto it = m.begin();
  for (const auto& [name, v] : r) {
    EXPECT_EQ(name, it->first);
    EXPECT_EQ(v, it->second);
    ++it;
  }
  EXPECT_EQ(r.to_map(), m);
  EXPECT_EQ(r.at("gpu_sim_cycle"), 1234);
  EXPECT_EQ(r.find("L1D_accesses")->second, 0.5);
  EXPECT_EQ(r.count("zeta"), 1u);
  EXPECT_EQ(r.count("missing"), 0u);
  EXPECT_EQ(r.count("L2"), 0u);  // a prefix of a name is not the name
  EXPECT_TRUE(r.find("zz") == r.end());
  EXPECT_THROW((void)r.at("missing"), std::out_of_range);
}

TEST(stats_row, RowsWithTheSameNamesShareOneList) {
  std::shared_ptr<const StatsRow::Names> shared;
  StatsMap a = sample_map(), b = sample_map();
  b["zeta"] = 99;
  const StatsRow ra(a, shared), rb(b, shared);
  EXPECT_EQ(ra.names().get(), rb.names().get());
  EXPECT_EQ(rb.at("zeta"), 99);
  StatsMap c = sample_map();
  c["extra"] = 1;
  const StatsRow rc(c, shared);
  EXPECT_NE(rc.names().get(), ra.names().get());
  EXPECT_EQ(rc.to_map(), c);
  EXPECT_EQ(ra.to_map(), a);  // an earlier row keeps its own list
}

TEST(stats_row, EmptyRow) {
  std::shared_ptr<const StatsRow::Names> shared;
  const StatsRow r(StatsMap{}, shared);
  EXPECT_TRUE(r.empty());
  EXPECT_TRUE(r.begin() == r.end());
  EXPECT_EQ(r.count("x"), 0u);
  EXPECT_TRUE(r.to_map().empty());
  EXPECT_EQ(StatsRow().size(), 0u);
}

// StatsMap's comparison orders as std::string's operator< does (the stats.json order), for names
// of every length around its eight-byte steps, shared prefixes, bytes above 0x7f and zero bytes.
TEST(stats_row, NameOrderIsStringOrder) {
  std::mt19937 rng(7);
  const std::string alphabet = std::string("L2[].ab_z09") + '\0' + char(0x80) + char(0xff);
  auto name = [&] {
    std::string s = rng() % 2 ? "L2[12].res_fail_" : "";
    const size_t n = rng() % 20;
    for (size_t i = 0; i < n; ++i) s += alphabet[rng() % alphabet.size()];
    return s;
  };
  const StatNameLess less;
  for (int k = 0; k < 20000; ++k) {
    const std::string a = name(), b = rng() % 4 ? name() : a.substr(0, rng() % (a.size() + 1));
    ASSERT_EQ(less(a, b), a < b) << k;
    ASSERT_EQ(less(b, a), b < a) << k;
  }
}

// A run's kernels: their rows share the names where the counters are the same, and every
// kernel's gpu_sim_cycle is its own window.
TEST(stats_row, KernelsOfARunShareTheirNames) {
  const GpuConfig g = preset("GTX480");
  const json j = in_child([&] {
    GpuModel gpu("gpu", g, GpuModelOptions{});
    const RunReport r = gpu.run(application_from_workload("atax:nx=64,ny=64"));
    json out;
    out["kernels"] = r.kernels.size();
    out["shared"] = r.kernels.size() == 2 && r.kernels[0].stats.names() == r.kernels[1].stats.names();
    out["sizes_equal"] = r.kernels.size() == 2 && r.kernels[0].stats.size() == r.kernels[1].stats.size();
    out["cycles"] = json::array();
    for (const KernelReport& k : r.kernels)
      out["cycles"].push_back(k.stats.at("gpu_sim_cycle") == double(k.end_cycle - k.start_cycle));
    return out;
  });
  ASSERT_FALSE(j.is_null());
  ASSERT_EQ(j["kernels"], 2);
  EXPECT_TRUE(j["sizes_equal"].get<bool>());
  EXPECT_TRUE(j["shared"].get<bool>());
  for (const json& c : j["cycles"]) EXPECT_TRUE(c.get<bool>());
}

}  // namespace
}  // namespace gpucosim::test
