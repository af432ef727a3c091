#pragma once
// What is known of each register definition's 32 lane values (issue 14 part 3; the compressor's
// patterns, lane_pattern.h): constant across the warp, affine in the thread index with a known
// stride (full-warp or per half-warp), or unknown. Two sources:
//
//   * dataflow: a forward analysis over the CFG from thread and block indices (S2R), immediates
//     and constants (MOV, CS2R, operand-less ops), through copies, integer adds (strides add),
//     multiplies and shifts by known constants (strides scale); loads from a warp-uniform
//     address give a warp-uniform value; anything else with a non-uniform source is unknown.
//     A definition that ran with some but not all live lanes mixes old and new lanes: unknown.
//     One that some warps skip (predicated off) merges with the value it would have replaced.
//   * addresses: the lane addresses a trace records for a memory instruction are its address
//     register's value there; every definition that reaches that use takes the observed shape.
//
// Traces do not say which special register an S2R reads. Each S2R is tried as a warp-uniform
// value (block index, ...), as threadIdx.x and as threadIdx.y (their lane shapes follow from the
// block's dimensions); the assignment under which the dataflow predicts the most observed
// address shapes is kept, and an S2R the best assignments disagree on is unknown.
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/kernel_analysis.h"
#include "compiler/lane_pattern.h"

namespace gpucosim::compiler {

struct ValueDefinition {
  size_t index = 0;     // instruction
  uint8_t reg = 0;      // register written (every register of a wide destination)
  LanePattern value;    // the lane shape it writes
  bool observed = false;  // from lane addresses rather than the dataflow
};

struct RegisterValues {
  std::vector<ValueDefinition> defs;     // in instruction order
  std::vector<std::string> s2r_roles;    // per S2R in PC order: "uniform", "tid.x", "tid.y", "unknown"
  uint32_t address_sites = 0, address_sites_matched = 0;  // observed address shapes, and predicted ones

  // Shares over static definitions and over dynamic register writes (executions).
  struct Share {
    uint64_t total = 0, known = 0, compressible = 0;
    double known_share() const { return total ? double(known) / double(total) : 0.0; }
    double compressible_share() const { return total ? double(compressible) / double(total) : 0.0; }
  };
  Share static_share, dynamic_share;
};

RegisterValues analyse_register_values(const KernelAnalysis& a);

}  // namespace gpucosim::compiler
