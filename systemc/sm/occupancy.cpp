#include "systemc/sm/occupancy.h"

namespace gpucosim {

namespace {
uint64_t round_up(uint64_t v, uint64_t g) { return g ? (v + g - 1) / g * g : v; }
}  // namespace

Occupancy::Occupancy(const CoreConfig& c) : c_(c) {}

BlockResources Occupancy::needs(const KernelHeader& h) const {
  BlockResources r;
  const uint32_t ws = c_.warp_size ? c_.warp_size : 32;
  r.warps = uint32_t((h.block.volume() + ws - 1) / ws);
  r.threads = r.warps * ws;
  r.registers = uint32_t(round_up(uint64_t(h.nregs) * ws, c_.register_alloc_granularity) * r.warps);
  r.shmem = uint32_t(round_up(h.shmem, c_.shmem_alloc_granularity));
  return r;
}

bool Occupancy::fits_with(const BlockResources& used, uint32_t blocks, const BlockResources& r) const {
  if (r.warps == 0) return false;
  if (blocks + 1 > c_.max_blocks) return false;
  if (used.threads + r.threads > c_.max_threads) return false;
  if (r.registers > c_.registers_per_block || used.registers + r.registers > c_.registers) return false;
  if (r.shmem > c_.shmem_per_block || used.shmem + r.shmem > c_.shmem_bytes) return false;
  return true;
}

bool Occupancy::fits(const KernelHeader& h) const { return fits_with(used_, blocks_, needs(h)); }

bool Occupancy::fits_empty(const KernelHeader& h) const { return fits_with(BlockResources{}, 0, needs(h)); }

void Occupancy::add(const BlockResources& r) {
  used_.warps += r.warps;
  used_.threads += r.threads;
  used_.registers += r.registers;
  used_.shmem += r.shmem;
  blocks_ += 1;
}

void Occupancy::remove(const BlockResources& r) {
  used_.warps -= r.warps;
  used_.threads -= r.threads;
  used_.registers -= r.registers;
  used_.shmem -= r.shmem;
  blocks_ -= 1;
}

}  // namespace gpucosim
