// H-tree model: recursive bisection of the subarray grid. At each level the parent's centre is
// joined to its two children's centres (a quarter of the parent region's extent away). Splitting
// across the active row of subarrays (the wordline direction) halves the data bits each branch
// carries; splitting across bitline direction does not, since only one of the halves is active.
// The address is broadcast to every subarray (each decodes its own wordlines); the data bits of
// an access travel one root-to-leaf path. Wire energy, delay and repeater cost come from the
// repeated-wire design (circuit.h).
#include "power/htree.h"

#include <cmath>

#include "power/calibration.h"

namespace gpucosim::power {

namespace {
constexpr double kActivity = 0.5;  // random data and addresses: half the lines toggle per access, C V^2 each
}

HtreeResult model_htree(const Technology& t, const RepeatedWire& wire, const HtreeConfig& c) {
  HtreeResult r;
  const double grid_w = c.ndwl * c.sub_width;
  const double grid_h = c.ndbl * c.sub_height;
  const int readers = c.ports.readers(), writers = c.ports.writers(), ports = c.ports.total();

  // Root: from the middle of the bottom edge to the grid centre, carrying everything.
  double path = 0.5 * grid_h;
  double addr_wire_len = 0.5 * grid_h;  // summed over the segments the address drives
  double track_len = (double(c.addr_bits) * ports + double(c.data_bits) * (readers + writers)) * 0.5 * grid_h;

  int nx = c.ndwl, ny = c.ndbl;
  double w = grid_w, h = grid_h;
  long nodes = 1;        // nodes at the current level
  long data_split = 1;   // how many ways the data bits have been divided so far
  int levels = 0;
  while (nx > 1 || ny > 1) {
    const bool split_x = nx >= ny;
    double seg;
    if (split_x) {
      seg = w / 4.0;
      w /= 2;
      nx /= 2;
      data_split *= 2;
    } else {
      seg = h / 4.0;
      h /= 2;
      ny /= 2;
    }
    nodes *= 2;
    ++levels;
    path += seg;
    addr_wire_len += nodes * seg;  // the address is broadcast to every subarray
    const double data_per_seg = double(c.data_bits) / data_split;
    track_len += nodes * seg * (double(c.addr_bits) * ports + data_per_seg * (readers + writers));
  }

  r.path_length = path;
  // Each branch point buffers the bundle into its two branches (address in) or selects between them
  // (data out): one gate of about a fan-out-of-4 delay (5 tau) per level.
  r.delay_in = path * wire.delay_per_m + levels * 5.0 * t.tau();
  r.delay_out = r.delay_in;
  const double e_addr = kActivity * c.addr_bits * addr_wire_len * wire.energy_per_m;
  const double e_data = kActivity * c.data_bits * path * wire.energy_per_m;
  r.e_read = calib::kWireEnergyFactor * (e_addr + e_data);
  r.e_write = r.e_read;
  r.leakage = track_len * wire.leakage_per_m *
              (t.family == CellFamily::HighPerformance ? calib::kLeakageFactorHp : calib::kLeakageFactorLstp);
  r.wire_area = track_len * (calib::kHtreeChannelFraction * t.global.pitch + wire.area_per_m);

  // Spread the routing area over both dimensions, keeping the grid's aspect ratio.
  const double grid_area = grid_w * grid_h;
  const double s = std::sqrt((grid_area + r.wire_area) / grid_area);
  r.width = grid_w * s;
  r.height = grid_h * s;
  return r;
}

}  // namespace gpucosim::power
