// Value syntaxes: each type's good and bad values, cache strings, DRAM timing.
#include <gtest/gtest.h>

#include "systemc/config/cache_string.h"
#include "systemc/config/option_values.h"

namespace gpucosim {
namespace {

TEST(ConfigValues, CacheStringStockFermiL1) {
  CacheConfig c = parse_cache_string("N:32:128:4,L:L:m:N:H,A:32:8,8");
  EXPECT_TRUE(c.enabled);
  EXPECT_FALSE(c.sectored);
  EXPECT_EQ(c.nsets, 32u);
  EXPECT_EQ(c.line_bytes, 128u);
  EXPECT_EQ(c.assoc, 4u);
  EXPECT_EQ(c.write_policy, 'L');
  EXPECT_EQ(c.set_index, 'H');
  EXPECT_EQ(c.mshr_type, 'A');
  EXPECT_EQ(c.mshr_entries, 32u);
  EXPECT_EQ(c.mshr_max_merge, 8u);
  EXPECT_EQ(c.miss_queue, 8u);
  EXPECT_EQ(c.result_fifo, 0u);
  EXPECT_EQ(c.data_port_bytes, 0u);
  EXPECT_EQ(c.size_bytes(), 16384u);
}

TEST(ConfigValues, CacheStringSectoredWithPort) {
  CacheConfig c = parse_cache_string("S:32:128:24,L:B:m:L:P,A:192:4,32:0,32");
  EXPECT_TRUE(c.sectored);
  EXPECT_EQ(c.size_bytes(), 32u * 128 * 24);
  EXPECT_EQ(c.write_alloc, 'L');
  EXPECT_EQ(c.set_index, 'P');
  EXPECT_EQ(c.mshr_entries, 192u);
  EXPECT_EQ(c.miss_queue, 32u);
  EXPECT_EQ(c.data_port_bytes, 32u);
  EXPECT_EQ(format_cache_string(c), "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32");
  EXPECT_EQ(format_cache_string(parse_cache_string(format_cache_string(c))), format_cache_string(c));
}

TEST(ConfigValues, CacheStringNoneAndOldForm) {
  EXPECT_FALSE(parse_cache_string("none").enabled);
  CacheConfig c = parse_cache_string("64:128:2,L:R:f:N,A:2:32,4");  // no type letter, no set index
  EXPECT_FALSE(c.sectored);
  EXPECT_EQ(c.set_index, 'L');
  EXPECT_EQ(c.nsets, 64u);
}

void expect_cache_error(const std::string& s, const std::string& fragment) {
  try {
    parse_cache_string(s);
    ADD_FAILURE() << "no error for " << s;
  } catch (const ValueError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("expected"), std::string::npos) << msg;
    EXPECT_NE(msg.find(fragment), std::string::npos) << s << " -> " << msg;
  }
}

TEST(ConfigValues, CacheStringErrors) {
  expect_cache_error("Q:32:128:4,L:L:m:N:H,A:32:8,8", "cache type");
  expect_cache_error("N:48:128:4,L:L:m:N:L,A:32:8,8", "nsets to be a power of two");
  expect_cache_error("N:32:100:4,L:L:m:N:L,A:32:8,8", "line size");
  expect_cache_error("S:32:64:4,L:L:m:N:L,A:32:8,8", "128-byte lines");
  expect_cache_error("N:32:128:4,Z:L:m:N:L,A:32:8,8", "replacement");
  expect_cache_error("N:32:128:4,L:Q:m:N:L,A:32:8,8", "write policy");
  expect_cache_error("N:32:128:4,L:L:x:N:L,A:32:8,8", "allocation policy");
  expect_cache_error("N:32:128:4,L:L:m:Q:L,A:32:8,8", "write-allocate");
  expect_cache_error("N:32:128:4,L:L:m:N:C,A:32:8,8", "set index");
  expect_cache_error("N:128:128:4,L:L:m:N:H,A:32:8,8", "Fermi hash");
  expect_cache_error("N:32:128:4,L:L:m:N:L,Z:32:8,8", "MSHR type");
  expect_cache_error("N:32:128:4,L:L:m:N:L,A:0:8,8", "MSHR entries");
  expect_cache_error("N:32:128:4,L:L:m:N:L,A:32:8", "cache string");
  expect_cache_error("N:32:128:4,L:L:m:N:L,A:32:8,8,256", "data port");
  expect_cache_error("N:32:128:x,L:L:m:N:L,A:32:8,8", "associativity");
}

template <class F>
std::string value_error(F f) {
  try {
    f();
  } catch (const ValueError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ConfigValues, ScalarsRejectBadValues) {
  EXPECT_EQ(parse_u32("15"), 15u);
  EXPECT_NE(value_error([] { parse_u32("-3"); }).find("expected an unsigned integer"), std::string::npos);
  EXPECT_NE(value_error([] { parse_u32("12abc"); }).find("expected an unsigned integer"), std::string::npos);
  EXPECT_NE(value_error([] { parse_u32("99999999999"); }).find("too large"), std::string::npos);
  EXPECT_NE(value_error([] { parse_u32_min("0", 1); }).find("expected an integer >= 1"), std::string::npos);
  EXPECT_EQ(parse_u64("18446744073709551615"), UINT64_MAX);
  EXPECT_TRUE(parse_bool01("1"));
  EXPECT_NE(value_error([] { parse_bool01("yes"); }).find("expected 0 or 1"), std::string::npos);
  EXPECT_DOUBLE_EQ(parse_positive_double("924.5"), 924.5);
  EXPECT_NE(value_error([] { parse_positive_double("fast"); }).find("expected a positive number"), std::string::npos);
  EXPECT_NE(value_error([] { parse_choice("3", {0, 1, 2}, "0, 1 or 2"); }).find("expected 0, 1 or 2"),
            std::string::npos);
}

TEST(ConfigValues, CompoundValues) {
  ClockConfig c = parse_clock_domains("1447.0:1447.0:1447.0:850.0");
  EXPECT_DOUBLE_EQ(c.core_mhz, 1447.0);
  EXPECT_DOUBLE_EQ(c.dram_mhz, 850.0);
  EXPECT_NE(value_error([] { parse_clock_domains("700:700:700"); }).find("<core>:<icnt>:<l2>:<dram>"),
            std::string::npos);
  PipelineShape p = parse_core_pipeline("2048:32");
  EXPECT_EQ(p.threads, 2048u);
  EXPECT_EQ(p.warp_size, 32u);
  EXPECT_NE(value_error([] { parse_core_pipeline("2048"); }).find("<threads per SM>:<warp size>"), std::string::npos);
  EXPECT_EQ(parse_scheduler("gto").policy, SchedulerPolicy::GTO);
  EXPECT_EQ(parse_scheduler("lrr").policy, SchedulerPolicy::LRR);
  SchedulerChoice two = parse_scheduler("two_level_active:6:0:1");
  EXPECT_EQ(two.policy, SchedulerPolicy::TwoLevel);
  EXPECT_EQ(two.active, 6u);
  EXPECT_NE(value_error([] { parse_scheduler("oldest"); }).find("expected lrr, gto or two_level_active"),
            std::string::npos);
  UnitTiming t = parse_latency_initiation("20,8");
  EXPECT_EQ(t.latency, 20u);
  EXPECT_EQ(t.initiation, 8u);
  EXPECT_NE(value_error([] { parse_latency_initiation("20"); }).find("<latency>,<initiation"), std::string::npos);
  EXPECT_EQ(parse_u32_list("4,13,4,5,145,21", ',', 5, 6).size(), 6u);
  EXPECT_NE(value_error([] { parse_u32_list("4,13,4", ',', 5, 6); }).find("5 to 6 integers"), std::string::npos);
  PartitionQueues q = parse_partition_queues("64:32:16:8");
  EXPECT_EQ(q.icnt_to_l2, 64u);
  EXPECT_EQ(q.l2_to_icnt, 8u);
  EXPECT_EQ(parse_addr_mapping(
                "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"),
            "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS");
  EXPECT_NE(value_error([] { parse_addr_mapping("dramid@8;0000QQQQ"); }).find("letter 'Q'"), std::string::npos);
}

TEST(ConfigValues, DramTimingKeyedAndPositional) {
  DramTiming t = parse_dram_timing("nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3");
  EXPECT_EQ(t.nbk, 16u);
  EXPECT_EQ(t.tCCD, 1u);
  EXPECT_EQ(t.tRRD, 3u);
  EXPECT_EQ(t.WL, 2u);
  EXPECT_EQ(t.tWR, 10u);
  EXPECT_EQ(t.nbkgrp, 4u);
  EXPECT_EQ(t.tCCDL, 2u);
  EXPECT_EQ(t.tRTPL, 3u);
  DramTiming p = parse_dram_timing("4:2:8:12:21:13:34:9:4:5:13:1:0:0");
  EXPECT_EQ(p.nbk, 4u);
  EXPECT_EQ(p.tRAS, 21u);
  EXPECT_EQ(p.CL, 9u);
  EXPECT_EQ(p.nbkgrp, 1u);
  // Keys are case-sensitive, as in GPGPU-Sim.
  EXPECT_NE(value_error([] { parse_dram_timing("nbk=16:ccd=1"); }).find("a key among nbk, CCD"), std::string::npos);
  EXPECT_NE(value_error([] { parse_dram_timing("nbk=16:CCD=1"); }).find("expected a value for DRAM timing key RRD"),
            std::string::npos);
  EXPECT_NE(value_error([] {
              parse_dram_timing("nbk=12:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=2:CDLR=3:WR=10");
            }).find("power of two"),
            std::string::npos);
  EXPECT_NE(value_error([] {
              parse_dram_timing("nbk=16:CCD=x:RRD=3:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=2:CDLR=3:WR=10");
            }).find("expected an unsigned integer for CCD"),
            std::string::npos);
}

}  // namespace
}  // namespace gpucosim
