// --progress lines (see progress.h).
#include "synth/flow/progress.h"

#include <regex>

namespace gpucosim::synth {

void Progress::stage(const std::string& what) {
  if (what == last_) return;
  last_ = what;
  sink_(what);
}

void Progress::yosys_line(const std::string& line) {
  // Top-level passes of the script ("12. Executing SYNTH pass."), not their sub-passes
  // ("12.3. ..."), and ABC's module-by-module mapping.
  static const std::regex pass(R"(^[0-9]+\. Executing ([A-Z_]+) pass)");
  static const std::regex abc_module(R"(^[0-9.]+ Extracting gate netlist of module `\\?(\S+?)' to)");
  static const std::regex synth_step(R"(^[0-9]+\.[0-9]+\. Executing ([A-Z_]+) pass)");
  std::smatch m;
  if (std::regex_search(line, m, pass)) {
    const std::string p = m[1];
    if (p == "ABC") abc_modules_ = 0;
    stage("yosys: " + p);
  } else if (std::regex_search(line, m, abc_module)) {
    std::string mod = m[1];
    const size_t bs = mod.rfind('\\');
    if (bs != std::string::npos) mod = mod.substr(bs + 1);
    stage("yosys: ABC maps module " + mod + " (#" + std::to_string(++abc_modules_) + ")");
  } else if (last_.rfind("yosys: SYNTH", 0) == 0 && std::regex_search(line, m, synth_step)) {
    stage("yosys: SYNTH: " + std::string(m[1]));  // synth's own steps: proc, opt, memory, techmap...
  }
}

}  // namespace gpucosim::synth
