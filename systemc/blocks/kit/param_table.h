#pragma once
// A block's parameters, declared ONCE. Each block lists its parameters in a `<block>_params.def`
// file of GPUCOSIM_PARAM rows (an X-macro); the block's Params struct expands the rows into
// uint32_t fields with their defaults, and kit::param_table<Params>() into this table. Everything
// else is derived from the table: range validation with errors that name the user's option,
// describe(), equality, the options `gpucosim_<block>_<param>` (systemc/config/options_blocks.cpp),
// the Verilator -G list (cmake/gpucosim_block.cmake reads the same .def file) and the report of
// `gpucosim blocks`.
//
// Row: GPUCOSIM_PARAM(field, RTL_NAME, default, lo, hi, SOURCE, "option", "doc")
//   SOURCE  OPTION  set by the option named in "option" (its range is lo..hi)
//           AUTO    set by the option; 0 means "derived by the block from the core" (the option's
//                   range is 0..hi, the field's after derivation lo..hi)
//           CORE    derived from the GPU configuration; "option" names the core option it comes
//                   from (so errors can point the user at it)
//   RTL_NAME `_`    the parameter configures the block's environment in the SM only (which
//                   instructions a gate holds, say): no Verilog parameter, no -G, and the RTL
//                   maker does not compare it with the verilated set (first_rtl_difference)
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gpucosim::kit {

enum class ParamSource : uint8_t { Option, Auto, Core };
const char* to_string(ParamSource s);

struct ParamInfo {
  const char* name;       // the Params field
  const char* rtl;        // the Verilog parameter
  uint32_t def, lo, hi;
  ParamSource source;
  const char* option;     // the option that sets it (OPTION/AUTO) or the core option it follows (CORE)
  const char* doc;
  size_t offset;          // of the uint32_t field inside Params
};

using ParamTable = std::vector<ParamInfo>;

inline uint32_t get(const void* params, const ParamInfo& p) {
  return *reinterpret_cast<const uint32_t*>(static_cast<const char*>(params) + p.offset);
}
inline void set(void* params, const ParamInfo& p, uint32_t v) {
  *reinterpret_cast<uint32_t*>(static_cast<char*>(params) + p.offset) = v;
}

// Whether the row is a Verilog parameter (its RTL name is not `_`).
inline bool is_rtl_param(const ParamInfo& p) { return !(p.rtl[0] == '_' && p.rtl[1] == 0); }

// "a=1 b=2 ..." in table order.
std::string describe(const ParamTable& t, const void* params);
// The first field where a and b differ as "field=a (<b_label> field=b)", or "" when equal.
std::string first_difference(const ParamTable& t, const void* a, const void* b, const char* b_label);
// The same over the Verilog parameters only (what a verilated model is fixed to).
std::string first_rtl_difference(const ParamTable& t, const void* a, const void* b, const char* b_label);
// Throws InputError("<block>", 0, "-<option>: expected ...") for the first field out of its range.
void check_ranges(const ParamTable& t, const void* params, const std::string& block);
// -GNAME=value for every Verilog parameter (the Verilator parameter list).
std::vector<std::string> verilator_args(const ParamTable& t, const void* params);
const ParamInfo* find_param(const ParamTable& t, const std::string& name);

}  // namespace gpucosim::kit

// One row of a parameter table, from one GPUCOSIM_PARAM row of a block's .def file
// (kit/params_struct.inc expands the whole table with it).
#define GPUCOSIM_KIT_PARAM_ROW(P, field, rtl, def, lo, hi, src, option, doc) \
  ::gpucosim::kit::ParamInfo{#field, #rtl, def, lo, hi, ::gpucosim::kit::ParamSource::src, option, doc, offsetof(P, field)},
