// The SRAM model's fitted constants. Produced by `gpucosim-bench sram-fit` (bench/sram_fit_bench.cpp)
// on the training half of ../shared/calibration/cacti7_train.csv; `gpucosim-bench sram-accuracy`
// reports how they do on the held-out half. Re-run the fit and paste its output here when the
// model's equations change.
#include "power/calibration.h"

namespace gpucosim::power {

const SramCalibration& fitted_calibration() {
  static const SramCalibration c = [] {
    SramCalibration k;
    k.drive_factor = 6.882;
    k.wire_resistance = 1;
    k.port_track_f = 3.247;
    k.row_periphery_area = 1.491;
    k.column_periphery_area = 0.4723;
    k.data_channel_pitch = 1.077;
    k.htree_channel_pitch = 0.8605;
    k.decoder_energy = 1.387;
    k.bitline_energy = 0.2629;
    k.sense_energy = 0.1676;
    k.htree_vertical_energy = 0.5914;
    k.htree_horizontal_energy = 0.7593;
    k.htree_address_energy = 1.237;
    k.leakage_hp = 0.3843;
    k.leakage_lstp = 0.1677;
    k.ioff_hp_90nm = 19.23;
    k.search_delay_slack = 0.2125;
    k.search_area_slack = 1.9;
    return k;
  }();
  return c;
}

}  // namespace gpucosim::power
