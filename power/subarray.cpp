// Subarray model. Structure after the classic SRAM array analyses: Wada et al., "An Analytical
// Access Time Model for On-Chip Cache Memories" (IEEE JSSC 27(8), 1992), Wilton & Jouppi, "CACTI:
// An Enhanced Cache Access and Cycle Time Model" (IEEE JSSC 31(5), 1996, the published equations,
// not the tool's code) and Weste & Harris, "CMOS VLSI Design" 4th ed., ch. 12 (SRAM): decoders by
// logical effort, wordlines and bitlines as distributed RC lines, the bitline discharged by the
// cell read current to a sense swing, latch sense amplifiers.
#include "power/subarray.h"

#include <algorithm>
#include <cmath>

#include "power/circuit.h"

namespace gpucosim::power {

namespace {

constexpr double kSenseSwingFraction = 0.1;  // sense-amplifier input swing, fraction of Vdd
constexpr double kMinSenseSwing = 0.08;      // V; offset-limited floor
constexpr double kBitlineOverswing = 2.0;    // bitlines keep discharging while the SA resolves
constexpr double kPrechargeWidthF = 6.0;     // minimum precharge/equalise PMOS width (F)
constexpr double kMuxWidthF = 6.0;           // column-mux pass transistor width (F)
constexpr int kSenseAmpDevices = 10;         // latch SA with enable and isolation devices
constexpr double kSenseAmpWidthMin = 4.0;    // SA devices are 4x minimum: offset ~ 1/sqrt(WL) (Pelgrom)
constexpr int kWriteDriverDevices = 4;       // per bit: two inverters driving the pair
// Static data lines draw C V^2 from the supply only on a rising edge: p = 1/4 for random data.
constexpr double kDataActivity = 0.25;

int log2_ceil(int x) {
  int n = 0;
  while ((1 << n) < x) ++n;
  return n;
}

}  // namespace

CellGeometry cell_geometry(const Technology& t, const PortCounts& p) {
  const double f = t.feature;
  const double base_w = std::sqrt(t.cell.area_f2 / t.cell.aspect);  // 10 F for 146 F^2, 1.46
  const double base_h = base_w * t.cell.aspect;                      // 14.6 F
  const int extra = std::max(0, p.total() - 1);
  CellGeometry g;
  g.width = (base_w + 2.0 * extra * t.cell.port_track_f) * f;
  g.height = (base_h + 1.0 * extra * t.cell.port_track_f) * f;
  return g;
}

SubarrayResult model_subarray(const Technology& t, const SubarrayConfig& c) {
  SubarrayResult r;
  const double f = t.feature, vdd = t.dev.vdd, cg = t.dev.c_gate, cd = t.dev.c_drain;
  const double wmin = t.w_min();
  const double cin1 = 3.0 * wmin * cg;  // minimum inverter input capacitance
  const double i_off_n = t.dev.i_off;
  const double i_off_p = t.dev.i_off * t.dev.pmos_off_ratio;
  const CellGeometry cell = cell_geometry(t, c.ports);
  const double w_acc = t.cell.w_access_f * f, w_pd = t.cell.w_pulldown_f * f, w_pu = t.cell.w_pullup_f * f;
  const double w_mux = kMuxWidthF * f;
  const int mux = std::max(1, c.cols / std::max(1, c.sensed_bits));
  const double array_w = c.cols * cell.width, array_h = c.rows * cell.height;

  // --- Row decoder and wordline (per port) ---------------------------------------------------
  // Address bits split into 2-bit predecode groups; each predecoded line fans out to rows/4 row
  // gates, each row gate is a NAND of one line per group, then a driver chain to the wordline.
  const int addr_bits = std::max(1, log2_ceil(c.rows));
  const int groups = (addr_bits + 1) / 2;
  const double c_wl = c.cols * (2.0 * cg * w_acc + t.local.c_per_m * cell.width);
  const double r_wl = c.cols * cell.width * t.local.r_per_m;
  // Predecoder: a NAND2 per predecoded line, driving the line along the decoder strip and the
  // rows/4 row NANDs hanging on it (the branching is all here, not in the per-row path).
  const double g_row = (groups + 2.0) / 3.0;  // logical effort of a `groups`-input NAND
  const double c_row_in = g_row * cin1;       // minimum row NAND input
  const double predecode_len = array_h;
  const double c_predecode = t.local.c_per_m * predecode_len + std::max(1.0, c.rows / 4.0) * c_row_in;
  const BufferChain pre = size_buffer_chain(t, 4.0 * cin1, c_predecode, 4.0 / 3.0, 1.0, 2.0);
  // Row path: the row NAND and a driver chain to the wordline.
  const BufferChain dec = size_buffer_chain(t, c_row_in, c_wl, g_row, 1.0, groups);
  r.t_decode = pre.delay + 0.38 * t.local.r_per_m * t.local.c_per_m * predecode_len * predecode_len + dec.delay;
  r.t_wordline = 0.38 * r_wl * c_wl;
  const double e_decode = groups * pre.energy + dec.energy;
  double predecoder_width = 0;  // all 4*groups predecode drivers of the subarray
  for (double sw : pre.stage_width) predecoder_width += 4.0 * groups * sw;
  // Row strip: the row NAND and the driver chain sit side by side along the wordline direction,
  // NMOS in one half of the row pitch and PMOS in the other; wide devices fold.
  const double room_row = 0.45 * cell.height;
  double row_strip = 10.0 * f;  // N-well to P-well separation
  for (int g = 0; g < groups; ++g) row_strip += device_strip_length(t, 2.0 * wmin, room_row);
  for (double sw : dec.stage_width)
    row_strip += std::max(device_strip_length(t, sw / 3.0, room_row), device_strip_length(t, 2.0 * sw / 3.0, room_row));
  // Predecoded lines run along the strip; the predecoders spread along it too.
  const double row_periph_w = t.cal.row_periphery_area * (row_strip + t.transistor_area(predecoder_width) / array_h) +
                              4.0 * groups * t.local.pitch;

  // --- Bitline, column mux, sense amplifier (per port) ---------------------------------------
  const double swing = std::max(kMinSenseSwing, kSenseSwingFraction * vdd);
  const double c_bl_cells = c.rows * (cd * w_acc + t.local.c_per_m * cell.height);
  const double r_bl = c.rows * cell.height * t.local.r_per_m;
  const double i_cell = 0.5 * t.dev.i_on * w_acc;  // access and pull-down in series
  const double t_develop = c_bl_cells * swing / i_cell + 0.38 * r_bl * c_bl_cells;
  // Precharge devices are sized to restore the bitline within the time the read took to develop
  // the swing, so the array can cycle at the speed it reads (2.2 RC for a 90% restore).
  const double w_pre = std::max(kPrechargeWidthF * f, 2.2 * t.r_on_p(1.0) * c_bl_cells / t_develop);
  const double c_bl = c_bl_cells + cd * (3.0 * w_pre + w_mux);
  r.t_bitline = c_bl * swing / i_cell + 0.38 * r_bl * c_bl;
  const double c_sa = kSenseAmpDevices * kSenseAmpWidthMin * wmin * (cg + cd);
  double t_mux = 0;
  if (mux > 1) t_mux = 0.69 * t.r_on_n(w_mux) * (mux * cd * w_mux + c_sa);
  // A cross-coupled latch regenerates from the swing to full rail in ~ln(Vdd/swing) time constants.
  r.t_sense = t_mux + t.tau() * (2.0 * std::log(vdd / swing) + 2.0);
  r.t_precharge = 2.2 * t.r_on_p(w_pre) * c_bl;

  // Output drivers: from the sense amplifier (after the way multiplexer, if any) across half the
  // subarray to its edge, where the H-tree picks the bit up.
  const double out_wire = 0.5 * array_w;
  const BufferChain outd = size_buffer_chain(t, 2.0 * cin1, t.local.c_per_m * out_wire + 20.0 * cin1);
  r.t_out = outd.delay + rc_wire_delay(t.local, out_wire, t.r_on_n(wmin) / std::max(1.0, outd.stage_effort), 20.0 * cin1);

  const double e_bitlines_read = c.cols * c_bl * vdd * swing * kBitlineOverswing;
  const double e_precharge_ctl = c.cols * 3.0 * w_pre * cg * vdd * vdd;
  const double e_mux_ctl = mux > 1 ? (c.cols / double(mux)) * w_mux * cg * vdd * vdd : 0.0;
  const double e_sense = c.sensed_bits * c_sa * vdd * vdd;
  const double e_out = kDataActivity * c.out_bits * outd.energy;
  r.e_decode = e_decode;
  r.e_bitline = e_bitlines_read;
  r.e_column = e_precharge_ctl + e_mux_ctl;
  r.e_sense = e_sense;
  r.e_out = e_out;
  r.e_read = t.cal.decoder_energy * e_decode + t.cal.bitline_energy * (e_bitlines_read + e_precharge_ctl + e_mux_ctl) +
             t.cal.sense_energy * (e_sense + e_out);
  // A write drives the selected pairs full swing and half-selects the rest of the row.
  const int written = std::min(c.cols, c.out_bits);  // one block of columns
  const double e_bitlines_write = written * c_bl * vdd * vdd * 1.2 +  // 20% for the write driver itself
                                  (c.cols - written) * c_bl * vdd * swing * kBitlineOverswing;
  const double e_data_in = kDataActivity * c.out_bits * t.local.c_per_m * out_wire * vdd * vdd;
  r.e_write = t.cal.decoder_energy * e_decode +
              t.cal.bitline_energy * (e_bitlines_write + e_precharge_ctl + e_mux_ctl) + t.cal.sense_energy * e_data_in;

  // --- Leakage ----------------------------------------------------------------------------------
  // In a stored cell one pull-down, one pull-up and, per port, one access device (bitline
  // precharged high, storage node low) see the full supply.
  const double cell_leak = vdd * (i_off_n * w_pd + i_off_p * w_pu + c.ports.total() * i_off_n * w_acc);
  const double row_leak = c.ports.total() * (c.rows * (dec.leakage + vdd * i_off_n * groups * wmin) + 4.0 * groups * pre.leakage);
  const double sa_leak = vdd * i_off_n * 4.0 * wmin;                 // SA tail device off
  const double wd_leak = vdd * 0.5 * (i_off_n + i_off_p) * kWriteDriverDevices * 2.0 * wmin;
  const double col_leak = c.ports.readers() * (c.sensed_bits * sa_leak + c.out_bits * outd.leakage) +
                          c.ports.writers() * c.out_bits * wd_leak;
  const double leak_factor = t.family == CellFamily::HighPerformance ? t.cal.leakage_hp : t.cal.leakage_lstp;
  r.leakage = leak_factor * (c.rows * double(c.cols) * cell_leak + row_leak + col_leak);

  // --- Area -------------------------------------------------------------------------------------
  // Column strip: each circuit is packed into the width of the columns it serves (a precharge per
  // column, a sense amplifier per `mux` columns, a write and output driver per output bit).
  const int p = c.ports.total();
  auto packed = [&](double n_dev, double w, double room) {
    return std::ceil(n_dev * (w + 2.0 * f) / (0.9 * room)) * 1.5 * 4.0 * f;
  };
  const double cols_per_out = double(c.cols) / c.out_bits;
  double per_port_read = packed(3, w_pre, cell.width) + (mux > 1 ? packed(2, w_mux, cell.width) : 0.0) +
                         packed(kSenseAmpDevices, kSenseAmpWidthMin * wmin, mux * cell.width);
  if (c.sensed_bits > c.out_bits) per_port_read += packed(2, 2.0 * wmin, mux * cell.width);  // way mux
  for (double sw : outd.stage_width) per_port_read += packed(2, sw / 2.0, cols_per_out * cell.width);
  const double per_port_write = packed(kWriteDriverDevices, 4.0 * wmin, cols_per_out * cell.width);
  const double col_circuits = c.ports.readers() * per_port_read + c.ports.writers() * per_port_write +
                              (p - c.ports.readers()) * packed(3, w_pre, cell.width);  // write-only precharge
  // Data routing channel under the column circuits: the bits leaving the subarray run along it to
  // the mat's edge, one semi-global track per bit per read and per write port.
  const double channel = c.out_bits * (c.ports.readers() + c.ports.writers()) * t.global.pitch * t.cal.data_channel_pitch;
  const double col_periph_h = t.cal.column_periphery_area * col_circuits + channel;
  r.cell_area = c.rows * double(c.cols) * cell.area();
  r.width = array_w + p * row_periph_w;
  r.height = array_h + col_periph_h;
  return r;
}

}  // namespace gpucosim::power
