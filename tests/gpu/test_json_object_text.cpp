// Objects of statistics written as text (append_object_text) are exactly what nlohmann's dump(2)
// writes for the same object: names that need escapes, UTF-8 and invalid bytes, integral counters
// and ratios, values a double holds only approximately, NaN and infinities, at any depth; and a
// name given twice is refused (the report then dumps the object itself).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "systemc/gpu/json_object_text.h"
#include "systemc/gpu/run_report.h"
#include "systemc/gpu/stats_row.h"

namespace gpucosim::test {
namespace {

using ojson = nlohmann::ordered_json;

// What the report did before: the object built, then dumped; nested `depth` levels deep (each
// line after the first indented 2 * depth more).
std::string dumped_object(const JsonEntries& head, const StatsMap& stats, const JsonEntries& tail, int depth) {
  ojson j = ojson::object();
  for (const auto& [k, v] : head) j[k] = v;
  for (const auto& [k, v] : stats) j[k] = json_text::stat_value(v);
  for (const auto& [k, v] : tail) j[k] = v;
  const std::string flat = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  for (char c : flat) {
    out += c;
    if (c == '\n') out.append(size_t(2 * depth), ' ');
  }
  return out;
}

StatsMap awkward_stats() {
  StatsMap m;
  m["L2[12].res_fail_mshr_full"] = 12345;
  m["gpu_ipc"] = 1.0 / 3.0;
  m["quote\"and\\backslash"] = -4;
  m["tab\tnewline\nbell\x07"] = 0;
  m["caf\xc3\xa9"] = 7;              // UTF-8
  m["bad\xff" "byte"] = 8;           // not UTF-8: U+FFFD, as the report's error handler writes
  m["huge"] = 1e20;                  // integral but beyond the integer range the report prints
  m["just_below"] = 9.0e15 - 1;      // still an integer
  m["negative_zero"] = -0.0;
  m["not_a_number"] = std::numeric_limits<double>::quiet_NaN();
  m["infinite"] = std::numeric_limits<double>::infinity();
  m["tiny"] = 5e-324;
  m["z_last"] = -2.5e-7;
  return m;
}

TEST(json_object_text, AsTheDumpOfTheBuiltObject) {
  const StatsMap m = awkward_stats();
  const JsonEntries head = {{"kernel_launch_uid", 3u}, {"kernel_name", "_Z6vecAddPfS_S_i\xe2\x82\xac"},
                            {"flag", true},            {"ratio", 0.25},
                            {"signed", int64_t(-3)}};
  const JsonEntries tail = {{"preemptions", uint64_t(0)}, {"save_bytes", uint64_t(1) << 40}};
  for (int depth : {0, 1, 2, 5}) {
    std::string out = "prefix";
    ASSERT_TRUE(append_object_text(out, depth, head, m, tail));
    EXPECT_EQ(out, "prefix" + dumped_object(head, m, tail, depth)) << "depth " << depth;
  }
}

TEST(json_object_text, RowsAsMaps) {
  const StatsMap m = awkward_stats();
  std::shared_ptr<const StatsRow::Names> shared;
  const StatsRow row(m, shared);
  std::string from_row, from_map;
  ASSERT_TRUE(append_object_text(from_row, 2, {}, row, {}));
  ASSERT_TRUE(append_object_text(from_map, 2, {}, m, {}));
  EXPECT_EQ(from_row, from_map);
}

TEST(json_object_text, RandomCountersAsTheDump) {
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 50; ++trial) {
    StatsMap m;
    const int n = int(rng() % 200);
    for (int i = 0; i < n; ++i) {
      std::string name = "c" + std::to_string(rng() % 1000);
      const int kind = int(rng() % 4);
      double v = kind == 0   ? double(rng() % 1000000)
                 : kind == 1 ? double(int64_t(rng() % 2000) - 1000) / 7.0
                 : kind == 2 ? std::ldexp(double(rng() % 1000), int(rng() % 120) - 60)
                             : double(rng());
      m[name] = v;
    }
    std::string out;
    ASSERT_TRUE(append_object_text(out, 1, {}, m, {}));
    EXPECT_EQ(out, dumped_object({}, m, {}, 1));
  }
}

TEST(json_object_text, EmptyObject) {
  std::string out;
  ASSERT_TRUE(append_object_text(out, 3, {}, StatsMap{}, {}));
  EXPECT_EQ(out, "{}");
  EXPECT_EQ(out, ojson::object().dump(2));
}

TEST(json_object_text, ANameTwiceIsRefused) {
  StatsMap m;
  m["preemptions"] = 5;
  m["hits"] = 1;
  std::string out = "kept";
  EXPECT_FALSE(append_object_text(out, 1, {}, m, {{"preemptions", 0u}}));  // statistic and tail
  EXPECT_FALSE(append_object_text(out, 1, {{"hits", 0u}}, m, {}));          // head and statistic
  EXPECT_FALSE(append_object_text(out, 1, {{"a", 1u}}, StatsMap{}, {{"a", 2u}}));  // head and tail
  EXPECT_FALSE(append_object_text(out, 1, {{"a", 1u}, {"a", 2u}}, StatsMap{}, {}));
  EXPECT_FALSE(append_object_text(out, 1, {{"list", ojson::array({1, 2})}}, StatsMap{}, {}));  // not a scalar
  EXPECT_EQ(out, "kept");
}

// The report written with such names falls back to dumping the objects and is still the dump.
TEST(json_object_text, ReportWithCollidingNamesIsStillTheDump) {
  RunReport r;
  r.total["gpu_sim_cycle"] = 10;
  r.total["preemptions"] = 3;  // a statistic under the name of a total's own field
  r.unattributed["weird\"name"] = 0.5;
  KernelReport k;
  k.launch_id = 1;
  k.name = "k";
  StatsMap ks;
  ks["kernel_name"] = 4;  // a statistic under the name of a kernel's own field
  ks["gpu_sim_cycle"] = 10;
  std::shared_ptr<const StatsRow::Names> shared;
  k.stats = StatsRow(ks, shared);
  r.kernels.push_back(k);
  KernelReport k2 = k;
  k2.launch_id = 2;
  StatsMap ks2;
  ks2["gpu_sim_cycle"] = 1.5;
  k2.stats = StatsRow(ks2, shared);
  r.kernels.push_back(k2);
  r.attributed = {"gpu_sim_cycle"};
  std::ostringstream o;
  write_json(o, r);
  EXPECT_EQ(o.str(), to_json(r).dump(2));
  r.total.erase("preemptions");
  std::ostringstream o2;
  write_json(o2, r);
  EXPECT_EQ(o2.str(), to_json(r).dump(2));
}

}  // namespace
}  // namespace gpucosim::test
