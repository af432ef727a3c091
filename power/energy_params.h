#pragma once
// Per-event energies of the GPU energy model that do not come from the SRAM model: arithmetic
// operations and DRAM. Defaults are published figures (sources beside each field); the model
// scales the on-chip ones from their published node to the configured node with Stillmaker & Baas
// (power/node_scaling.h). Everything is plain data, passed in at construction; nothing is global.
#include "power/sram_model.h"

namespace gpucosim::power {

// Energies per thread (lane) operation, in pJ, at `published_node_nm`.
//
// M. Horowitz, "Computing's energy problem (and what we can do about it)", ISSCC 2014, Fig. 1.1.9
// (45 nm, 0.9 V): 32-bit int add 0.1 pJ, 32-bit int mult 3.1 pJ, 32-bit FP add 0.9 pJ, 32-bit FP
// mult 3.7 pJ, 16-bit FP add 0.4 pJ, 16-bit FP mult 1.1 pJ; DRAM 1.3-2.6 nJ per 64-bit access.
struct OpEnergies {
  double published_node_nm = 45;
  double int_op_pj = 0.1;          // integer add/logic (Horowitz: 32-bit add)
  double sp_op_pj = 3.7 + 0.9;     // FP32 fused multiply-add = FP mult + FP add (Horowitz)
  // Estimates, not measurements (documented in docs/gpu-energy.md):
  double dp_op_pj = 4 * (3.7 + 0.9);   // FP64 FMA: the 53x53 mantissa array is ~(53/24)^2 = 4.9x FP32's; 4x
  double sfu_op_pj = 4 * (3.7 + 0.9);  // transcendental by quadratic interpolation: table + ~4 multiply-adds
  double tensor_op_pj = 64 * (1.1 + 0.4);  // per lane of an HMMA.16816: 64 FP16 FMAs (Horowitz FP16 mult+add)
};

struct DramEnergy {
  // Horowitz ISSCC 2014: 1.3 nJ per 64-bit DRAM access (low end of 1.3-2.6 nJ) = 20.3 pJ/bit.
  // Off-chip interface and array energy: not node-scaled.
  double pj_per_bit = 1300.0 / 64.0;
  // When a run reports DRAM requests but not bytes (no dram[N].bytes_read/bytes_written), each
  // request counts as this many bytes (one 32-byte sector, GPGPU-Sim's access granularity).
  double bytes_per_request = 32;
};

struct EnergyOptions {
  double node_nm = 45;  // process node of the modelled GPU (the seeds compare at 45 nm)
  CellFamily sram_cell = CellFamily::HighPerformance;
  OpEnergies ops;
  DramEnergy dram;
};

}  // namespace gpucosim::power
