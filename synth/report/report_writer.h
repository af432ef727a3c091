#pragma once
// `gpucosim report`: report.md and report.html with tables and SVG charts (area split logic vs
// SRAM, power split, GPU energy by component). The charts are also written as .svg files, which
// report.md links to (Markdown viewers do not render inline SVG) and report.html inlines.
#include <string>
#include <vector>

#include "synth/report/report_inputs.h"

namespace gpucosim::synth {

struct ReportFiles {
  std::string markdown, html;
  std::vector<std::string> charts;
};

// Writes into out_dir (created if needed). Throws InputError when there is nothing to report or a
// file cannot be written.
ReportFiles write_report(const ReportInputs& in, const std::string& out_dir);

}  // namespace gpucosim::synth
