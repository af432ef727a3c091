#pragma once
// The option registry: every option the model reads is declared exactly once, in a table row
// (options_core.cpp, options_memory.cpp) giving its GPGPU-Sim name, type, default, the GpuConfig
// field(s) it sets, a help string and the function that parses the value into a BuildState.
// A second table (options_unmodelled.cpp) lists GPGPU-Sim/Accel-Sim options that are accepted and
// reported but have no effect on the model. Anything else is an unknown option.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"

namespace gpucosim {

// Options that combine into one GpuConfig field are collected here first and resolved by
// finalize_build() once every option has been applied, so the result never depends on the order
// in which options appear.
struct BuildState {
  GpuConfig gpu;
  // -ptx_opcode_latency_* / -ptx_opcode_initiation_*: the first column (ADD, or the only value)
  // is the unit's timing. Accel-Sim's -trace_opcode_latency_initiation_* override them when set.
  UnitTiming ptx_int, ptx_sp, ptx_dp, ptx_sfu, ptx_tensor;
  std::optional<UnitTiming> trace_int, trace_sp, trace_dp, trace_sfu, trace_tensor;
  // gpucosim_alu/branch_latency_initiation when set; else Accel-Sim's trace-mode rule (ALU and
  // branch instructions take the INT timing) or 4,1 without trace timings.
  std::optional<UnitTiming> alu, branch;
  // -specialized_unit_<N> and -trace_opcode_latency_initiation_spec_op_<N>, N = 1..8.
  struct SpecUnitOption {
    bool enabled = false;
    uint32_t units = 0;
    std::string name;
  };
  static constexpr int kSpecialUnits = 8;  // Accel-Sim's SPECIALIZED_UNIT_NUM
  std::array<SpecUnitOption, kSpecialUnits> spec{};
  std::array<UnitTiming, kSpecialUnits> spec_timing{};
  // Operand collectors, indexed by CollectorClass.
  bool specialized_collectors = true;
  std::array<uint32_t, 7> oc_units{};
  bool deadlock_detect = true;  // -gpgpu_deadlock_detect 0 turns gpucosim_deadlock_cycles off
  // The option being applied (set by apply_option), for table rows shared by many options such
  // as the research blocks' generated ones (options_blocks.cpp).
  const struct OptionDef* current = nullptr;
};
enum CollectorClass { kOcSp, kOcDp, kOcSfu, kOcInt, kOcTensor, kOcMem, kOcGen };

// Derives the combined fields (unit timings, operand collector totals, deadlock limit).
void finalize_build(BuildState& s);

enum class OptionType {
  Uint, Uint64, Double, Bool, Choice, String, Cache, Clocks, Pipeline, Scheduler, DramTiming,
  UintList, LatencyPair, Queues, AddrMapping
};
const char* option_type_name(OptionType t);

struct OptionDef {
  const char* name;           // without the leading '-', exactly as GPGPU-Sim spells it
  OptionType type;
  const char* default_value;  // "" = not set (only for options whose apply accepts "")
  const char* field;          // the GpuConfig field(s) it sets, for help and docs
  const char* help;
  // Parses value into the state; throws ValueError("expected ...") when the value is bad.
  void (*apply)(const std::string& value, BuildState& state);
};

// Applies one option's value (sets state.current for the row's apply function).
void apply_option(const OptionDef& def, const std::string& value, BuildState& state);

struct OptionGroup {
  const char* title;
  const OptionDef* defs;
  size_t count;
};

// The modelled options, in the order the effective configuration lists them.
const std::vector<OptionGroup>& option_groups();
const OptionDef* find_option(const std::string& name);
// Old GPGPU-Sim spellings mapped to today's name (e.g. rop_latency -> gpgpu_l2_rop_latency).
const char* option_alias_target(const std::string& name);
// Accepted-but-not-modelled options: listed names plus numbered families (specialized_unit_<N>).
bool is_unmodelled_option(const std::string& name);
// Every name the parser knows, for suggestions.
std::vector<std::string> all_option_names();
// The nearest known name by edit distance, or "" when nothing is reasonably close.
std::string nearest_option_name(const std::string& name);

// Table parts, defined in the options_*.cpp files.
extern const OptionGroup kCoreOptionGroups[];
extern const size_t kCoreOptionGroupCount;
extern const OptionGroup kMemoryOptionGroups[];
extern const size_t kMemoryOptionGroupCount;
// Research blocks: one group per declared block (options_blocks.cpp, from kit::BlockDecl).
const std::vector<OptionGroup>& block_option_groups();
class OptionSet;
// Options given a value (by a file or --set) that the run will not use: the preemption mechanism
// under a kernel scheduler that does not preempt, any option of a research block that is off,
// and the waves' prefix of a block without RTL in the loop (tlm). "" when there are none, else
// one line naming each with where it came from (the caller adds "warning: "). (Per-application
// priority and tokens that a policy would ignore are refused instead: docs/multitasking.md.)
std::string idle_options_warning(const OptionSet& options, const GpuConfig& gpu);
// Its part about research blocks (options_blocks.cpp).
std::string idle_block_options_warning(const OptionSet& options, const GpuConfig& gpu);
extern const char* const kUnmodelledOptions[];
extern const size_t kUnmodelledOptionCount;
extern const char* const kUnmodelledFamilies[];  // prefixes followed by a number
extern const size_t kUnmodelledFamilyCount;

// Modelled options with one field the model does not read. A value that sets that field to
// anything but its default is reported with the accepted-but-not-modelled options.
struct UnmodelledField {
  const char* option;
  const char* field;  // e.g. "DRAM-to-L2 queue field"
  // The field's text when `value` sets it to something other than the default, else "".
  std::string (*set_in)(const std::string& value);
};
extern const UnmodelledField kUnmodelledFields[];
extern const size_t kUnmodelledFieldCount;

}  // namespace gpucosim
