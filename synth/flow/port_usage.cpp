// Unread outputs of the top's instances and the pruned module copies (see port_usage.h).
#include "synth/flow/port_usage.h"

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "synth/flow/yosys_output.h"

namespace gpucosim::synth {

namespace {

using nlohmann::json;

// A member of a JSON object, or an empty object when it is missing (kept by reference: a
// temporary's items() would dangle in a range-for).
const json& member(const json& j, const char* key) {
  static const json kEmpty = json::object();
  const auto it = j.find(key);
  return it == j.end() ? kEmpty : *it;
}

std::string text(const json& j, const std::string& key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool is_output(const std::string& dir) { return dir == "output"; }
bool is_read(const std::string& dir) { return dir == "input" || dir == "inout"; }

// Net numbers of a connection; constants ("0", "1", "x", "z") are strings and read by nobody.
void add_nets(const json& bits, std::set<long>& into) {
  if (!bits.is_array()) return;
  for (const auto& b : bits)
    if (b.is_number_integer()) into.insert(b.get<long>());
}

// "words[159:0]" style bit ranges for Yosys: consecutive unread bits as one slice.
std::vector<std::pair<int, int>> ranges(const std::set<int>& bits) {
  std::vector<std::pair<int, int>> r;
  for (int b : bits) {
    if (!r.empty() && r.back().second + 1 == b) r.back().second = b;
    else r.push_back({b, b});
  }
  return r;
}

}  // namespace

std::string yosys_exact_pattern(const std::string& name) {
  std::string p;
  for (char c : name) {
    if (c == '\\' || c == '[' || c == ']' || c == '*' || c == '?') p += '\\';
    p += c;
  }
  return p;
}

std::vector<PrunedModule> find_pruned_modules(const std::string& json_text, const std::string& top,
                                              const std::set<std::string>& skip, const std::string& json_path) {
  const json doc = json::parse(json_text, nullptr, false);
  if (doc.is_discarded() || !doc.contains("modules") || !doc["modules"].contains(top))
    throw InputError(json_path, 0, "expected Yosys' JSON netlist with module " + top);
  const json& mod = doc["modules"][top];
  const json& modules = doc["modules"];

  // Every net something in the top reads: a cell's input, or an output port of the top.
  std::set<long> read;
  for (const auto& [name, port] : member(mod, "ports").items())
    if (text(port, "direction") != "input") add_nets(member(port, "bits"), read);
  for (const auto& [name, cell] : member(mod, "cells").items()) {
    const json& dirs = member(cell, "port_directions");
    for (const auto& [port, bits] : member(cell, "connections").items()) {
      const std::string dir = text(dirs, port);
      if (dir.empty() || is_read(dir)) add_nets(bits, read);  // an unknown direction counts as read
    }
  }

  // Group the top's module instances by (module, unread bits). std::map keeps the order (and so
  // the copies' names) a function of the netlist alone.
  std::map<std::pair<std::string, std::map<std::string, std::set<int>>>, std::vector<std::string>> groups;
  for (const auto& [name, cell] : member(mod, "cells").items()) {
    const std::string type = text(cell, "type");
    if (!modules.contains(type) || skip.count(yosys_module_base(type))) continue;
    const json& conns = member(cell, "connections");
    std::map<std::string, std::set<int>> unread;
    // The module's own ports (the blackbox keeps them): an output the instance leaves unconnected
    // has no entry among its connections, or an empty one.
    for (const auto& [port, def] : member(modules[type], "ports").items()) {
      if (!is_output(text(def, "direction"))) continue;
      const auto c = conns.find(port);
      const bool open = c == conns.end() || !c->is_array() || c->empty();
      const json& bits = open ? member(def, "bits") : *c;
      if (!bits.is_array()) continue;
      for (size_t i = 0; i < bits.size(); ++i)
        if (open || !bits[i].is_number_integer() || !read.count(bits[i].get<long>())) unread[port].insert(int(i));
    }
    if (!unread.empty()) groups[{type, unread}].push_back(name);
  }

  std::vector<PrunedModule> out;
  for (auto& [key, cells] : groups) {
    PrunedModule p;
    p.original = key.first;
    p.copy = "$paramod$gpucosim_pruned" + std::to_string(out.size()) + "\\" + yosys_module_base(key.first);
    p.instances = cells;
    p.unread = key.second;
    out.push_back(std::move(p));
  }
  return out;
}

std::string pruning_commands(const std::vector<PrunedModule>& pruned, const std::string& top) {
  std::string s;
  for (const auto& p : pruned) {
    s += "copy " + p.original + " " + p.copy + "\n";
    s += "proc " + yosys_exact_pattern(p.copy) + "\n";
    s += "cd " + p.copy + "\n";
    std::string wires;
    for (const auto& [port, bits] : p.unread) {
      for (const auto& [lo, hi] : ranges(bits))
        s += "connect -unset " + port + "[" + std::to_string(hi) + ":" + std::to_string(lo) + "]\n";
      wires += " " + yosys_exact_pattern(p.copy) + "/w:" + yosys_exact_pattern(port);
    }
    s += "cd ..\n";
    s += "setundef -undriven -zero" + wires + "\n";
    s += "chtype -set " + p.copy;
    for (const auto& c : p.instances) s += " " + yosys_exact_pattern(top) + "/c:" + yosys_exact_pattern(c);
    s += "\n";
  }
  return s;
}

}  // namespace gpucosim::synth
