#pragma once
// A block's settings as the options gave them (GpuConfig::blocks, keyed by block name). Values
// are raw: the block derives CORE/AUTO parameters and checks combinations when the SMs are built
// (BlockRegistry::make_sm_options), where the errors still name the options.
#include <cstdint>
#include <map>
#include <string>

namespace gpucosim::kit {

enum class BlockMode : uint8_t { Off, Tlm, Rtl, Lockstep };
const char* to_string(BlockMode m);
// Throws std::invalid_argument("expected off, tlm, rtl or lockstep, got '...'").
BlockMode parse_block_mode(const std::string& v);

struct BlockSettings {
  BlockMode mode = BlockMode::Off;
  std::map<std::string, uint32_t> values;   // parameter field -> option value (absent: the default)
  std::string vcd;
  bool check = false;
  bool eval_every_cycle = false;
  bool operator==(const BlockSettings& o) const {
    return mode == o.mode && values == o.values && vcd == o.vcd && check == o.check &&
           eval_every_cycle == o.eval_every_cycle;
  }
};

using BlockSettingsMap = std::map<std::string, BlockSettings>;

}  // namespace gpucosim::kit
