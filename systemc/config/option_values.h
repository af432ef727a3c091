#pragma once
// Parsers for the value syntaxes of gpgpusim.config options. Each returns the parsed value or
// throws ValueError carrying only "expected ...": the caller knows the file, line and option name
// and turns it into an InputError (kernel/input_error.h).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"

namespace gpucosim {

class ValueError : public std::runtime_error {
 public:
  explicit ValueError(const std::string& expected) : std::runtime_error(expected) {}
};

// Typo guards on counts and clocks that size per-cycle work (not limits of any real GPU, which
// stay far below them): execution units of one kind per SM, and the ratio between the fastest
// and the slowest clock domain.
constexpr uint32_t kMaxUnitsPerSm = 64;
constexpr double kMaxClockRatio = 1000;

uint32_t parse_u32(const std::string& v);                      // decimal, fits 32 bits
uint64_t parse_u64(const std::string& v);                      // decimal, fits 64 bits
uint32_t parse_u32_min(const std::string& v, uint32_t min);    // and at least min
// and within [min, max]; `why` says where the bound comes from (in the message).
uint32_t parse_u32_range(const std::string& v, uint32_t min, uint32_t max, const std::string& why);
double parse_positive_double(const std::string& v);
bool parse_bool01(const std::string& v);                       // exactly 0 or 1
// One of the listed numbers; what_they_mean reads e.g. "0 (FCFS) or 1 (FR-FCFS)".
uint32_t parse_choice(const std::string& v, const std::vector<uint32_t>& allowed,
                      const std::string& what_they_mean);
// "a,b,c" with between min_n and max_n entries, each >= 1.
std::vector<uint32_t> parse_u32_list(const std::string& v, char sep, size_t min_n, size_t max_n);
UnitTiming parse_latency_initiation(const std::string& v);     // "lat,init"
ClockConfig parse_clock_domains(const std::string& v);         // "core:icnt:l2:dram" MHz

struct PipelineShape {
  uint32_t threads, warp_size;
};
PipelineShape parse_core_pipeline(const std::string& v);       // "threads:warp"

struct SchedulerChoice {
  SchedulerPolicy policy;
  uint32_t active;  // two_level_active:<N>, else 0
};
SchedulerChoice parse_scheduler(const std::string& v);         // lrr | gto | two_level_active:N[:i:o]

// "nbk=16:CCD=2:..." (keys as in GPGPU-Sim, case-sensitive) or the positional
// "nbk:tCCD:tRRD:tRCD:tRAS:tRP:tRC:CL:WL:tCDLR:tWR[:nbkgrp:tCCDL:tRTPL]".
DramTiming parse_dram_timing(const std::string& v);

struct PartitionQueues {
  uint32_t icnt_to_l2, l2_to_dram, dram_to_l2, l2_to_icnt;
};
PartitionQueues parse_partition_queues(const std::string& v);  // "i2$:$2d:d2$:$2i"

// "" or "dramid@N;<mask>" / "<mask>": mask letters D B R C S 0 (either case) and '.' separators.
std::string parse_addr_mapping(const std::string& v);

}  // namespace gpucosim
