// Padding of arbitrary array shapes onto the power-of-two SRAM model (see sram_macro.h).
#include "power/sram_macro.h"

#include <algorithm>
#include <string>

#include "kernel/input_error.h"

namespace gpucosim::power {

namespace {

uint64_t next_pow2(uint64_t x) {
  uint64_t p = 1;
  while (p < x) p <<= 1;
  return p;
}

// Scales the size-proportional figures of an estimate of a padded array back to the used part.
SramEstimate scaled(SramEstimate e, double cell_fraction, double width_fraction) {
  e.area_mm2 *= cell_fraction;
  e.height_mm *= cell_fraction;  // keep width; the scaled bounding box stays a rectangle
  e.leakage_mw *= cell_fraction;
  e.read_energy_nj *= width_fraction;
  e.write_energy_nj *= width_fraction;
  e.data.area_mm2 *= cell_fraction;
  if (e.has_tag) e.tag.area_mm2 *= cell_fraction;
  return e;
}

}  // namespace

SramEstimate estimate_ram_macro(const RamMacroSpec& m) {
  if (m.words == 0) throw InputError("sram macro", 0, "0 words: expected at least one word");
  if (m.bits == 0) throw InputError("sram macro", 0, "0 bits per word: expected at least one bit");
  const uint64_t used_bytes_per_word = (m.bits + 7) / 8;
  const uint64_t block = next_pow2(used_bytes_per_word);
  // The model's smallest array is 64 bytes; tiny macros pad their word count up to that.
  const uint64_t words = std::max(next_pow2(m.words), std::max<uint64_t>(1, 64 / block));
  if (block > 1024)
    throw InputError("sram macro", 0,
                     std::to_string(m.bits) + "-bit words: expected at most 8192 bits per access (split the macro)");
  SramSpec s;
  s.size_bytes = words * block;
  s.block_bytes = block;
  s.ports = m.ports;
  s.node_nm = m.node_nm;
  s.cell = m.cell;
  s.ecc = m.ecc;
  s.type = SramType::Ram;
  const double padded_bits = double(words) * double(block) * 8.0;
  const double used_bits = double(m.words) * double(m.bits);
  return scaled(estimate_sram(s), used_bits / padded_bits, double(m.bits) / (double(block) * 8.0));
}

SramEstimate estimate_cache_array(const CacheArraySpec& c) {
  if (c.sets == 0 || c.ways == 0 || c.line_bytes == 0)
    throw InputError("cache", 0, "sets, ways and line size must be positive");
  const uint64_t sets = next_pow2(c.sets), ways = next_pow2(c.ways), line = next_pow2(c.line_bytes);
  SramSpec s;
  s.size_bytes = sets * ways * line;
  s.block_bytes = line;
  s.associativity = ways;
  s.ports = c.ports;
  s.node_nm = c.node_nm;
  s.cell = c.cell;
  s.type = SramType::Cache;
  const double fraction = double(c.sets * c.ways * c.line_bytes) / double(s.size_bytes);
  // Normal access mode reads every way of the set, so padded ways cost energy as padded bytes do.
  const double width = double(c.line_bytes) / double(line) * double(c.ways) / double(ways);
  return scaled(estimate_sram(s), fraction, width);
}

}  // namespace gpucosim::power
