// Placeholder substitution for the script templates (see templates.h).
#include "synth/flow/templates.h"

#include <set>
#include <stdexcept>

namespace gpucosim::synth {

const std::string& script_template(const std::string& name) {
  const auto& all = embedded_templates();
  auto it = all.find(name);
  if (it == all.end()) throw std::logic_error("synthesis template " + name + " is not compiled in");
  return it->second;
}

std::string render_template(const std::string& name, const std::map<std::string, std::string>& vars) {
  const std::string& text = script_template(name);
  std::string out;
  std::set<std::string> used;
  size_t pos = 0;
  while (true) {
    const size_t open = text.find("{{", pos);
    if (open == std::string::npos) break;
    const size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) throw std::logic_error("template " + name + ": unterminated {{ placeholder");
    const std::string key = text.substr(open + 2, close - open - 2);
    auto it = vars.find(key);
    if (it == vars.end()) throw std::logic_error("template " + name + ": no value for {{" + key + "}}");
    out.append(text, pos, open - pos);
    out += it->second;
    used.insert(key);
    pos = close + 2;
  }
  out.append(text, pos, std::string::npos);
  for (const auto& [k, v] : vars) {
    (void)v;
    if (!used.count(k)) throw std::logic_error("template " + name + " has no placeholder {{" + k + "}}");
  }
  return out;
}

}  // namespace gpucosim::synth
