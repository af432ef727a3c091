// estimate_sram: builds the data array (and, for a cache, the tag array and comparators) from the
// spec, searches each array's organisation, and combines them into one bank.
#include "power/sram_model.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "kernel/input_error.h"
#include "power/circuit.h"
#include "power/organisation_search.h"

namespace gpucosim::power {

namespace {

int log2_exact(uint64_t x) {
  int n = 0;
  while ((uint64_t(1) << n) < x) ++n;
  return n;
}

// SECDED-style check bits as in the reference configuration: 8 per 64 data bits (or part thereof).
int with_ecc(int bits, bool ecc) { return ecc ? bits + 8 * ((bits + 63) / 64) : bits; }

OrganisationReport report(const ArrayResult& a) {
  OrganisationReport r;
  r.ndwl = a.org.ndwl;
  r.ndbl = a.org.ndbl;
  r.nspd = a.org.nspd;
  r.rows = a.rows;
  r.cols = a.cols;
  r.subarrays = a.subarrays;
  r.column_mux = a.column_mux;
  r.area_mm2 = a.area() * 1e6;
  r.height_mm = a.height * 1e3;
  r.width_mm = a.width * 1e3;
  return r;
}

ArrayResult search_or_fail(const Technology& t, const RepeatedWire& wire, const ArraySpec& spec,
                           const char* which) {
  auto a = search_organisation(t, wire, spec);
  if (!a)
    throw InputError("--size", 0,
                     std::string("no subarray partitioning fits the ") + which + " array (" +
                         std::to_string(spec.sets) + " rows of " + std::to_string(spec.bits_per_set) +
                         " bits); expected at least 8 rows and 8 columns per subarray");
  return *a;
}

// Tag comparators: one XOR per tag bit and way, then a NOR/NAND tree to a hit signal
// (Weste & Harris sec. 12.6.2, CAM/comparator structure).
struct Comparators {
  double delay = 0, energy = 0, leakage = 0, area = 0;
};

Comparators model_comparators(const Technology& t, int ways, int tag_bits) {
  Comparators c;
  const double wmin = t.w_min(), cin1 = 3.0 * wmin * t.dev.c_gate, vdd = t.dev.vdd;
  const int stages = 1 + int(std::ceil(std::log(std::max(2, tag_bits)) / std::log(4.0)));
  c.delay = t.tau() * 6.0 * stages;  // each stage: effort ~4 plus parasitic ~2
  const double bits = double(ways) * tag_bits;
  c.energy = bits * (0.5 * 4.0 * cin1 + cin1) * vdd * vdd;
  c.leakage = bits * 8.0 * wmin * 0.5 * t.dev.i_off * (1.0 + t.dev.pmos_off_ratio) * vdd *
              (t.family == CellFamily::HighPerformance ? t.cal.leakage_hp : t.cal.leakage_lstp);
  c.area = bits * 16.0 * t.transistor_area(2.0 * wmin);
  return c;
}

}  // namespace

SramEstimate estimate_sram(const SramSpec& spec) { return estimate_sram(spec, fitted_calibration()); }

SramEstimate estimate_sram(const SramSpec& spec, const SramCalibration& cal) {
  validate_sram_spec(spec);
  const Technology t = make_technology(spec.node_nm, spec.cell, spec.temperature_k, cal);
  const RepeatedWire wire = design_repeated_wire(t, t.global, 0.3);  // "Global_30"

  const int block_bits = int(spec.block_bytes * 8);
  const uint64_t sets = spec.size_bytes / (spec.block_bytes * spec.associativity);
  const int ways = int(spec.associativity);
  const bool cache = spec.type == SramType::Cache;

  // Data array. A cache in normal access mode reads every way of the set in parallel with the tags;
  // the way multiplexer next to the sense amplifiers forwards one block.
  ArraySpec d;
  d.sets = long(sets);
  d.bits_per_set = ways * with_ecc(block_bits, spec.ecc);
  d.sensed_bits = d.bits_per_set;
  d.out_bits = with_ecc(block_bits, spec.ecc);
  d.addr_bits = log2_exact(sets) + 2 + (cache ? ways : 0);  // index, read/write enables, way selects
  d.ports = spec.ports;
  const ArrayResult data = search_or_fail(t, wire, d, "data");

  SramEstimate e;
  e.data = report(data);
  double access = data.access_time, cycle = data.cycle_time;
  double e_read = data.e_read, e_write = data.e_write, leak = data.leakage;
  double height = data.height, width = data.width;

  if (cache) {
    const int tag_bits = spec.address_bits - log2_exact(sets) - log2_exact(spec.block_bytes) + 2;  // + valid, dirty
    if (tag_bits <= 2)
      throw InputError("--address-bits", 0,
                       std::to_string(spec.address_bits) + " address bits leave no tag for this size and block");
    ArraySpec ts;
    ts.sets = long(sets);
    ts.bits_per_set = ways * with_ecc(tag_bits, spec.ecc);
    ts.sensed_bits = ts.bits_per_set;
    ts.out_bits = ts.bits_per_set;
    ts.addr_bits = log2_exact(sets) + 2;
    ts.ports = spec.ports;
    const ArrayResult tag = search_or_fail(t, wire, ts, "tag");
    const Comparators cmp = model_comparators(t, ways, tag_bits);
    e.has_tag = true;
    e.tag = report(tag);
    e.tag_bits = tag_bits;
    // The data read proceeds in parallel with tag read and compare; the way select then releases
    // the block from the data array's way multiplexer.
    access = std::max(data.access_time, tag.access_time + cmp.delay + data.htree.delay_in);
    cycle = std::max(data.cycle_time, tag.cycle_time);
    e_read += tag.e_read + cmp.energy;
    e_write += tag.e_write;
    leak += tag.leakage + cmp.leakage;
    // Tag array, with its comparators along its bottom edge, placed beside the data array; the
    // bank is their bounding box (as CACTI lays a bank out: the shorter array leaves a gap).
    height = std::max(data.height, tag.height + cmp.area / tag.width);
    width = data.width + tag.width;
  }

  e.access_time_ns = access * 1e9;
  e.cycle_time_ns = cycle * 1e9;
  e.read_energy_nj = e_read * 1e9;
  e.write_energy_nj = e_write * 1e9;
  e.leakage_mw = leak * 1e3;
  e.height_mm = height * 1e3;
  e.width_mm = width * 1e3;
  e.area_mm2 = e.height_mm * e.width_mm;
  return e;
}

}  // namespace gpucosim::power
