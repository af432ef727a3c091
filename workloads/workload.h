#pragma once
// Built-in kernel generators. A Workload computes, per warp, the SASS-like instruction stream of a
// classic kernel (opcodes, register operands, predication, lane addresses) and delivers it through
// the same KernelSource interface as the trace reader, one thread block at a time.
//
// Conventions every built-in generator follows (tests/workloads checks them):
//  - deterministic: the same parameters give the same bytes; random choices are pure functions
//    of (seed, keys) (workloads/prng.h), and thread block i never depends on blocks before it;
//  - static code: each PC has one opcode and one register list (workloads/program.h); loops
//    revisit PCs; every register read was written earlier in the warp; <= 1 destination,
//    <= 4 sources; nregs covers every register named;
//  - predicated-off instructions are listed with mask 0; memory instructions always have an
//    active lane, addresses only on active lanes, mem_width = the opcode's access width;
//  - global arrays are 512-byte aligned from 0x7f4a20000000; shared-memory (LDS/STS) addresses
//    are offsets in the block's shared window, from 0;
//  - expected_counts() is computed from the parameters (and, for data-dependent kernels, the
//    same per-element draws), never by generating instruction streams.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "trace/kernel_counts.h"

namespace gpucosim {

struct WorkloadParam {
  std::string name;
  int64_t default_value;
  int64_t min_value;
  int64_t max_value;
  std::string help;
};

using ParamValues = std::map<std::string, int64_t>;

// What a workload produces: host-to-device copies (as the tracer records them) and its kernels,
// in launch order.
struct GeneratedApp {
  std::vector<Command> memcpys;
  std::vector<std::unique_ptr<KernelSource>> kernels;
};

class Workload {
 public:
  virtual ~Workload() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  virtual std::vector<WorkloadParam> params() const = 0;
  // Builds the kernels for fully resolved parameters (see resolve_params).
  virtual GeneratedApp generate(const ParamValues& p) const = 0;
  // Counts per kernel computed in closed form from the parameters, without generating anything.
  // Both generate() and expected_counts() throw InputError for invalid parameter combinations
  // (e.g. a matrix edge that must be a multiple of 32).
  virtual std::vector<KernelCounts> expected_counts(const ParamValues& p) const = 0;
};

// Every built-in workload, in a fixed order.
const std::vector<std::unique_ptr<Workload>>& builtin_workloads();
// nullptr when there is no workload of that name.
const Workload* find_workload(const std::string& name);

// Defaults overlaid with `overrides` ("k=v" strings). Unknown names and out-of-range or
// non-integer values raise InputError naming `origin` (e.g. "--param") and the valid choices.
ParamValues resolve_params(const Workload& w, const std::vector<std::string>& overrides,
                           const std::string& origin = "--param");

// Generates the workload named by SPEC, "NAME" or "NAME:k=v,k=v" (the CLI's --workload). An
// unknown name or bad parameters raise InputError("--workload", ...) listing the valid choices.
GeneratedApp generate_workload(const std::string& spec);
// The key=value items of "name:key=value,..." (none without ':'); InputError(where) for an empty
// item or nothing after ':'.
std::vector<std::string> workload_spec_params(const std::string& spec, const std::string& where);

}  // namespace gpucosim
