#pragma once
// Shared-memory bank conflicts: banks of 4-byte words, word w lives in bank w % banks. The
// conflict degree of a warp access is the largest number of distinct words any one bank must
// deliver; lanes reading the same word share one access (broadcast). Wide accesses (8/16 B per
// lane) touch several consecutive words, so a conflict-free 64-bit access has degree 2, as the
// hardware needs two passes for it. Degree 0 means no active lane.
#include <cstdint>

#include "kernel/kernel.h"

namespace gpucosim {

uint32_t shmem_conflict_degree(const LaneAddrs& addrs, uint32_t active_mask, uint32_t access_bytes,
                               uint32_t banks);

}  // namespace gpucosim
