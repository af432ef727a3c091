// Small directed checks of the WarpPool pieces: pattern encode/decode round trip, parameter
// errors, lockstep's mismatch report, and the exact pipeline timing on both implementations.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "Vwarppool.h"
#include "Vwarppool_params.h"
#include "kernel/input_error.h"
#include "systemc/blocks/kit/lockstep.h"
#include "systemc/blocks/warppool/warppool_pattern.h"
#include "systemc/blocks/warppool/warppool_twin.h"
#include "tlm_adapters/warppool/warppool_rtl.h"

namespace gpucosim {
namespace {

TEST(WarpPoolPattern, EncodeDecodeRoundTripAndTableOnlyWhenNoPatternFits) {
  std::mt19937_64 rng(5);
  uint32_t seen[kWpClasses] = {};
  int table_checked = 0, half_ranges = 0;
  for (int i = 0; i < 200000; ++i) {
    uint32_t lanes;
    WpWords words{};
    const uint32_t a = uint32_t(rng() % 32), w = uint32_t(rng() % 32);
    switch (rng() % 6) {
      case 0: lanes = ~0u; for (uint32_t t = 0; t < 32; ++t) words[t] = uint8_t(t); break;
      case 1: lanes = ~0u; words.fill(uint8_t(w)); break;
      case 2: lanes = 1u << a; words[a] = uint8_t(w); break;
      case 3: {
        const uint32_t n = std::min(32 - a, 32 - w);
        lanes = wp_run_mask(a, n);
        for (uint32_t t = a; t < a + n; ++t) words[t] = uint8_t(w + t - a);
        if (rng() % 4 == 0) lanes &= ~(1u << (a + rng() % n));  // sometimes break the run
        break;
      }
      case 4: {  // a half-warp run: lanes a .. (15 or the line end), a < 16
        const uint32_t h = a & 15, n = std::min(16 - h, 32 - w);
        lanes = wp_run_mask(h, n);
        for (uint32_t t = h; t < h + n; ++t) words[t] = uint8_t(w + t - h);
        if (rng() % 4 == 0) lanes &= ~(1u << (h + rng() % n));
        break;
      }
      default:
        lanes = uint32_t(rng()) | 1u;
        for (uint32_t t = 0; t < 32; ++t) words[t] = uint8_t(rng() % 32);
    }
    if (lanes == 0) continue;  // a line request always serves at least one lane
    for (uint32_t t = 0; t < 32; ++t)
      if (!((lanes >> t) & 1u)) words[t] = 0;
    const WpPattern p = wp_classify(lanes, words);
    seen[uint32_t(p.cls)] += 1;
    half_ranges += wp_is_half_range(p.type, p.payload) ? 1 : 0;
    EXPECT_EQ(wp_class_of(p.type, p.payload), p.cls);
    if (p.type == kWpTable) {
      // No encoding may describe a mapping that went to the table (exhaustive over all 3 x 1024
      // encodings, for a sample of the table cases).
      if (++table_checked > 300) continue;
      for (uint8_t ty = 0; ty < 3; ++ty)
        for (uint16_t pl = 0; pl < 1024; ++pl) {
          WpWords d;
          if (wp_decode(ty, pl, d) == lanes && d == words) ADD_FAILURE() << "encodable mapping sent to the table";
        }
      continue;
    }
    WpWords d;
    ASSERT_EQ(wp_decode(p.type, p.payload, d), lanes);
    ASSERT_EQ(d, words);
  }
  for (uint32_t c = 0; c < kWpClasses; ++c) EXPECT_GT(seen[c], 0u) << to_string(WpClass(c));
  EXPECT_GT(half_ranges, 0);
}

TEST(WarpPoolParamsCheck, BadSizesAreInputErrorsNamingTheOption) {
  WarpPoolParams p;
  p.n_queues = 24;
  try {
    p.validate();
    FAIL() << "accepted 24 queues";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("-gpucosim_warppool_queues: expected a power of two"), std::string::npos)
        << e.what();
  }
  p = WarpPoolParams{};
  p.iq_count = 8;  // 8 x 3 < 48 warps
  EXPECT_THROW(p.validate(), InputError);
  p = WarpPoolParams{};
  p.slots_per_tag = 9;
  EXPECT_THROW(WarpPoolTwin twin(p), InputError);
}

// The twin with one output bit flipped from a given cycle on.
class FaultyTwin : public WarpPoolTwin {
 public:
  FaultyTwin(const WarpPoolParams& p, uint64_t at) : WarpPoolTwin(p, true), at_(at) {}
  void step(const WarpPoolInputs& in, WarpPoolOutputs& out) override {
    WarpPoolTwin::step(in, out);
    if (++n_ >= at_) out.l1_sectors ^= 0x4;
  }
  const char* kind() const override { return "faulty"; }

 private:
  uint64_t at_, n_ = 0;
};

TEST(WarpPoolLockstepReport, StopsAtFirstDifferenceNamingCyclePortAndValues) {
  const WarpPoolParams p;
  // Both twins evaluate every cycle, so every compared cycle counts (quiet cycles are not held).
  kit::Lockstep<WarpPoolTraits> ls(std::make_unique<WarpPoolTwin>(p, true), std::make_unique<FaultyTwin>(p, 7),
                                   "sm3");
  WarpPoolOutputs out;
  ls.reset(out);
  WarpPoolInputs in;
  try {
    for (int i = 0; i < 20; ++i) ls.step(in, out);
    FAIL() << "no mismatch reported";
  } catch (const kit::LockstepMismatch& e) {
    EXPECT_STREQ(e.what(), "sm3: lockstep mismatch at cycle 7, l1_sectors: tlm=0x0 faulty=0x4");
  }
  StatsMap m;
  ls.collect(m);
  EXPECT_EQ(m["lockstep_cycles_compared"], 8);  // reset + 7 edges
  EXPECT_EQ(m["lockstep_mismatches"], 1);
}

// Issue at cycle 0 -> AGU read at 1 -> CO at 2 -> CL at 3 -> IN at 4 -> L1 request presented at 5;
// a 1-cycle hit returns at 6, its metadata is read at 7, the writeback is presented at 8.
void pipeline_timing(WarpPoolBlock& b) {
  WarpPoolOutputs o;
  b.reset(o);
  uint64_t cyc = 0;
  int l1_at = -1, wb_at = -1;
  std::array<uint32_t, 32> line{};
  for (uint32_t i = 0; i < 32; ++i) line[i] = 1000 + i;
  bool returned = false;
  for (; cyc < 20; ++cyc) {
    WarpPoolInputs in;
    if (cyc == 0) {
      in.issue_valid = true;
      in.issue_warp = 4;
      in.issue_tag = 2;
    }
    if (o.agu_valid) {
      in.agu_mask = ~0u;
      for (uint32_t t = 0; t < 32; ++t) in.agu_addr[t] = 0x4000 + 4 * ((t + 3) % 32);  // rotated words
    }
    if (o.l1_valid && l1_at < 0) {
      l1_at = int(cyc);
      in.l1_accept = true;
      EXPECT_EQ(o.l1_line, 0x4000u >> 7);
      EXPECT_EQ(o.l1_nslots, 1u);
      EXPECT_EQ(o.slot_warp[0], 4u);
      EXPECT_EQ(o.slot_tag[0], 2u);
      EXPECT_EQ(o.slot_lanes[0], ~0u);
      EXPECT_EQ(o.slot_class[0], uint32_t(WpClass::Random));  // rotation by 3 is not a range
    }
    if (l1_at >= 0 && int(cyc) == l1_at + 1 && !returned) {
      in.ret_valid = true;
      in.ret_id = 0;
      in.ret_data = line;
      returned = true;
    }
    if (o.wb_valid) {
      wb_at = int(cyc);
      EXPECT_EQ(o.wb_lanes, ~0u);
      for (uint32_t t = 0; t < 32; ++t) EXPECT_EQ(o.wb_data[t], 1000 + (t + 3) % 32);
      break;
    }
    b.step(in, o);
  }
  EXPECT_EQ(l1_at, 5) << b.kind();
  EXPECT_EQ(wb_at, 8) << b.kind();
}

TEST(WarpPoolTiming, IssueToL1FiveCyclesReturnToWritebackTwoOnTwinAndRtl) {
  WarpPoolTwin twin(Vwarppool_params());
  pipeline_timing(twin);
  WarpPoolRtl<Vwarppool> rtl(Vwarppool_params());
  pipeline_timing(rtl);
}

TEST(WarpPoolWaves, RtlWritesVcdOnRequestWithEveryCycle) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("warppool_waves_" + std::to_string(getpid()) + ".vcd")).string();
  {
    WarpPoolRtl<Vwarppool> rtl(Vwarppool_params(), path);
    pipeline_timing(rtl);
  }
  std::ifstream f(path);
  std::stringstream text;
  text << f.rdbuf();
  std::filesystem::remove(path);
  const std::string vcd = text.str();
  EXPECT_NE(vcd.find("$enddefinitions"), std::string::npos);
  EXPECT_NE(vcd.find(" wb_valid "), std::string::npos);
  EXPECT_NE(vcd.find("#17"), std::string::npos) << "the idle cycles of the run must be in the waves too";
  EXPECT_THROW(WarpPoolRtl<Vwarppool>(Vwarppool_params(), "/nonexistent-dir/x.vcd"), std::runtime_error);
}

}  // namespace
}  // namespace gpucosim
