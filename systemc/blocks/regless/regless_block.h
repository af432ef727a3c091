#pragma once
// RegLess, one shard per warp scheduler (seed 000 ch. 4; docs/blocks/regless.md): the capacity
// manager (CM) and the operand staging unit (OSU). Parameters and pins expanded by the kit from
// regless_params.def and regless_pins.def; ReglessBlock is the interface of twin, RTL and lockstep.
#include "kernel/input_error.h"
#include "systemc/blocks/kit/block_impl.h"
#include "systemc/blocks/kit/block_traits.h"

namespace gpucosim {

constexpr uint32_t kReglessMaxBanks = 8;
constexpr uint32_t kReglessMaxOps = 4;

// Warp states of the CM (docs/blocks/regless.md §2).
enum ReglessWarpState : uint32_t { kRlNone = 0, kRlInactive = 1, kRlPreloading = 2, kRlActive = 3, kRlDraining = 4 };
// OSU line states: the three lists and lines owned by a region.
enum ReglessLineState : uint32_t { kRlFree = 0, kRlOwned = 1, kRlClean = 2, kRlDirty = 3 };
// Op kinds and last-use annotations on the pins.
enum ReglessOp : uint32_t { kRlRead = 0, kRlAlloc = 1, kRlWrite = 2 };
enum ReglessRel : uint32_t { kRlKeep = 0, kRlErase = 1, kRlEvict = 2 };

inline uint32_t regless_clog2(uint32_t n) {  // bits to index n things, at least 1
  uint32_t b = 1;
  while ((1u << b) < n) ++b;
  return b;
}

struct ReglessParams {
  using Self = ReglessParams;
#define GPUCOSIM_PARAMS_DEF "systemc/blocks/regless/regless_params.def"
#include "systemc/blocks/kit/params_struct.inc"
  uint32_t warp_bits() const { return regless_clog2(n_warps); }
  uint32_t reg_bits() const { return regless_clog2(n_regs); }
  uint32_t line_bits() const { return regless_clog2(lines_per_bank); }
  uint32_t count_bits() const { return regless_clog2(lines_per_bank + 1); }
  uint32_t bank_of(uint32_t warp, uint32_t reg) const { return (warp + reg) & (n_banks - 1); }
  void validate() const {
    kit::check_ranges(table(), this, "regless");
    if (n_banks & (n_banks - 1))
      throw InputError("regless", 0, "-gpucosim_regless_banks: expected a power of two (1, 2, 4 or 8), got " +
                                         std::to_string(n_banks));
  }
};

#define GPUCOSIM_PINS_DEF "systemc/blocks/regless/regless_pins.def"
#define GPUCOSIM_PINS_PREFIX Regless
#include "systemc/blocks/kit/pin_structs.inc"  // ReglessInputs, ReglessOutputs

struct ReglessTraits : kit::TraitsOf<ReglessParams, ReglessInputs, ReglessOutputs> {
  static constexpr const char* kName = "regless";
};
using ReglessBlock = kit::Impl<ReglessTraits>;

}  // namespace gpucosim
