#include "workloads/inter_warp_locality.h"

#include <unordered_map>
#include <vector>

#include "kernel/kernel.h"
#include "workloads/workload.h"

namespace gpucosim {

LineShare inter_warp_line_share(const std::string& spec, uint64_t max_blocks) {
  LineShare total;
  GeneratedApp app = generate_workload(spec);
  for (auto& kernel : app.kernels) {
    ThreadBlock tb;
    for (uint64_t b = 0; b < max_blocks && kernel->next_block(tb); ++b) {
      // Per line: the first warp that loads it and whether a second one does.
      struct Seen {
        uint32_t first_warp;
        bool several;
      };
      std::unordered_map<uint64_t, Seen> lines;
      std::vector<uint64_t> requests;  // one line per (warp, load, line), with repeats
      for (const Warp& w : tb.warps)
        for (const Instruction& in : w.insts) {
          const OpcodeInfo& op = kernel->opcodes()[in.opcode];
          if (!op.is_load || op.is_store || op.space != MemSpace::Global || !in.has_addresses() || !in.active_mask)
            continue;
          const LaneAddrs& a = w.lane_addrs(in);
          std::vector<uint64_t> own;  // the distinct lines of this instruction
          for (uint32_t t = 0; t < kWarpSize; ++t) {
            if (!((in.active_mask >> t) & 1u)) continue;
            const uint64_t line = a[t] >> 7;
            bool dup = false;
            for (uint64_t l : own) dup = dup || l == line;
            if (!dup) own.push_back(line);
          }
          for (uint64_t line : own) {
            requests.push_back(line);
            auto [it, fresh] = lines.try_emplace(line, Seen{w.id, false});
            if (!fresh && it->second.first_warp != w.id) it->second.several = true;
          }
        }
      total.requests += requests.size();
      for (uint64_t line : requests) total.shared += lines.at(line).several ? 1 : 0;
    }
  }
  return total;
}

}  // namespace gpucosim
