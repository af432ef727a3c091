#include "systemc/memory/memory_partition.h"

namespace gpucosim {

MemoryPartition::MemoryPartition(sc_core::sc_module_name name, uint32_t channel, const MemoryConfig& cfg,
                                 const ClockConfig& clk, const AddressMap& map)
    : sc_core::sc_module(name), channel_(channel), dram_(cfg, map, channel, dram_pipeline_cycles(cfg, clk)) {
  for (uint32_t s = 0; s < cfg.sub_partitions; ++s) {
    ports_.push_back(std::make_unique<TargetPort>(("l2_port_" + std::to_string(s)).c_str()));
    slices_.push_back(std::make_unique<L2Slice>(cfg, clk, map, channel, s, *ports_.back()));
  }
}

void MemoryPartition::tick_l2(uint64_t l2_cycle, bool all) {
  for (auto& s : slices_)
    if (all || !s->skippable(l2_cycle, dram_)) s->tick(l2_cycle, dram_);
}

void MemoryPartition::tick_dram(uint64_t dram_cycle) {
  dram_.tick(dram_cycle);
  // One request per DRAM cycle into the scheduler queue, slices taken round-robin.
  const uint32_t n = uint32_t(slices_.size());
  if (!dram_.can_accept()) return;
  for (uint32_t k = 0; k < n; ++k) {
    L2Slice& s = *slices_[(rr_ + k) % n];
    if (!s.has_dram_request()) continue;
    dram_.push(s.front_dram_request());
    s.pop_dram_request();
    rr_ = (rr_ + k + 1) % n;
    break;
  }
}

bool MemoryPartition::l2_idle() const {
  for (const auto& s : slices_)
    if (!s->idle() || dram_.has_return(s->partition() % uint32_t(slices_.size()))) return false;
  for (const auto& p : ports_)
    if (p->peek_request()) return false;
  return true;
}

std::string MemoryPartition::describe() const {
  std::string s = "memory partition " + std::to_string(channel_) + ": DRAM " + dram_.describe() + "\n";
  for (const auto& sl : slices_) {
    s += "  L2 slice " + std::to_string(sl->partition()) + ": " + sl->describe();
    if (ports_[size_t(sl->partition() % slices_.size())]->peek_request()) s += ", a request waits at its port";
    s += "\n";
  }
  return s;
}

bool MemoryPartition::dram_idle() const {
  if (!dram_.idle()) return false;
  for (const auto& s : slices_)
    if (s->has_dram_request()) return false;
  return true;
}

uint32_t MemoryPartition::warm(uint64_t addr, uint64_t bytes) {
  uint32_t n = 0;
  for (auto& s : slices_) n += s->warm(addr, bytes);
  return n;
}

uint64_t warm_l2(const std::vector<MemoryPartition*>& partitions, const AddressMap& map, uint64_t addr,
                 uint64_t bytes) {
  uint64_t n = 0;
  for (uint64_t a = addr & ~uint64_t(127); a < addr + bytes; a += 128) {
    const DecodedAddress d = map.decode(a);
    uint8_t mask = 0;
    for (uint32_t s = 0; s < 4; ++s) {
      const uint64_t lo = a + s * 32;
      if (lo + 32 > addr && lo < addr + bytes) mask |= uint8_t(1u << s);
    }
    if (d.channel < partitions.size() && partitions[d.channel]->slice(d.sub).cache().install(d.local, mask)) ++n;
  }
  return n;
}

void trim_copy_to_l2_tail(uint64_t& addr, uint64_t& bytes, uint64_t l2_bytes) {
  const uint64_t keep = kMemcpyTailL2s * l2_bytes;
  if (bytes <= keep) return;
  const uint64_t end = addr + bytes;
  const uint64_t start = (end - keep) & ~uint64_t(127);  // whole lines of the tail
  addr = start;
  bytes = end - start;
}

void MemoryPartition::collect(StatsMap& m, uint64_t dram_through) const {
  for (const auto& s : slices_) {
    s->collect(m, "L2.");
    s->cache().collect(m, "L2[" + std::to_string(s->partition()) + "].");
  }
  dram_.collect(m, "dram[" + std::to_string(channel_) + "].", dram_through);
}

void MemoryPartition::forget_launch(uint32_t launch) {
  for (auto& s : slices_) s->forget_launch(launch);
  dram_.forget_launch(launch);
}

bool MemoryPartition::charged(uint32_t launch) const {
  for (const auto& s : slices_)
    if (s->charged(launch)) return true;
  return dram_.charged(launch);
}

void MemoryPartition::collect_launch(StatsMap& m, uint32_t launch) const {
  for (const auto& s : slices_) {
    s->collect_launch(m, "L2.", launch);
    s->cache().collect_launch(m, "L2[" + std::to_string(s->partition()) + "].", launch);
  }
  dram_.collect_launch(m, "dram[" + std::to_string(channel_) + "].", launch);
}

}  // namespace gpucosim
