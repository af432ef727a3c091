#include "systemc/blocks/kit/block_settings.h"

#include <stdexcept>

namespace gpucosim::kit {

const char* to_string(BlockMode m) {
  switch (m) {
    case BlockMode::Off: return "off";
    case BlockMode::Tlm: return "tlm";
    case BlockMode::Rtl: return "rtl";
    case BlockMode::Lockstep: return "lockstep";
  }
  return "?";
}

BlockMode parse_block_mode(const std::string& v) {
  if (v == "off") return BlockMode::Off;
  if (v == "tlm") return BlockMode::Tlm;
  if (v == "rtl") return BlockMode::Rtl;
  if (v == "lockstep") return BlockMode::Lockstep;
  throw std::invalid_argument("expected off, tlm, rtl or lockstep, got '" + v + "'");
}


}  // namespace gpucosim::kit
