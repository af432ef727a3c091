#include "systemc/memory/peak.h"

#include <algorithm>

namespace gpucosim {

uint32_t dram_access_bytes(const MemoryConfig& m) { return m.bus_width_bytes * m.chips_per_channel * m.burst_length; }

uint32_t dram_burst_cycles(const MemoryConfig& m) {
  return std::max<uint32_t>(1, m.burst_length / std::max<uint32_t>(1, m.data_command_freq_ratio));
}

double dram_peak_bytes_per_s(const MemoryConfig& m, const ClockConfig& c) {
  return double(m.n_channels) * double(dram_access_bytes(m)) / double(dram_burst_cycles(m)) * c.dram_mhz * 1e6;
}

double l2_peak_bytes_per_s(const MemoryConfig& m, const ClockConfig& c) {
  const uint32_t port = m.l2.data_port_bytes ? m.l2.data_port_bytes : m.l2.line_bytes;
  return double(m.n_partitions()) * double(port) * c.l2_mhz * 1e6;
}

}  // namespace gpucosim
