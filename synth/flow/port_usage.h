#pragma once
// Outputs of the top's instances that nothing reads, found before the hierarchical flow keeps
// those instances as separate modules (synth/flow/flow_scripts.h).
//
// Why: with the hierarchy kept, a module is synthesised once for all its instances, so logic
// that drives an output no instance reads stays (a flat mapping removes it with the rest of the
// dead logic). The flow therefore maps each kept module *as its instances use it*: the top's
// instances of one module that leave the same output bits unread share one copy of the module
// in which those bits are cut (driven by constant 0, their logic removed by Yosys' clean-up);
// other users of the module (instances below a kept one, flattened into it) keep the original.
// Instances that read every output keep the original module.
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gpucosim::synth {

struct PrunedModule {
  std::string original;                          // Yosys name of the module the instances had
  std::string copy;                              // name of the pruned copy they get
  std::vector<std::string> instances;            // the top's cells (Yosys names) that get it
  std::map<std::string, std::set<int>> unread;   // output port -> bit indices nothing reads
};

// From the JSON netlist (Yosys' write_json) of the top after `proc` and `opt_clean`, with every
// other module a blackbox: one entry per (module, unread bits) group of the top's instances that
// leaves something unread. `skip` names module bases (Yosys' base names) never pruned: the SRAM
// macros, which the flow keeps as blackboxes. `json_path` is only for messages.
std::vector<PrunedModule> find_pruned_modules(const std::string& json_text, const std::string& top,
                                              const std::set<std::string>& skip, const std::string& json_path);

// The Yosys commands that create each copy, cut its unread bits and give it to its instances;
// run after `hierarchy` and before `synth`. Empty when there is nothing to prune.
std::string pruning_commands(const std::vector<PrunedModule>& pruned, const std::string& top);

// A Yosys selection pattern that matches exactly `name` (\, [, ], * and ? escaped).
std::string yosys_exact_pattern(const std::string& name);

}  // namespace gpucosim::synth
