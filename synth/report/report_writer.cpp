// report.md / report.html writer (see report_writer.h).
#include "synth/report/report_writer.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernel/input_error.h"
#include "power/node_scaling.h"
#include "synth/report/report_charts.h"

namespace fs = std::filesystem;

namespace gpucosim::synth {

namespace {

std::string fmt(double v, int prec) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", prec, v);
  return buf;
}

std::string sci(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// One table, kept as cells so it can be written as Markdown and as HTML.
struct Table {
  std::vector<std::string> head;
  std::vector<std::vector<std::string>> rows;
};

std::string markdown(const Table& t) {
  std::ostringstream o;
  o << "|";
  for (const auto& h : t.head) o << " " << h << " |";
  o << "\n|";
  for (size_t i = 0; i < t.head.size(); ++i) o << "---|";
  o << "\n";
  for (const auto& r : t.rows) {
    o << "|";
    for (const auto& c : r) o << " " << c << " |";
    o << "\n";
  }
  return o.str();
}

std::string html(const Table& t) {
  std::ostringstream o;
  o << "<table>\n<tr>";
  for (const auto& h : t.head) o << "<th>" << xml_escape(h) << "</th>";
  o << "</tr>\n";
  for (const auto& r : t.rows) {
    o << "<tr>";
    for (const auto& c : r) o << "<td>" << xml_escape(c) << "</td>";
    o << "</tr>\n";
  }
  o << "</table>\n";
  return o.str();
}

Table block_table(const ReportInputs& in) {
  Table t{{"block", "node", "cells", "SRAM macros", "logic um^2", "SRAM um^2", "total mm^2", "setup slack ns",
           "hold slack ns", "fmax MHz", "power mW", "power from activity mW"},
          {}};
  for (const auto& b : in.blocks)
    t.rows.push_back({b.block, fmt(b.node_nm, 0) + " nm", std::to_string(b.cells), std::to_string(b.sram_macros),
                      fmt(b.logic_area_um2, 1), fmt(b.sram_area_um2, 1), fmt(b.total_area_um2 * 1e-6, 5),
                      fmt(b.worst_setup_slack_ns, 3), fmt(b.worst_hold_slack_ns, 3), fmt(b.fmax_mhz, 1),
                      fmt(b.power_mw, 3),
                      b.has_activity ? fmt(b.power_activity.power_mw, 3) + " (" + b.power_activity.workload + ")"
                                     : std::string("-")});
  return t;
}

Table scaled_table(const ReportInputs& in) {
  Table t{{"block", "node (estimate)", "total mm^2", "fmax MHz", "power mW"}, {}};
  for (const auto& b : in.blocks)
    for (const auto& s : b.scaled)
      t.rows.push_back({b.block, fmt(s.node_nm, 0) + " nm" + (s.interpolated ? " (interpolated)" : ""),
                        fmt(s.total_area_um2 * 1e-6, 5), fmt(s.fmax_mhz, 0), fmt(s.power_mw, 3)});
  return t;
}

Table energy_table(const ReportInputs& in) {
  Table t{{"run", "component", "events", "dynamic nJ", "leakage nJ", "total nJ"}, {}};
  for (const auto& [label, r] : in.energy) {
    for (const auto& c : r.components)
      t.rows.push_back({label, c.name, sci(c.events), sci(c.dynamic_nj), sci(c.leakage_nj), sci(c.total_nj())});
    t.rows.push_back({label, "total", "", sci(r.dynamic_nj()), sci(r.leakage_nj()),
                      sci(r.total_nj()) + " (" + sci(r.total_mj()) + " mJ, " + sci(r.average_power_w()) + " W avg)"});
  }
  return t;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw InputError(path, 0, "cannot write this file");
}

const char* const kSources =
    "Logic: Yosys + ABC onto the liberty, OpenSTA timing and power (default activity). SRAM macros: gpucosim's "
    "embedded SRAM model (docs/sram-model.md). Other nodes: estimates, logic scaled with ";

}  // namespace

ReportFiles write_report(const ReportInputs& in, const std::string& out_dir) {
  if (in.blocks.empty() && in.energy.empty()) throw InputError(out_dir, 0, "nothing to report: no synth.json and no energy report");
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) throw InputError(out_dir, 0, "cannot create the report folder: " + ec.message());

  struct Section {
    std::string title, file;
    StackedBarChart chart;
    Table table;
    std::string note;
  };
  std::vector<Section> sections;
  if (!in.blocks.empty()) {
    sections.push_back({"Area", "area.svg", area_chart(in), block_table(in), ""});
    sections.push_back({"Power", "power.svg", power_chart(in), Table{},
                        "Logic power from OpenSTA's report_power with its default switching activity; SRAM power "
                        "from the SRAM model's energy per access at the run's SRAM activity, plus leakage."});
    const Table scaled = scaled_table(in);
    if (!scaled.rows.empty())
      sections.push_back({"Scaled to other nodes (estimates)", "", {}, scaled,
                          std::string("Logic scaled with ") + power::stillmaker_citation() +
                              "; SRAM macros re-estimated by the SRAM model at each node; power at the same clock."});
  }
  if (!in.energy.empty())
    sections.push_back({"GPU energy", "energy.svg", energy_chart(in), energy_table(in),
                        "Per-event energies times the run's event counts (docs/gpu-energy.md)."});

  ReportFiles files;
  std::ostringstream md, ht;
  md << "# gpucosim area and power report\n\n" << kSources << power::stillmaker_citation() << ".\n\n";
  ht << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gpucosim area and power report</title>\n"
        "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}th{background:#f4f4f4}</style></head><body>\n"
     << "<h1>gpucosim area and power report</h1>\n<p>" << xml_escape(kSources) << xml_escape(power::stillmaker_citation())
     << ".</p>\n";
  for (const auto& s : sections) {
    md << "## " << s.title << "\n\n";
    ht << "<h2>" << xml_escape(s.title) << "</h2>\n";
    if (!s.file.empty()) {
      const std::string svg = render_svg(s.chart);
      const std::string path = (fs::path(out_dir) / s.file).string();
      write(path, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg);
      files.charts.push_back(path);
      md << "![" << s.chart.title << "](" << s.file << ")\n\n";
      ht << svg;
    }
    if (!s.note.empty()) {
      md << s.note << "\n\n";
      ht << "<p>" << xml_escape(s.note) << "</p>\n";
    }
    if (!s.table.rows.empty()) {
      md << markdown(s.table) << "\n";
      ht << html(s.table);
    }
  }
  ht << "</body></html>\n";
  files.markdown = (fs::path(out_dir) / "report.md").string();
  files.html = (fs::path(out_dir) / "report.html").string();
  write(files.markdown, md.str());
  write(files.html, ht.str());
  return files;
}

}  // namespace gpucosim::synth
