#pragma once
// The report's charts, built from the inputs (kept apart from the file writing so tests can check
// the numbers that go into each bar).
#include "synth/report/report_inputs.h"
#include "synth/report/svg_chart.h"

namespace gpucosim::synth {

StackedBarChart area_chart(const ReportInputs& in);    // per block: logic, SRAM (um^2 or mm^2)
StackedBarChart power_chart(const ReportInputs& in);   // per block: logic internal/switching/leakage, SRAM dynamic/leakage (mW)
StackedBarChart energy_chart(const ReportInputs& in);  // per energy report: components (nJ, uJ or mJ)

}  // namespace gpucosim::synth
