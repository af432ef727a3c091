#pragma once
// GPU energy from a run's statistics: per-event energies (register file, L1D, shared memory, L2,
// DRAM, instruction fetch, arithmetic, and the arrays of every research block switched on that
// declares them: kit::BlockEnergy) times the event counts the model reports, plus SRAM leakage over
// the run time.
// SRAM per-access energies and leakage come from the embedded SRAM model (power/sram_model.h) for
// the configured sizes; arithmetic energies from power/energy_params.h scaled to the node.
//
// The statistics consumed are listed by energy_statistics_consumed() and in docs/gpu-energy.md.
// Missing optional counters are estimated from others, and each estimate adds a note to the
// report, so a reader sees which figures are derived. Per kernel: pass that kernel's statistics.
#include <map>
#include <string>
#include <vector>

#include "power/energy_params.h"
#include "systemc/config/gpu_config.h"
#include "systemc/gpu/stats.h"

namespace gpucosim::power {

struct EnergyComponent {
  std::string name;          // register_file, l1d, shared_memory, l2, dram, int_alu, fp32, fp64, sfu, tensor
  std::string events_from;   // the statistics counted, e.g. "gpgpu_n_regfile_reads + writes"
  double events = 0;         // accesses, operations or bytes
  double dynamic_nj = 0;
  double leakage_nj = 0;
  double total_nj() const { return dynamic_nj + leakage_nj; }
};

struct EnergyReport {
  double node_nm = 0;
  double runtime_s = 0;      // gpu_sim_cycle / core clock; 0 when the run reports no cycles
  std::vector<EnergyComponent> components;
  std::vector<std::string> notes;

  double dynamic_nj() const;
  double leakage_nj() const;
  double total_nj() const;
  double total_mj() const { return total_nj() * 1e-6; }
  double average_power_w() const;  // 0 when runtime_s is 0
  const EnergyComponent* find(const std::string& name) const;
};

// Energies per event at the model's node (pJ) and leakage of the whole GPU (mW).
struct EventEnergies {
  double rf_read_pj = 0, rf_write_pj = 0;   // one warp register (one bank access)
  double l1_read_pj = 0, l1_write_pj = 0;   // one L1D access (0 without an L1D)
  double shmem_access_pj = 0;               // one pass over the shared-memory banks
  double l2_read_pj = 0, l2_write_pj = 0;   // one access of an L2 slice
  double dram_pj_per_byte = 0;
  double int_pj = 0, sp_pj = 0, dp_pj = 0, sfu_pj = 0, tensor_pj = 0;  // per lane operation
  double rf_leak_mw = 0, l1_leak_mw = 0, shmem_leak_mw = 0, l2_leak_mw = 0;  // all SMs / all slices
  double fetch_pj = 0, icache_leak_mw = 0;  // one instruction-cache read per warp instruction fetched
};

// A research block's arrays as the model sized them (kit::BlockEnergy, from the block's settings).
struct BlockArrayEnergy {
  std::string name;
  double read_pj = 0, write_pj = 0, leak_mw = 0;  // leakage of every copy on the GPU
  std::vector<std::string> reads, writes;
};
struct BlockEnergyModel {
  std::string block, component, replaces;
  std::vector<BlockArrayEnergy> arrays;
  std::vector<std::string> extra_fetches;
};

class GpuEnergyModel {
 public:
  // Sizes every SRAM of the configuration once; throws InputError when a size is outside the SRAM
  // model (e.g. a node outside 16..180 nm).
  explicit GpuEnergyModel(const GpuConfig& cfg, const EnergyOptions& options = {});

  EnergyReport evaluate(const StatsMap& stats) const;
  const EventEnergies& energies() const { return e_; }
  const std::vector<BlockEnergyModel>& blocks() const { return blocks_; }

 private:
  double core_hz_;
  double node_nm_;
  EnergyOptions options_;
  EventEnergies e_;
  std::vector<BlockEnergyModel> blocks_;  // the research blocks switched on that declare energy
};

EnergyReport gpu_energy(const GpuConfig& cfg, const StatsMap& stats);
EnergyReport gpu_energy(const GpuConfig& cfg, const StatsMap& stats,
                        const EnergyOptions& options);

// Every statistic name evaluate() reads (exact names; "dram[N].bytes_read" stands for all channels).
const std::vector<std::string>& energy_statistics_consumed();

}  // namespace gpucosim::power
