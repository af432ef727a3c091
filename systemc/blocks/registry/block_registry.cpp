#include "systemc/blocks/registry/block_registry.h"

namespace gpucosim {

void BlockRegistry::add_block(const kit::BlockDecl& decl, Attach attach) {
  if (find(decl.name)) throw std::logic_error(std::string("block registered twice: ") + decl.name);
  entries_.push_back(Entry{&decl, std::move(attach), {}});
}

BlockRegistry::Entry& BlockRegistry::entry(const std::string& block) {
  for (Entry& e : entries_)
    if (block == e.decl->name) return e;
  throw std::logic_error("maker for an unregistered block: " + block);
}

InputError BlockRegistry::mode_unavailable(const std::string& block, kit::BlockMode mode) {
  return InputError("(configuration)", 0,
                    "-" + block + ": mode " + kit::to_string(mode) +
                        " is not available in this build (its RTL library was not built: configure with "
                        "-DGPUCOSIM_RTL=ON and Verilator installed)");
}

const BlockRegistry::Entry* BlockRegistry::find(const std::string& name) const {
  for (const Entry& e : entries_)
    if (name == e.decl->name) return &e;
  return nullptr;
}

std::vector<kit::BlockMode> BlockRegistry::modes(const std::string& name) const {
  std::vector<kit::BlockMode> m;
  const Entry* e = find(name);
  if (!e) return m;
  m.push_back(kit::BlockMode::Off);
  const bool tlm = e->makers.count(kit::BlockMode::Tlm) > 0, rtl = e->makers.count(kit::BlockMode::Rtl) > 0;
  if (tlm) m.push_back(kit::BlockMode::Tlm);
  if (rtl) m.push_back(kit::BlockMode::Rtl);
  if (tlm && rtl) m.push_back(kit::BlockMode::Lockstep);
  return m;
}

bool BlockRegistry::has_mode(const std::string& name, kit::BlockMode m) const {
  for (kit::BlockMode x : modes(name))
    if (x == m) return true;
  return false;
}

SmOptions BlockRegistry::make_sm_options(const GpuConfig& gpu, uint32_t sm_id) const {
  SmOptions o;
  for (const auto& [name, settings] : gpu.blocks) {
    if (settings.mode == kit::BlockMode::Off) continue;
    const Entry* e = find(name);
    if (!e) throw InputError("(configuration)", 0, "-" + name + ": no such block in this build");
    if (!has_mode(name, settings.mode)) throw mode_unavailable(name, settings.mode);
    kit::ImplOptions io;
    io.label = name + "/sm" + std::to_string(sm_id);
    io.vcd_path = settings.vcd.empty() ? "" : settings.vcd + "_sm" + std::to_string(sm_id) + ".vcd";
    io.eval_every_cycle = settings.eval_every_cycle;
    e->attach(*this, BlockBuild{gpu, settings, sm_id, io}, o);
  }
  return o;
}

}  // namespace gpucosim
