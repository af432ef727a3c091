#pragma once
// Multiprogram metrics of a run (spec 003 §3.3, after Eyerman & Eeckhout), from each
// application's turnaround in the shared run (T_MP: mean over its finished runs, each from its
// arrival to its last kernel's end) and alone (T_SP, --solo-baselines):
//   NTT_i = T_MP_i / T_SP_i;  ANTT = mean NTT;  STP = sum T_SP_i / T_MP_i;
//   fairness = min over i,j of NP_i / NP_j with NP_i = T_SP_i / T_MP_i (1 = equal slowdowns).
#include <map>
#include <string>

#include "systemc/gpu/run_report.h"

namespace gpucosim {

// `solo`: solo turnaround per application label. Fills each AppReport's turnaround, solo and NTT
// and report.metrics; metrics stay invalid when an application has no finished run or no solo
// figure.
void compute_multiprogram_metrics(RunReport& report, const StatsMap& solo);

}  // namespace gpucosim
