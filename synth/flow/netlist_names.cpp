// Critical-path endpoint names (see netlist_names.h).
#include "synth/flow/netlist_names.h"
#include "synth/flow/text_trim.h"

namespace gpucosim::synth {

std::string describe_instance(const std::string& netlist, const std::string& inst) {
  if (inst.empty() || inst[0] != '_') return inst;  // ports and named instances speak for themselves
  const size_t at = netlist.find(" " + inst + " (");
  if (at == std::string::npos) return inst;
  const size_t end = netlist.find(");", at);
  const std::string cell = netlist.substr(at, end == std::string::npos ? std::string::npos : end - at);
  for (const char* pin : {".Q(", ".Y("}) {
    const size_t p = cell.find(pin);
    if (p == std::string::npos) continue;
    const size_t close = cell.find(')', p);
    std::string net = trim(cell.substr(p + 3, close == std::string::npos ? std::string::npos : close - p - 3));
    if (!net.empty() && net[0] == '\\') net.erase(0, 1);
    std::string compact;
    for (char c : net)
      if (c != ' ') compact += c;  // write_verilog writes "\count [3]"
    if (!compact.empty() && compact[0] != '_') return inst + " (" + compact + ")";
    return inst;
  }
  return inst;
}

}  // namespace gpucosim::synth
