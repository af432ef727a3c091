// H-tree model. The bundle (address lines and, per read and write port, one data line per bit)
// leaves the array's bottom edge, climbs a vertical trunk between the mat columns and branches
// along horizontal channels between mat rows. Channels cost area: a bundle of n lines at pitch p
// needs n p of room across it. Recursive bisection of M mats along one direction has log2 M
// levels; the first level's channel carries the whole bundle and each deeper level's branches,
// sharing the channel, add half the room of the level above, so the channel across that
// direction is n p (1 + 1/2 + ... ) = 2 n p (1 - 1/M) wide: nothing for one mat, n p for two,
// 1.5 n p for four (the geometry of the reference layouts: the routing width per bit of
// CACTI 7's data arrays grows as 1, 1.5, 1.75 from 2 to 8 mats). Wire energy, delay and repeater
// cost come from the repeated-wire design (circuit.h).
#include "power/htree.h"

#include <algorithm>
#include <cmath>

namespace gpucosim::power {

namespace {
constexpr double kActivity = 0.5;  // random data and addresses: half the lines toggle per access, C V^2 each

// Room a bisected channel takes across M mats, in units of one full bundle.
double channel_span(int mats) { return mats > 1 ? 2.0 * (1.0 - 1.0 / mats) : 0.0; }

int log2_int(int x) {
  int n = 0;
  while ((1 << (n + 1)) <= x) ++n;
  return n;
}
}  // namespace

HtreeResult model_htree(const Technology& t, const RepeatedWire& wire, const HtreeConfig& c) {
  HtreeResult r;
  const int mats_x = std::max(1, c.ndwl / 2), mats_y = std::max(1, c.ndbl / 2);
  const double mat_w = c.sub_width * (c.ndwl >= 2 ? 2 : 1), mat_h = c.sub_height * (c.ndbl >= 2 ? 2 : 1);
  const double core_w = c.ndwl * c.sub_width, core_h = c.ndbl * c.sub_height;
  const int readers = c.ports.readers(), writers = c.ports.writers(), ports = c.ports.total();
  const double lines = double(c.addr_bits) * ports + double(c.data_bits) * (readers + writers);
  const double pitch = t.global.pitch * t.cal.htree_channel_pitch;

  r.channel_width = lines * pitch * channel_span(mats_y);
  r.channel_height = lines * pitch * channel_span(mats_x);
  r.width = core_w + r.channel_width;
  r.height = core_h + r.channel_height;

  // From the middle of the bottom edge up to the farthest mat row and across to the farthest mat.
  const double rise = r.height - 0.5 * mat_h;
  const double across = 0.5 * (r.width - mat_w);
  r.path_length = rise + across;
  const int levels = log2_int(mats_x) + log2_int(mats_y);
  // Each branch point buffers the bundle into its branches (address in) or selects between them
  // (data out): one gate of about a fan-out-of-4 delay (5 tau) per level.
  r.delay_in = r.path_length * wire.delay_per_m + levels * 5.0 * t.tau();
  r.delay_out = r.delay_in;
  // The data bits of an access come from the active row of mats spread across the array's width
  // and leave at its bottom edge: each bit runs about the array's height (the trunk from its row,
  // and inside the mats from the subarray to the mat's edge) and its width (gathered along the
  // row, and inside the mats along the subarray channel): two parts with fitted factors. The address reaches every mat, each deciding from
  // it whether it is selected: it runs along the whole tree, whose length grows with the number
  // of mats.
  const double vertical = r.height, horizontal = r.width;
  double tree_len = rise;
  {
    int nx = mats_x, ny = mats_y;
    double w = r.width, h = r.height;
    long nodes = 1;
    while (nx > 1 || ny > 1) {
      double seg;
      if (nx >= ny) {
        seg = w / 4.0;
        w /= 2;
        nx /= 2;
      } else {
        seg = h / 4.0;
        h /= 2;
        ny /= 2;
      }
      nodes *= 2;
      tree_len += nodes * seg;
    }
  }
  (void)vertical;
  const double e_vertical = kActivity * c.data_bits * tree_len * wire.energy_per_m;
  const double e_horizontal = kActivity * c.data_bits * horizontal * wire.energy_per_m;
  const double e_addr = kActivity * c.addr_bits * tree_len * wire.energy_per_m;
  r.e_read = t.cal.htree_vertical_energy * e_vertical + t.cal.htree_horizontal_energy * e_horizontal +
             t.cal.htree_address_energy * e_addr;
  r.e_write = r.e_read;
  // Repeaters sit along every routed line: the channels' track length.
  const double track_len = lines * (rise + channel_span(mats_y) * core_h + channel_span(mats_x) * core_w);
  const double leak_factor = t.family == CellFamily::HighPerformance ? t.cal.leakage_hp : t.cal.leakage_lstp;
  r.leakage = track_len * wire.leakage_per_m * leak_factor;
  return r;
}

}  // namespace gpucosim::power
