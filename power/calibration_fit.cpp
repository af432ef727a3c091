#include "power/calibration_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>

#include "power/sram_model.h"

namespace gpucosim::power {

const std::vector<FitParameter>& fit_parameters() {
  static const std::vector<FitParameter> p = {
      {"drive_factor", &SramCalibration::drive_factor, 0.5, 8},
      {"wire_resistance", &SramCalibration::wire_resistance, 0.1, 30},
      {"port_track_f", &SramCalibration::port_track_f, 1, 10},
      {"row_periphery_area", &SramCalibration::row_periphery_area, 0.3, 4},
      {"column_periphery_area", &SramCalibration::column_periphery_area, 0.3, 4},
      {"data_channel_pitch", &SramCalibration::data_channel_pitch, 0.2, 4},
      {"htree_channel_pitch", &SramCalibration::htree_channel_pitch, 0.2, 4},
      {"decoder_energy", &SramCalibration::decoder_energy, 0.01, 20},
      {"bitline_energy", &SramCalibration::bitline_energy, 0.01, 20},
      {"sense_energy", &SramCalibration::sense_energy, 0.01, 20},
      {"htree_vertical_energy", &SramCalibration::htree_vertical_energy, 0.01, 20},
      {"htree_horizontal_energy", &SramCalibration::htree_horizontal_energy, 0.01, 20},
      {"htree_address_energy", &SramCalibration::htree_address_energy, 0.01, 20},
      {"leakage_hp", &SramCalibration::leakage_hp, 0.05, 3},
      {"leakage_lstp", &SramCalibration::leakage_lstp, 0.02, 3},
      {"ioff_hp_90nm", &SramCalibration::ioff_hp_90nm, 5, 100},
      {"search_delay_slack", &SramCalibration::search_delay_slack, 0.0, 2},
      {"search_area_slack", &SramCalibration::search_area_slack, 0.0, 2},
      {"search_area_weight", &SramCalibration::search_area_weight, 0.0, 4},
  };
  return p;
}

namespace {
// A smooth step at |log ratio| = log(bound): about 1 outside, 0 inside.
double outside(double ratio, double bound, double softness) {
  const double x = (std::fabs(std::log(ratio)) - std::log(bound)) / softness;
  return 1.0 / (1.0 + std::exp(-x));
}
}  // namespace

double fit_loss(const SramCalibration& cal, const std::vector<CactiRow>& rows) {
  // Each port configuration weighs as much as the others in total, whatever its share of rows:
  // the fit must serve multi-ported arrays as well as the common single-ported ones.
  std::map<std::string, int> per_ports;
  for (const CactiRow& r : rows) ++per_ports[port_spec_string(r.spec.ports)];
  double loss = 0;
  for (const CactiRow& r : rows) {
    const double w = double(rows.size()) / (per_ports.size() * per_ports[port_spec_string(r.spec.ports)]);
    const RowAccuracy a = compare(estimate_sram(r.spec, cal), r);
    const double la = std::log(a.area), le = std::log(a.read), ll = std::log(a.leakage);
    loss += w * (outside(a.area, 1.3, 0.03) + outside(a.read, 1.3, 0.03) + outside(a.leakage, 2.0, 0.05));
    // Access time is not an acceptance figure, but a model that is as fast or slow as the
    // reference picks its organisations for the same reasons: a light pull towards it.
    const double lt = std::log(a.access);
    loss += w * (0.3 * (la * la + le * le) + 0.05 * ll * ll + 0.05 * lt * lt);
  }
  return loss;
}

namespace {

SramCalibration coordinate_search(const std::vector<CactiRow>& rows, SramCalibration best, int rounds,
                                  const std::function<void(const std::string&)>& progress) {
  double best_loss = fit_loss(best, rows);
  double step = 0.2;  // in log units (additive for the slacks)
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    for (const FitParameter& p : fit_parameters()) {
      for (double dir : {+1.0, -1.0}) {
        for (;;) {
          SramCalibration c = best;
          double& v = c.*p.member;
          const bool additive = p.lo <= 0.0;
          v = additive ? v + dir * step : v * std::exp(dir * step);
          if (v < p.lo || v > p.hi) break;
          const double l = fit_loss(c, rows);
          if (!(l < best_loss - 1e-9)) break;
          best = c;
          best_loss = l;
          improved = true;
          if (progress) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "round %d step %.3f: %s = %.4g, loss %.3f", round, step, p.name,
                          best.*p.member, best_loss);
            progress(buf);
          }
        }
      }
    }
    if (!improved) step /= 2;
    if (step < 0.01) break;
  }
  return best;
}

// A fixed-seed linear congruential generator: the fit is the same on every run and machine.
struct Lcg {
  uint64_t state;
  double uniform() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return double(state >> 11) * (1.0 / 9007199254740992.0);
  }
  double normal() {  // Box-Muller
    const double u1 = std::max(uniform(), 1e-12), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
};

}  // namespace

SramCalibration fit_calibration(const std::vector<CactiRow>& rows, SramCalibration best, int rounds,
                                const std::function<void(const std::string&)>& progress) {
  // A local coordinate search from the start, then restarts from random perturbations of the best
  // so far (the organisation search makes the loss a staircase with many local minima); a
  // restart's result replaces the best only when its loss is lower.
  best = coordinate_search(rows, best, rounds, progress);
  double best_loss = fit_loss(best, rows);
  Lcg rng{20240611};
  for (int restart = 0; restart < rounds; ++restart) {
    SramCalibration c = best;
    for (const FitParameter& p : fit_parameters()) {
      double& v = c.*p.member;
      v = p.lo <= 0.0 ? v + 0.2 * rng.normal() : v * std::exp(0.3 * rng.normal());
      v = std::min(p.hi, std::max(p.lo, v));
    }
    c = coordinate_search(rows, c, 8, nullptr);
    const double l = fit_loss(c, rows);
    if (progress) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "restart %d: loss %.3f (best %.3f)", restart, l, std::min(l, best_loss));
      progress(buf);
    }
    if (l < best_loss) {
      best = c;
      best_loss = l;
    }
  }
  return best;
}

}  // namespace gpucosim::power
