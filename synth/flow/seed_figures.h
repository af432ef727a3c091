#pragma once
// A research block's published figures (its "seed"), as its manifest rtl/<block>/block.json states
// them under "seed": what the page beside the seeds (`gpucosim report --seed-page`) compares our
// synthesis with. Kept in the manifest so that no code names a block (docs/how-to-add-a-block.md).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpucosim::synth {

// One storage structure as the seed sized it (e.g. a row of a storage table).
struct SeedStorage {
  std::string name;
  uint64_t words = 0, bits = 0;
  int copies = 1;
  double static_mw = 0, total_mw = 0;  // the seed's power of the structure (0 = not given)
};

struct SeedFigures {
  std::string source;                  // who and where, e.g. "seed 000 (Kloosterman 2018, Fig. 3.10)"
  std::string unit;                    // what one instance is, e.g. "per SM"
  double node_nm = 0, clock_mhz = 0;   // the seed's process node and clock
  double area_mm2 = 0;
  std::string area_note;
  double power_mw = 0;
  std::string power_note;
  double storage_kb = 0;
  std::string storage_note;
  std::string gpu;                     // the GPU the seed adds the block to, e.g. "GTX 480"
  int gpu_units = 0;                   // block instances in that GPU (e.g. SMs)
  double gpu_die_mm2 = 0, gpu_overhead_mm2 = 0;
  std::string gpu_overhead_note;
  std::vector<SeedStorage> storage;

  bool present() const { return !source.empty(); }
};

nlohmann::ordered_json seed_to_json(const SeedFigures& s);

// Reads the "seed" object; `fail(key, what)` reports a problem (it must throw).
SeedFigures seed_from_json(const nlohmann::json& j,
                           const std::function<void(const std::string&, const std::string&)>& fail);

}  // namespace gpucosim::synth
