#pragma once
// The embedded SRAM model's public API: describe an SRAM (a plain RAM or a cache with tags) and get
// its access time, energy, leakage and area, CACTI-style. Used by the `gpucosim sram` command, the
// GPU energy model and the synthesis flow (register files, caches, WarpPool's MSHR table).
//
// Bad specifications throw gpucosim::InputError naming the option ("--size", "--ports", ...) and
// what was expected.
#include <cstdint>
#include <string>

#include "power/calibration.h"
#include "power/subarray.h"
#include "power/technology.h"

namespace gpucosim::power {

enum class SramType { Ram, Cache };

struct SramSpec {
  uint64_t size_bytes = 0;      // data capacity (tags not included)
  uint64_t block_bytes = 0;     // line size for a cache, word (access) size for a RAM
  uint64_t associativity = 1;   // ways; must be 1 for a RAM
  PortCounts ports;             // default: one read-write port
  double node_nm = 0;           // process node, 16..180 nm
  SramType type = SramType::Ram;
  CellFamily cell = CellFamily::HighPerformance;  // cells and periphery use the same family
  double temperature_k = 360;   // as in the CACTI reference runs
  bool ecc = true;              // 8 check bits per 64 data bits (SECDED), as in the reference
  int address_bits = 42;        // physical address width, sets the tag width of a cache
};

// One array's chosen organisation, in CACTI's terms.
struct OrganisationReport {
  int ndwl = 0, ndbl = 0, nspd = 0;
  int rows = 0, cols = 0, subarrays = 0, column_mux = 0;
  double area_mm2 = 0, height_mm = 0, width_mm = 0;
};

struct SramEstimate {
  std::string source = "model";  // "model" for the embedded model, "cacti" from a CACTI run
  double access_time_ns = 0;
  double cycle_time_ns = 0;
  double read_energy_nj = 0;     // dynamic, per read access
  double write_energy_nj = 0;    // dynamic, per write access
  double leakage_mw = 0;         // subthreshold leakage of the whole array
  double area_mm2 = 0;           // bounding box of data (and tag) arrays
  double height_mm = 0, width_mm = 0;
  OrganisationReport data;
  bool has_tag = false;
  OrganisationReport tag;
  int tag_bits = 0;              // tag width incl. status bits (before ECC); 0 for a RAM
};

// Throws InputError for an invalid spec (see validate_sram_spec) or when no subarray partitioning
// fits the array.
SramEstimate estimate_sram(const SramSpec& spec);
// The same with other constants than the fitted ones (the constant fit tries candidates this way).
SramEstimate estimate_sram(const SramSpec& spec, const SramCalibration& cal);

// Checks a spec without modelling it; throws InputError naming the offending option.
void validate_sram_spec(const SramSpec& spec);

// Parses a port specification: tokens "[N]rw", "[N]r", "[N]w", optionally comma separated, e.g.
// "1rw", "rw", "2r1w", "2r,1w", "r,w", "1rw1r". Throws InputError("--ports", ...) otherwise.
PortCounts parse_port_spec(const std::string& text);
std::string port_spec_string(const PortCounts& p);  // canonical form, e.g. "2r1w", "1rw"

SramType parse_sram_type(const std::string& text);    // "ram" | "cache"
CellFamily parse_cell_family(const std::string& text); // "hp" | "lstp" (also "itrs-hp", "itrs-lstp")
const char* to_string(SramType t);

}  // namespace gpucosim::power
