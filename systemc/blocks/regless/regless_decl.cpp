#include "systemc/blocks/kit/block_decl.h"
#include "systemc/blocks/regless/regless_block.h"

namespace gpucosim {

namespace {

// RegLess in the energy model (docs/blocks/regless.md §8): the operand staging units take the
// register file's place. Per shard n_banks single-ported banks of lines_per_bank 128-byte lines
// (one register of one warp: 32 lanes x 4 bytes); an operand read, a result write, a preload's
// fill from the memory side and a dirty victim's read for its write-back are one line access
// each. With the compressor, its line cache is one more array per shard. The metadata
// instructions are fetched like the kernel's own.
kit::BlockEnergy regless_energy(const kit::BlockSettings& s, uint32_t schedulers) {
  ReglessParams p;
  for (const auto& [field, value] : s.values)
    if (const kit::ParamInfo* info = kit::find_param(ReglessParams::table(), field)) kit::set(&p, *info, value);
  kit::BlockEnergy e;
  e.component = "register_structure";
  e.replaces = "register_file";
  constexpr uint32_t kLineBits = 32 * 32;
  e.arrays.push_back(kit::BlockEnergyArray{"osu", p.lines_per_bank, kLineBits, p.n_banks * schedulers,
                                           {"regless_operand_reads", "regless_writebacks"},
                                           {"regless_writes", "regless_preloads_l1", "regless_preloads_l2_dram"}});
  if (p.compressor)
    e.arrays.push_back(kit::BlockEnergyArray{"compressor_lines", p.compressor_lines, kLineBits, schedulers,
                                             {"regless_compressor_line_hits", "regless_compressor_line_writebacks"},
                                             {"regless_compressor_evictions", "regless_compressor_line_fetches"}});
  e.extra_fetches = {"regless_metadata_instructions"};
  return e;
}

}  // namespace

const kit::BlockDecl& regless_block_decl() {
  static const kit::BlockDecl d{"regless", "RegLess: compiler-guided register staging (seed 000 ch. 4)",
                                "per scheduler a capacity manager gating issue and an operand staging unit holding "
                                "the registers, backed by global memory through the L1",
                                "issue_gate, listener, operand_collector, memory_client", &ReglessParams::table(),
                                &regless_energy, /*reads_lane_values=*/true};
  return d;
}

}  // namespace gpucosim
