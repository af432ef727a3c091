#pragma once
// The registry of research blocks: for each declared block (kit::BlockDecl) how its
// implementations are made in each mode and how it attaches to the SM's hooks (sm_hooks.h).
// Blocks register themselves: the block's library provides register_<block>_block(), which adds
// the declaration, the twin ("tlm") and the attach function; the block's RTL library provides
// register_<block>_rtl(), which adds the Verilated maker ("rtl"). The build generates
// builtin_block_registry() calling every register function it was configured with
// (cmake/gpucosim_block.cmake), so the GPU model names no block and builds without Verilator:
// without an RTL library a block simply has no "rtl"/"lockstep" mode.
#include <any>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel/input_error.h"
#include "systemc/blocks/kit/block_decl.h"
#include "systemc/blocks/kit/block_impl.h"
#include "systemc/blocks/kit/block_settings.h"
#include "systemc/blocks/kit/checked.h"
#include "systemc/blocks/kit/lockstep.h"
#include "systemc/config/gpu_config.h"
#include "systemc/sm/sm.h"

namespace gpucosim {

// What a block's attach function is built from: the whole configuration, the block's settings,
// the SM it is built for and how its implementation is to be made.
struct BlockBuild {
  const GpuConfig& gpu;
  const kit::BlockSettings& settings;
  uint32_t sm_id;
  kit::ImplOptions impl;
};

template <class T>
using ImplMaker = std::function<std::unique_ptr<kit::Impl<T>>(const typename T::Params&, const kit::ImplOptions&)>;

class BlockRegistry {
 public:
  using Attach = std::function<void(const BlockRegistry&, const BlockBuild&, SmOptions&)>;
  struct Entry {
    const kit::BlockDecl* decl = nullptr;
    Attach attach;                               // builds the block's hooks (mode != off)
    std::map<kit::BlockMode, std::any> makers;   // ImplMaker<T> for tlm and rtl
  };

  // Adds a block (its name must be new).
  void add_block(const kit::BlockDecl& decl, Attach attach);
  // Adds an implementation maker of a registered block (tlm: the twin; rtl: the Verilated RTL).
  template <class T>
  void add_maker(const std::string& block, kit::BlockMode mode, ImplMaker<T> m) {
    entry(block).makers[mode] = std::move(m);
  }

  const std::vector<Entry>& entries() const { return entries_; }
  const Entry* find(const std::string& name) const;
  // The modes a block can run in: off, tlm, and rtl + lockstep when its RTL is linked.
  std::vector<kit::BlockMode> modes(const std::string& name) const;
  bool has_mode(const std::string& name, kit::BlockMode m) const;

  // An implementation of `block` in `mode` (lockstep = tlm and rtl side by side), wrapped in its
  // protocol checker when `Checker` is given and `check` is set. Throws InputError naming the
  // mode option when the mode is not available.
  template <class T, class Checker = void>
  std::unique_ptr<kit::Impl<T>> make(const std::string& block, kit::BlockMode mode, const typename T::Params& p,
                                     const kit::ImplOptions& o, bool check = false) const {
    std::unique_ptr<kit::Impl<T>> impl;
    if (mode == kit::BlockMode::Lockstep)
      impl = std::make_unique<kit::Lockstep<T>>(maker<T>(block, kit::BlockMode::Tlm)(p, o),
                                                maker<T>(block, kit::BlockMode::Rtl)(p, o), o.label);
    else
      impl = maker<T>(block, mode)(p, o);
    if constexpr (!std::is_void<Checker>::value)
      if (check) impl = std::make_unique<kit::Checked<T, Checker>>(std::move(impl), o.label);
    return impl;
  }

  // Every block's hooks for SM `sm_id` as the configuration selects them.
  SmOptions make_sm_options(const GpuConfig& gpu, uint32_t sm_id) const;

 private:
  Entry& entry(const std::string& block);
  // The error for a mode this build has no implementation of (its RTL library was not built).
  static InputError mode_unavailable(const std::string& block, kit::BlockMode mode);
  template <class T>
  ImplMaker<T> maker(const std::string& block, kit::BlockMode mode) const {
    const Entry* e = find(block);
    auto it = e ? e->makers.find(mode) : std::map<kit::BlockMode, std::any>::const_iterator();
    if (!e || it == e->makers.end()) throw mode_unavailable(block, mode);
    return std::any_cast<ImplMaker<T>>(it->second);
  }
  std::vector<Entry> entries_;
};

// The blocks this build was configured with (generated; cmake/gpucosim_block.cmake).
const BlockRegistry& builtin_block_registry();

// Parameters of a block from its settings: the declared defaults, overridden by the options the
// user gave; AUTO parameters not given are 0 (the block's derive step fills them and CORE ones).
template <class P>
P params_from_settings(const kit::BlockSettings& s) {
  P p;
  for (const kit::ParamInfo& i : P::table()) {
    auto it = s.values.find(i.name);
    if (it != s.values.end())
      kit::set(&p, i, it->second);
    else if (i.source == kit::ParamSource::Auto)
      kit::set(&p, i, 0);
  }
  return p;
}

}  // namespace gpucosim
