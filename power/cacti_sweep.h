#pragma once
// CACTI 7.0 sweep files (../shared/calibration/cacti7_*.csv) as SRAM specs with CACTI's figures,
// the deterministic train / held-out split the SRAM model is fitted and judged on, and the
// accuracy tally by part of the space. Used by the sram-accuracy benchmark, the constant fit and
// the held-out accuracy test.
#include <cstdint>
#include <string>
#include <vector>

#include "power/sram_model.h"

namespace gpucosim::power {

struct CactiRow {
  std::string id;      // config_id
  uint64_t line = 0;   // line in the CSV file (1 = header)
  SramSpec spec;
  bool ok = false;     // CACTI organised it (status == ok)
  double access_ns = 0, read_nj = 0, write_nj = 0, leakage_mw = 0, area_mm2 = 0;
  double data_area_efficiency_pct = 0;
  int ndwl = 0, ndbl = 0, nspd = 0;
};

// The fields of one line of a CACTI CSV (comma-separated, no quoting; a trailing '\r' dropped).
std::vector<std::string> split_csv_line(const std::string& line);

// Reads a CACTI sweep CSV (the columns of cacti7_reference_points.csv / cacti7_train.csv). Throws
// InputError(path, line, ...) for an unreadable file, a missing column or a malformed field.
std::vector<CactiRow> load_cacti_sweep(const std::string& path);

// Rows the model is judged on: CACTI organised them and the data array is at least 10 % cells (the
// calibration README: lower efficiencies are pathological organisations of CACTI's normal mode).
bool judged(const CactiRow& r);

// The split: a 64-bit FNV-1a hash of the row's key columns (type, size, block, associativity,
// ports, node, cell) decides; about half the rows are held out. Fixed, so every run and every
// machine splits the same way, and independent of row order and of the figures.
bool held_out(const CactiRow& r);

// Model / CACTI ratios for one row and whether they are within the acceptance bounds: area and read
// energy within 30 %, leakage within 2x.
struct RowAccuracy {
  double area = 0, read = 0, leakage = 0, access = 0;
  bool area_ok() const;
  bool read_ok() const;
  bool leakage_ok() const;
};
RowAccuracy compare(const SramEstimate& model, const CactiRow& cacti);

// The parts of the space accuracy is reported by.
std::string size_band(const SramSpec& s);  // "1-8 KB", "16-128 KB", "256 KB-2 MB"
std::string part_ports(const SramSpec& s); // "1rw", "2r1w", ...
std::string part_cell(const SramSpec& s);  // "hp", "lstp"
std::string part_type(const SramSpec& s);  // "ram", "cache"

struct AccuracyTally {
  int rows = 0, area_ok = 0, read_ok = 0, leakage_ok = 0;
  void add(const RowAccuracy& a);
  double area_fraction() const { return rows ? double(area_ok) / rows : 0.0; }
  double read_fraction() const { return rows ? double(read_ok) / rows : 0.0; }
  double leakage_fraction() const { return rows ? double(leakage_ok) / rows : 0.0; }
};

}  // namespace gpucosim::power
