#pragma once
// Helpers shared by the workload tests: materialising a (small) generated kernel and scanning
// warps for lines, banks and register liveness.
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "workloads/workload.h"

namespace gpucosim::test {

struct Materialised {
  KernelHeader header;
  const OpcodeTable* ops = nullptr;  // owned by the app's KernelSource
  std::vector<ThreadBlock> blocks;
};

// Every kernel of `app`, all blocks in memory (fine for the default sizes).
inline std::vector<Materialised> materialise(GeneratedApp& app) {
  std::vector<Materialised> out;
  for (auto& k : app.kernels) {
    Materialised m;
    m.header = k->header();
    ThreadBlock tb;
    while (k->next_block(tb)) m.blocks.push_back(tb);
    m.ops = &k->opcodes();
    out.push_back(std::move(m));
  }
  return out;
}

inline GeneratedApp generate_default(const std::string& name, const std::vector<std::string>& overrides = {}) {
  const Workload* w = find_workload(name);
  return w->generate(resolve_params(*w, overrides));
}

inline const std::string& opcode_text(const Materialised& m, const Instruction& i) { return (*m.ops)[i.opcode].text; }

// Distinct 128-byte lines touched by the active lanes.
inline size_t lines_touched(const Warp& w, const Instruction& i) {
  std::set<uint64_t> lines;
  const LaneAddrs& a = w.lane_addrs(i);
  for (int l = 0; l < kWarpSize; ++l)
    if (i.active_mask >> l & 1u) lines.insert(a[size_t(l)] / 128);
  return lines.size();
}

// Largest number of registers simultaneously live in a warp's stream: a register is live from
// a write to the last read before its next write.
inline int max_live_registers(const Warp& w) {
  const size_t n = w.insts.size();
  std::vector<int> delta(n + 1, 0);
  std::map<int, size_t> def_at;  // register -> index of its current definition
  std::map<int, size_t> last_use;
  auto close = [&](int r) {
    auto d = def_at.find(r);
    auto u = last_use.find(r);
    if (d != def_at.end() && u != last_use.end() && u->second > d->second) {
      delta[d->second] += 1;
      delta[u->second] -= 1;
    }
    last_use.erase(r);
  };
  for (size_t k = 0; k < n; ++k) {
    const Instruction& i = w.insts[k];
    for (int s = 0; s < i.n_src; ++s)
      if (i.src[size_t(s)] != kRegZero) last_use[i.src[size_t(s)]] = k;
    for (int d = 0; d < i.n_dst; ++d)
      if (i.dst[size_t(d)] != kRegZero) {
        close(i.dst[size_t(d)]);
        def_at[i.dst[size_t(d)]] = k;
      }
  }
  for (const auto& d : std::map<int, size_t>(def_at)) close(d.first);
  int live = 0, best = 0;
  for (size_t k = 0; k < n; ++k) best = std::max(best, live += delta[k]);
  return best;
}

}  // namespace gpucosim::test
