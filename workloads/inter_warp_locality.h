#pragma once
// Inter-warp spatial locality of a workload, measured from its instruction streams, not from a
// run: the share of its global-load line requests (warp, load instruction, 128-byte line) whose
// line another warp of the same thread block also loads. That is the locality WarpPool can merge
// (seed 000 §3.4.2: "kernels with inter-warp spatial locality"; SYRK/SYR2K's "reuse between warps
// of a block"), whatever the timing lets it catch. The WarpPool results page (bench/) classifies its
// workloads with it instead of by hand.
#include <cstdint>
#include <string>

namespace gpucosim {

struct LineShare {
  uint64_t requests = 0;  // (warp, global load, line) requests in the blocks looked at
  uint64_t shared = 0;    // ... whose line another warp of the same block loads too
  double share() const { return requests ? double(shared) / double(requests) : 0; }
};

// Over the first `max_blocks` thread blocks of every kernel of workload `spec` ("name:k=v,...").
// Throws InputError for an unknown workload or bad parameters.
LineShare inter_warp_line_share(const std::string& spec, uint64_t max_blocks);

}  // namespace gpucosim
