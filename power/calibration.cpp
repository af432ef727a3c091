// The SRAM model's fitted constants. Produced by `gpucosim-bench sram-fit` (bench/sram_fit_bench.cpp)
// on the training half of ../shared/calibration/cacti7_train.csv; `gpucosim-bench sram-accuracy`
// reports how they do on the held-out half. Re-run the fit and paste its output here when the
// model's equations change.
#include "power/calibration.h"

namespace gpucosim::power {

const SramCalibration& fitted_calibration() {
  static const SramCalibration c = [] {
    SramCalibration k;
    k.drive_factor = 2.361;
    k.wire_resistance = 4.881;
    k.port_track_f = 3.687;
    k.row_periphery_area = 0.5753;
    k.column_periphery_area = 0.6011;
    k.data_channel_pitch = 1.277;
    k.htree_channel_pitch = 1.027;
    k.decoder_energy = 1.69;
    k.bitline_energy = 0.3912;
    k.sense_energy = 0.3987;
    k.htree_vertical_energy = 0.6661;
    k.htree_horizontal_energy = 0.7893;
    k.htree_address_energy = 0.05421;
    k.leakage_hp = 0.3889;
    k.leakage_lstp = 0.1606;
    k.ioff_hp_90nm = 18.92;
    k.search_delay_slack = 0.7878;
    k.search_area_slack = 2;
    k.search_area_weight = 1.297;
    return k;
  }();
  return c;
}

}  // namespace gpucosim::power
