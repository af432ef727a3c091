#pragma once
// What the rest of gpucosim knows about a research block without linking its code: its name, the
// option group it adds, the SM hooks it uses and its parameter table. Each block defines one
// BlockDecl (systemc/blocks/<block>/<block>_decl.cpp); the build generates the list of built-in
// blocks (cmake/gpucosim_block.cmake), so no file under systemc/, cli/, bench/ or synth/ names a
// block. The option parser (systemc/config/options_blocks.cpp) turns every declaration into the
// options
//   <block>                       off | tlm | rtl | lockstep
//   gpucosim_<block>_<param>      one per OPTION/AUTO row of the parameter table
//   gpucosim_<block>_vcd          rtl/lockstep waves, one file per SM: <prefix>_sm<N>.vcd
//   gpucosim_<block>_check        run the block's protocol checker on its pins
//   gpucosim_<block>_eval_every_cycle   never skip quiet cycles (lockstep then compares every cycle)
#include <string>
#include <vector>

#include "systemc/blocks/kit/block_settings.h"
#include "systemc/blocks/kit/param_table.h"

namespace gpucosim::kit {

// What a block adds to the GPU energy model (power/gpu_energy.h): its SRAM arrays, sized from its
// settings, each with the statistics that count its accesses; the baseline structure it takes the
// place of (that component is then not charged: neither accesses nor leakage); and statistics of
// instructions it makes the SMs fetch besides the kernel's own (e.g. metadata instructions).
struct BlockEnergyArray {
  std::string name;                  // e.g. "osu"
  uint64_t words = 0;                // rows of one array
  uint32_t bits = 0;                 // bits read or written per access
  uint32_t per_sm = 1;               // identical arrays per SM (banks x shards)
  std::vector<std::string> reads;    // statistics (summed over SMs) counting one access each
  std::vector<std::string> writes;
};
struct BlockEnergy {
  std::string component;             // the energy report's component name, e.g. "register_structure"
  std::string replaces;              // a baseline component ("register_file") or empty
  std::vector<BlockEnergyArray> arrays;
  std::vector<std::string> extra_fetches;
};
using BlockEnergyFn = BlockEnergy (*)(const BlockSettings& settings, uint32_t schedulers_per_sm);

struct BlockDecl {
  const char* name;       // "warppool": the mode option and the option prefix gpucosim_<name>_
  const char* title;      // option group title, e.g. "WarpPool (seed 000 ch. 3)"
  const char* summary;    // one line for `gpucosim blocks`
  const char* hooks;      // the SM hooks it uses, e.g. "global_path, issue_gate"
  const ParamTable* params;
  BlockEnergyFn energy = nullptr;  // null: the block adds nothing to the energy model
  // The block reads the lane values generated kernels attach to the registers they write
  // (kernel.h Warp::values). Generators emit them only when a block switched on reads them:
  // they cost time and memory (syr2k: +40 % wall, +39 % peak memory) for nothing otherwise.
  bool reads_lane_values = false;
};

// The built-in blocks, in a fixed order (generated: build/<preset>/generated/block_decls.cpp).
const std::vector<const BlockDecl*>& builtin_block_decls();
inline const BlockDecl* find_block_decl(const std::string& name) {
  for (const BlockDecl* d : builtin_block_decls())
    if (name == d->name) return d;
  return nullptr;
}

}  // namespace gpucosim::kit
