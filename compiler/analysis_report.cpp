// Text and JSON views of a KernelAnalysis.
#include "compiler/analysis_report.h"

#include <cstdio>

#include "kernel/input_error.h"

namespace gpucosim::compiler {
namespace {

std::string fixed2(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", v);
  return b;
}

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string lpad(const std::string& s, size_t width) { return s.size() < width ? std::string(width - s.size(), ' ') + s : s; }

std::string node_or_none(const ControlFlowGraph& cfg, int node) { return node < 0 ? "-" : cfg.name(node); }

nlohmann::ordered_json kernel_summary(const KernelAnalysis& a) {
  const KernelHeader& h = a.code.header();
  nlohmann::ordered_json j;
  j["kernel"] = h.name;
  j["id"] = h.id;
  j["binary_version"] = h.binary_version;
  j["instruction_size"] = a.code.instruction_size();
  j["static_instructions"] = a.code.size();
  j["basic_blocks"] = a.cfg.blocks().size();
  j["warps"] = a.code.warps();
  j["dynamic_instructions"] = a.code.dynamic_instructions();
  return j;
}

nlohmann::ordered_json names(const ControlFlowGraph& cfg, const std::vector<int>& nodes) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (int v : nodes) j.push_back(cfg.name(v));
  return j;
}

nlohmann::ordered_json register_list(const RegisterSet& s) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (uint8_t r : registers_of(s)) j.push_back(r);
  return j;
}

void cfg_json(const KernelAnalysis& a, nlohmann::ordered_json& j) {
  const ControlFlowGraph& cfg = a.cfg;
  nlohmann::ordered_json blocks = nlohmann::ordered_json::array();
  for (size_t b = 0; b < cfg.blocks().size(); ++b) {
    const BasicBlock& bb = cfg.blocks()[b];
    nlohmann::ordered_json e;
    e["name"] = cfg.name(int(b));
    e["start_pc"] = bb.start_pc;
    e["end_pc"] = bb.end_pc;
    e["instructions"] = bb.instructions();
    e["preds"] = names(cfg, cfg.preds(int(b)));
    e["succs"] = names(cfg, cfg.succs(int(b)));
    e["idom"] = node_or_none(cfg, a.dom.idom(int(b)));
    e["ipdom"] = node_or_none(cfg, a.post_dom.idom(int(b)));
    blocks.push_back(e);
  }
  j["blocks"] = blocks;
  nlohmann::ordered_json edges = nlohmann::ordered_json::array();
  for (const auto& [from, to] : cfg.edges()) edges.push_back({{"from", cfg.name(from)}, {"to", cfg.name(to)}});
  j["edges"] = edges;
}

void liveness_json(const KernelAnalysis& a, nlohmann::ordered_json& j) {
  const bool any = a.code.size() > 0;
  j["max_live"] = a.live.max_live();
  j["max_live_pc"] = any ? nlohmann::ordered_json(a.code[a.live.max_index()].pc) : nlohmann::ordered_json(nullptr);
  j["mean_live"] = a.live.mean_live();
  nlohmann::ordered_json pcs = nlohmann::ordered_json::array();
  for (size_t i = 0; i < a.code.size(); ++i) {
    nlohmann::ordered_json e;
    e["pc"] = a.code[i].pc;
    e["opcode"] = a.code[i].op.text;
    e["block"] = a.cfg.name(a.cfg.block_of(i));
    e["live"] = a.live.live_count(i);
    e["live_in"] = register_list(a.live.live_in(i));
    e["live_out"] = register_list(a.live.live_out(i));
    pcs.push_back(e);
  }
  j["pcs"] = pcs;
}

void print_cfg(std::ostream& os, const KernelAnalysis& a) {
  const ControlFlowGraph& cfg = a.cfg;
  os << "  block   start    end      insts  idom    ipdom   successors\n";
  for (size_t b = 0; b < cfg.blocks().size(); ++b) {
    const BasicBlock& bb = cfg.blocks()[b];
    std::string succ;
    for (int s : cfg.succs(int(b))) succ += (succ.empty() ? "" : " ") + cfg.name(s);
    os << "  " << pad(cfg.name(int(b)), 8) << pad(hex_pc(bb.start_pc), 9) << pad(hex_pc(bb.end_pc), 9)
       << lpad(std::to_string(bb.instructions()), 5) << "  " << pad(node_or_none(cfg, a.dom.idom(int(b))), 8)
       << pad(node_or_none(cfg, a.post_dom.idom(int(b))), 8) << succ << "\n";
  }
  std::string edges;
  for (const auto& [from, to] : cfg.edges()) edges += (edges.empty() ? "" : ", ") + cfg.name(from) + "->" + cfg.name(to);
  os << "  edges (" << cfg.edges().size() << "): " << (edges.empty() ? "-" : edges) << "\n";
}

void print_liveness(std::ostream& os, const KernelAnalysis& a) {
  os << "  pc       block   live   in  out  opcode              live-in\n";
  for (size_t i = 0; i < a.code.size(); ++i)
    os << "  " << pad(hex_pc(a.code[i].pc), 9) << pad(a.cfg.name(a.cfg.block_of(i)), 8)
       << lpad(std::to_string(a.live.live_count(i)), 4) << lpad(std::to_string(a.live.live_in(i).count()), 5)
       << lpad(std::to_string(a.live.live_out(i).count()), 5) << "  " << pad(a.code[i].op.text, 20)
       << to_string(a.live.live_in(i)) << "\n";
}

}  // namespace

AnalysisView parse_analysis_view(const std::string& text, const std::string& origin) {
  if (text == "cfg") return AnalysisView::Cfg;
  if (text == "liveness") return AnalysisView::Liveness;
  if (text == "regions") return AnalysisView::Regions;
  if (text == "values") return AnalysisView::Values;
  if (text.empty()) throw InputError(origin, 0, "missing analysis: expected cfg, liveness, regions or values");
  throw InputError(origin, 0, "unknown analysis '" + text + "': expected cfg, liveness, regions or values");
}

nlohmann::ordered_json analysis_json(const KernelAnalysis& a, AnalysisView view) {
  nlohmann::ordered_json j = kernel_summary(a);
  if (view == AnalysisView::Cfg)
    cfg_json(a, j);
  else
    liveness_json(a, j);
  return j;
}

void print_analysis_text(std::ostream& os, const KernelAnalysis& a, AnalysisView view) {
  const KernelHeader& h = a.code.header();
  os << "kernel " << h.id << ": " << h.name << "\n  " << a.code.size() << " static instructions ("
     << a.code.instruction_size() << " B each, binary version " << h.binary_version << "), " << a.cfg.blocks().size()
     << " basic blocks, " << a.code.warps() << " warps, " << a.code.dynamic_instructions() << " warp instructions\n";
  if (view == AnalysisView::Cfg)
    print_cfg(os, a);
  else
    print_liveness(os, a);
  os << "  live registers per PC: max " << a.live.max_live();
  if (a.code.size()) os << " at " << hex_pc(a.code[a.live.max_index()].pc);
  os << ", mean " << fixed2(a.live.mean_live()) << "\n";
}

}  // namespace gpucosim::compiler
