#include "bench/multitasking_results_page.h"
#include "bench/page_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace gpucosim::bench::multitasking {
namespace {

std::string x2(double v) { return fmt("%.2fx", v); }
const AppResult* high(const MixRun* r) { return r && !r->apps.empty() ? &r->apps.back() : nullptr; }

// Mean cycles from an SM's reservation to its being free, over the SMs taken from the
// low-priority applications' kernels (all but the last application); 0 when none was taken.
double victim_latency(const Mix& m, const MixRun* r) {
  if (!r) return 0;
  double n = 0, c = 0;
  for (const KernelResult& k : r->kernels)
    if (k.app + 1 < m.apps.size()) n += k.sm_preemptions, c += k.preemption_cycles;
  return n > 0 ? c / n : 0;
}

std::string mech_short(const std::string& m) { return m == "context_switch" ? "CS" : m == "drain" ? "drain" : m; }

// Every run a check needs, or a note saying which is missing.
bool all_ok(std::initializer_list<const MixRun*> runs) {
  for (const MixRun* r : runs)
    if (!r || !r->ok || r->apps.empty()) return false;
  return true;
}

struct DssPoint {
  const Mix* mix = nullptr;
  const MixRun *fcfs = nullptr, *dss = nullptr;
  std::vector<size_t> shorts;
  size_t longest = 0;
  double short_gain = 0, long_gain = 0, fair_gain = 0, stp_cost = 0, antt_gain = 0;
  bool ok = false;
};

DssPoint dss_point(const Mix& m, const std::string& mech) {
  DssPoint p;
  p.mix = &m;
  p.fcfs = m.find("fcfs");
  p.dss = m.find("dss", mech);
  if (!all_ok({p.fcfs, p.dss}) || p.fcfs->apps.size() != p.dss->apps.size()) return p;
  const std::vector<AppResult>& a = p.fcfs->apps;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].solo > a[p.longest].solo) p.longest = i;
  std::vector<double> g;
  for (size_t i = 0; i < a.size(); ++i) {
    if (i == p.longest || a[i].solo > kShortShare * a[p.longest].solo) continue;
    p.shorts.push_back(i);
    if (p.dss->apps[i].ntt > 0) g.push_back(a[i].ntt / p.dss->apps[i].ntt);
  }
  if (g.empty() || p.dss->apps[p.longest].ntt <= 0 || p.dss->fairness <= 0 || p.fcfs->fairness <= 0 ||
      p.dss->stp <= 0 || p.dss->antt <= 0)
    return p;
  p.short_gain = geomean(g);
  p.long_gain = a[p.longest].ntt / p.dss->apps[p.longest].ntt;
  p.fair_gain = p.dss->fairness / p.fcfs->fairness;
  p.stp_cost = p.fcfs->stp / p.dss->stp;
  p.antt_gain = p.fcfs->antt / p.dss->antt;
  p.ok = true;
  return p;
}

}  // namespace

std::string MixRun::label() const {
  if (policy == "fcfs_sm") return "FCFS-SM";
  std::string p = policy == "ppq_shared" ? "PPQ-shared" : policy;
  if (policy != "ppq_shared")
    std::transform(p.begin(), p.end(), p.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  return mechanism.empty() ? p : p + "-" + mech_short(mechanism);
}

const MixRun* Mix::find(const std::string& policy, const std::string& mechanism) const {
  for (const MixRun& r : runs)
    if (r.policy == policy && r.mechanism == mechanism) return r.ok ? &r : nullptr;
  return nullptr;
}

int Summary::held() const {
  return int(std::count_if(checks.begin(), checks.end(), [](const Check& c) { return c.holds; }));
}

double hp_improvement(const Mix& m, const MixRun& r) {
  const AppResult* base = high(m.find("fcfs"));
  const AppResult* h = high(&r);
  return base && h && h->ntt > 0 ? base->ntt / h->ntt : 0;
}

Summary summarise(const Input& in) {
  Summary s;
  auto add = [&](std::string id, std::string what, std::string ours, std::string seed, bool holds) {
    s.checks.push_back(Check{std::move(id), std::move(what), std::move(ours), std::move(seed), holds});
  };

  // (a) long blocks: PPQ-CS < PPQ-drain < NPQ in high-priority NTT.
  {
    bool holds = false, any = false;
    std::string ours;
    for (const Mix& m : in.priority) {
      if (m.regime != Regime::LongBlocks) continue;
      const MixRun *npq = m.find("npq"), *cs = m.find("ppq", "context_switch"), *dr = m.find("ppq", "drain"),
                *fc = m.find("fcfs");
      if (!ours.empty()) ours += "; ";
      if (!all_ok({npq, cs, dr, fc})) {
        ours += m.name + ": a run failed";
        holds = false;
        any = true;
        continue;
      }
      const double lcs = victim_latency(m, cs), ldr = victim_latency(m, dr);
      const bool pre = lcs > 0 && ldr >= kMuchLonger * lcs;
      const bool order = exceeds(high(dr)->ntt, high(cs)->ntt) && exceeds(high(npq)->ntt, high(dr)->ntt);
      ours += m.name + ": high-priority NTT CS " + fmt("%.2f", high(cs)->ntt) + ", drain " + fmt("%.2f", high(dr)->ntt) +
              ", NPQ " + fmt("%.2f", high(npq)->ntt) + " (over FCFS " + x2(hp_improvement(m, *cs)) + " / " +
              x2(hp_improvement(m, *dr)) + " / " + x2(hp_improvement(m, *npq)) + "); SM preemption drain " +
              num(ldr) + " vs CS " + num(lcs) + " cycles" + (pre ? "" : " (blocks not much longer than a save)");
      holds = (any ? holds : true) && pre && order;
      any = true;
    }
    add("a", "High-priority turnaround, blocks much longer than a save: PPQ-CS better than PPQ-drain better than NPQ",
        any ? ours : "no long-block mix ran",
        "PPQ-CS 2x -> 15.6x, PPQ-drain 1.6x -> 6x over non-prioritised (2 -> 8 processes); CS gap largest against "
        "long-TB kernels (Fig. 5.4, AT-1, AT-3)",
        any && holds);
  }

  // (b) NPQ ~ 1.0x with two processes, against either non-prioritised baseline.
  for (const char* base : {"fcfs", "fcfs_sm"}) {
    bool holds = true, any = false;
    std::string ours;
    for (const Mix& m : in.priority) {
      if (m.processes() != 2) continue;
      const MixRun *npq = m.find("npq"), *b = m.find(base);
      if (!ours.empty()) ours += "; ";
      any = true;
      if (!all_ok({npq, b})) {
        ours += m.name + ": a run failed";
        holds = false;
        continue;
      }
      const double g = high(b)->ntt / high(npq)->ntt;
      ours += m.name + ": " + x2(g);
      holds = holds && std::fabs(g - 1.0) <= kNpqNeutral;
    }
    const bool shared = std::string(base) == "fcfs";
    add(shared ? "b1" : "b2",
        std::string("NPQ with two processes: high-priority NTT improvement over ") +
            (shared ? "FCFS (blocks of both applications may share an SM)" : "FCFS-SM (one kernel per SM)") +
            " about 1.0x (within " + fmt("%.0f", 100 * kNpqNeutral) + " %)",
        any ? ours : "no two-process mix ran", "no improvement with 2 processes, 1.1x -> 1.6x with 4 -> 8 (Fig. 5.4)",
        any && holds);
  }

  // (c) big contexts, short blocks: draining beats context switch.
  {
    bool h1 = true, h2 = true, any = false;
    std::string o1, o2;
    for (const Mix& m : in.priority) {
      if (m.regime != Regime::BigContext) continue;
      const MixRun *cs = m.find("ppq", "context_switch"), *dr = m.find("ppq", "drain");
      if (!o1.empty()) o1 += "; ", o2 += "; ";
      any = true;
      if (!all_ok({cs, dr})) {
        o1 += m.name + ": a run failed";
        o2 += m.name + ": a run failed";
        h1 = h2 = false;
        continue;
      }
      const double lcs = victim_latency(m, cs), ldr = victim_latency(m, dr);
      const bool pre = ldr >= 0 && lcs >= kMuchLonger * std::max(ldr, 1.0);
      o1 += m.name + ": high-priority NTT drain " + fmt("%.2f", high(dr)->ntt) + " vs CS " + fmt("%.2f", high(cs)->ntt) +
            "; SM preemption CS " + num(lcs) + " vs drain " + num(ldr) + " cycles" +
            (pre ? "" : " (saves not much longer than blocks)");
      o2 += m.name + ": ANTT drain " + fmt("%.3f", dr->antt) + " vs CS " + fmt("%.3f", cs->antt);
      h1 = h1 && pre && exceeds(high(cs)->ntt, high(dr)->ntt);
      h2 = h2 && pre && exceeds(cs->antt, dr->antt);
    }
    const std::string seed =
        "DSS + draining has lower ANTT than DSS + CS on mixes with kernels whose save time >> TB time "
        "(Fig. 5.7 crossover, AT-7)";
    add("c1", "Saves much longer than blocks: PPQ-drain gives the high-priority application a better turnaround than PPQ-CS",
        any ? o1 : "no big-context mix ran", seed, any && h1);
    add("c2", "Saves much longer than blocks: PPQ-drain gives a lower ANTT than PPQ-CS", any ? o2 : "no big-context mix ran",
        seed, any && h2);
  }

  // (d) DSS vs FCFS as the process count grows.
  {
    std::vector<const Mix*> mixes;
    for (const Mix& m : in.dss) mixes.push_back(&m);
    std::stable_sort(mixes.begin(), mixes.end(), [](const Mix* a, const Mix* b) { return a->processes() < b->processes(); });
    bool h1 = !mixes.empty(), h2 = h1, h3 = h1, h4 = mixes.size() >= 2;
    std::string o1, o2, o3, o4;
    for (const char* mech : {"context_switch", "drain"}) {
      std::string p1, p2, p3, p4;
      std::vector<double> fair;
      for (const Mix* m : mixes) {
        const DssPoint p = dss_point(*m, mech);
        const std::string n = std::to_string(m->processes()) + "p";
        auto sep = [](std::string& t) { t += t.empty() ? "" : ", "; };
        sep(p1), sep(p2), sep(p3), sep(p4);
        if (!p.ok) {
          p1 += n + " n/a", p2 += n + " n/a", p3 += n + " n/a", p4 += n + " n/a";
          h1 = h2 = h3 = h4 = false;
          continue;
        }
        p1 += n + " " + x2(p.short_gain);
        p2 += n + " " + x2(p.long_gain);
        p3 += n + " " + fmt("%.2f", p.fcfs->fairness) + " -> " + fmt("%.2f", p.dss->fairness);
        p4 += n + " " + x2(p.fair_gain);
        h1 = h1 && exceeds(p.short_gain, 1);
        h2 = h2 && exceeds(1, p.long_gain);
        h3 = h3 && exceeds(p.dss->fairness, p.fcfs->fairness);
        if (!fair.empty()) h4 = h4 && not_below(p.fair_gain, fair.back());
        fair.push_back(p.fair_gain);
      }
      if (fair.size() >= 2) h4 = h4 && exceeds(fair.back(), fair.front());
      const std::string tag = std::string(mech_short(mech)) + ": ";
      o1 += (o1.empty() ? "" : "; ") + tag + p1;
      o2 += (o2.empty() ? "" : "; ") + tag + p2;
      o3 += (o3.empty() ? "" : "; ") + tag + p3;
      o4 += (o4.empty() ? "" : "; ") + tag + p4;
    }
    add("d1", "DSS speeds short applications up over FCFS (geomean NTT improvement of the short ones > 1 at every "
              "process count, both mechanisms)",
        mixes.empty() ? "no DSS mix ran" : o1, "SHORT: CS 2.45x -> 4x, draining 2.2x -> 3.7x (Fig. 5.6)", h1);
    add("d2", "DSS slows the longest application down (NTT improvement < 1 at every process count, both mechanisms)",
        mixes.empty() ? "no DSS mix ran" : o2, "LONG: about 0.9x -> 0.55x with both mechanisms (Fig. 5.6)", h2);
    add("d3", "DSS raises fairness over FCFS (every process count, both mechanisms)", mixes.empty() ? "no DSS mix ran" : o3,
        "fairness improvement CS 1.1x -> 3.35x, draining 1.05x -> 2.7x (Fig. 5.8a)", h3);
    add("d4", "DSS's fairness improvement grows with the process count (never falls, and the largest count beats the "
              "smallest)",
        mixes.empty() ? "no DSS mix ran" : o4, "little gain at 2 processes, growing to 3.35x (CS) / 2.7x (draining) at 8",
        h4);
  }

  // (e) STP cost of each mechanism.
  {
    std::vector<double> cs, dr, scs, sdr;
    bool ok = !in.priority.empty();
    for (const Mix& m : in.priority) {
      const MixRun *npq = m.find("npq"), *c = m.find("ppq", "context_switch"), *d = m.find("ppq", "drain"),
                *sc = m.find("ppq_shared", "context_switch"), *sd = m.find("ppq_shared", "drain");
      if (!all_ok({npq, c, d, sc, sd}) || c->stp <= 0 || d->stp <= 0 || sc->stp <= 0 || sd->stp <= 0) {
        ok = false;
        continue;
      }
      cs.push_back(npq->stp / c->stp);
      dr.push_back(npq->stp / d->stp);
      scs.push_back(npq->stp / sc->stp);
      sdr.push_back(npq->stp / sd->stp);
    }
    const double gcs = geomean(cs), gdr = geomean(dr), gscs = geomean(scs), gsdr = geomean(sdr);
    add("e1", "PPQ exclusive: draining costs at least as much STP as context switch (STP degradation vs NPQ, geomean "
              "over the priority mixes)",
        ok ? "CS " + x2(gcs) + ", drain " + x2(gdr) : "a run failed",
        "CS 1.08x - 1.12x, draining 1.09x - 1.38x (Fig. 5.5a)", ok && not_below(gdr, gcs));
    add("e2", "PPQ shared (back-to-back) costs more STP than exclusive, with either mechanism",
        ok ? "CS " + x2(gscs) + " vs " + x2(gcs) + ", drain " + x2(gsdr) + " vs " + x2(gdr) : "a run failed",
        "higher overheads than exclusive, no figures (Fig. 5.5b, AT-5)", ok && exceeds(gscs, gcs) && exceeds(gsdr, gdr));
    std::vector<double> dcs, ddr;
    bool dok = !in.dss.empty();
    for (const Mix& m : in.dss) {
      const DssPoint a = dss_point(m, "context_switch"), b = dss_point(m, "drain");
      if (!a.ok || !b.ok) {
        dok = false;
        continue;
      }
      dcs.push_back(a.stp_cost);
      ddr.push_back(b.stp_cost);
    }
    add("e3", "DSS: context switch costs no more STP than draining (STP degradation vs FCFS, geomean over the DSS mixes)",
        dok ? "CS " + x2(geomean(dcs)) + ", drain " + x2(geomean(ddr)) : "a run failed",
        "CS 1.06x -> 1.34x, draining 1.08x -> 1.5x (Fig. 5.8b)", dok && not_below(geomean(ddr), geomean(dcs)));
  }

  // (f) measured save times beside the analytic model.
  {
    bool h1 = !in.saves.empty(), h2 = h1;
    std::string o1, o2;
    for (const SaveRow& r : in.saves) {
      if (!o1.empty()) o1 += "; ", o2 += "; ";
      if (!r.ok || r.preemptions <= 0 || r.blocks_per_sm <= 0 || in.clock_mhz <= 0) {
        o1 += r.workload + ": no context switch measured";
        o2 += r.workload + ": no context switch measured";
        h1 = h2 = false;
        continue;
      }
      const double model_block_bytes = r.context_bytes_per_sm / r.blocks_per_sm;
      // The mover moves whole 128-byte lines.
      o1 += r.kernel + " " + num(r.bytes_per_block()) + " B measured vs " + num(model_block_bytes) + " B model";
      h1 = h1 && std::fabs(r.bytes_per_block() - model_block_bytes) < 128;
      const double meas = r.measured_sm_cycles() / std::max(1.0, r.blocks_per_preemption());
      const double model = r.analytic_cycles(in.clock_mhz) / r.blocks_per_sm;
      o2 += r.kernel + " " + num(meas) + " cycles measured vs " + num(model) + " model (" + x2(meas / model) + ")";
      h2 = h2 && meas > 0 && meas <= kSaveModelFactor * model && meas >= model / kSaveModelFactor;
    }
    add("f1", "Context per block: bytes the context mover saved per preempted block = the analytic model's (to a "
              "128-byte line)",
        o1.empty() ? "no save measured" : o1, "registers x 4 B + shared memory per block (Table 5.2)", h1);
    add("f2", "Save time per preempted block, measured (SM reservation -> SM free, over the blocks it held) within a "
              "factor " + fmt("%.0f", kSaveModelFactor) + " of the analytic model",
        o2.empty() ? "no save measured" : o2, "2.75 - 16.20 us per SM on 13 SMs (Table 5.2)", h2);
  }
  return s;
}

std::string summary_text(const Summary& s) {
  std::ostringstream o;
  o << "Multitasking results: " << s.held() << " of " << s.checks.size() << " trends hold\n";
  for (const Check& c : s.checks)
    o << "  [" << (c.holds ? "holds" : "does not hold") << "] (" << c.id << ") " << c.what << ": " << c.ours << "\n";
  return o.str();
}

namespace {

void run_table(std::ostringstream& o, const Mix& m, const Input& in, bool priority) {
  o << "| run | ";
  for (size_t i = 0; i < m.apps.size(); ++i) o << "NTT app " << i + 1 << " | ";
  o << "ANTT | STP | fairness | " << (priority ? "high-priority NTT over FCFS | STP degradation vs NPQ | "
                                               : "ANTT over FCFS | STP degradation vs FCFS | ")
    << "blocks saved | saved / restored bytes | SMs preempted | mean SM preemption (cycles) | cycles |\n|---|";
  for (size_t i = 0; i < m.apps.size(); ++i) o << "---:|";
  o << "---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  const MixRun* base = priority ? m.find("npq") : m.find("fcfs");
  for (const MixRun& r : m.runs) {
    o << "| " << r.label() << " | ";
    if (!r.ok) {
      for (size_t i = 0; i < m.apps.size() + 10; ++i) o << (i ? " | " : "failed");
      o << " |\n";
      continue;
    }
    for (const AppResult& a : r.apps) o << fmt("%.3f", a.ntt) << " | ";
    double pre = 0, sb = 0, rb = 0, smp = 0, smc = 0;
    for (const KernelResult& k : r.kernels)
      pre += k.preemptions, sb += k.save_bytes, rb += k.restore_bytes, smp += k.sm_preemptions, smc += k.preemption_cycles;
    o << fmt("%.3f", r.antt) << " | " << fmt("%.3f", r.stp) << " | " << fmt("%.3f", r.fairness) << " | ";
    if (priority) o << x2(hp_improvement(m, r)) << " | ";
    else o << (base && r.antt > 0 ? x2(base->antt / r.antt) : "-") << " | ";
    o << (base && r.stp > 0 ? x2(base->stp / r.stp) : "-") << " | " << num(pre) << " | " << num(sb) << " / " << num(rb)
      << " | " << num(smp) << " | " << (smp > 0 ? num(smc / smp) : "-") << " | " << num(r.cycles) << " |\n";
  }
  (void)in;
}

}  // namespace

std::string results_page(const Input& in, const Summary& s) {
  std::ostringstream o;
  o << "# Multiprogrammed GPU results (seed 003, chapter 5)\n\n";
  o << "<!-- Generated by `" << in.command << "`; do not edit by hand. -->\n\n";
  if (in.quick) o << "**Quick check on tiny mixes (`--quick`): not the page's figures.**\n\n";
  o << "Built-in kernel mixes run through `gpucosim run` with " << in.config << " (" << fmt("%.0f", in.sms)
    << " SMs, core clock " << fmt("%.0f", in.clock_mhz)
    << " MHz), each under the scheduling policies of seed 003 (`-gpucosim_sched_policy`, "
       "`-gpucosim_preemption`; docs/multitasking.md). Every application's solo turnaround comes from a run of "
       "it alone under FCFS on the same GPU, given to the shared runs with `--solo-baselines FILE`; NTT, ANTT, "
       "STP and fairness are the CLI's (spec 003 §3.3). The seed ran Parboil applications on 13 SMs with 2 to 8 "
       "processes; we run small built-in kernels, so the comparison is of trends, each with a verdict computed "
       "from the figures below.\n\n";
  o << "## Trends\n\n" << s.held() << " of " << s.checks.size() << " trends hold.\n\n";
  o << "| | trend | ours | seed | verdict |\n|---|---|---|---|---|\n";
  for (const Check& c : s.checks)
    o << "| " << c.id << " | " << c.what << " | " << c.ours << " | " << c.seed << " | "
      << (c.holds ? "holds" : "**does not hold**") << " |\n";
  o << "\nThresholds: a regime is *much longer* at " << fmt("%.0f", kMuchLonger)
    << "x (SM preemption latency, reservation to SM free: draining waits for the resident blocks, context switch "
       "for the precise point and the save); NPQ is *about 1.0x* within "
    << fmt("%.0f", 100 * kNpqNeutral) << " %; in a DSS mix the application with the longest solo turnaround is "
    << "*long* and those at most " << fmt("%.0f", 100 * kShortShare)
    << " % of it are *short*; the save model *agrees* within a factor " << fmt("%.0f", kSaveModelFactor)
    << ". Two figures compare (better, more, less, grows) only when they differ by more than "
    << fmt("%.0f", 100 * kMargin) << " %; *at least* and *no more than* allow that much. What makes a trend "
       "hold or not here (our `fcfs` shares SMs, one kernel per application, two-application STP): "
       "[multitasking.md](../multitasking.md#results-seed-003s-trends-on-the-mixes).\n\n";

  o << "## Priority mixes (NPQ and PPQ)\n\n";
  o << "The last application of each mix has priority 1 and arrives after the first has filled the GPU; the "
       "others have priority 0. FCFS is the non-prioritised baseline (the same mix without priorities). "
       "*NTT over FCFS* is the high-priority application's NTT under FCFS divided by its NTT in the run "
       "(Fig. 5.4's turnaround improvement); *STP degradation* is NPQ's STP over the run's (Fig. 5.5). "
       "*FCFS-SM* is first come, first served at SM granularity (NPQ with equal priorities: each SM runs one "
       "kernel), the seed's baseline, which does not share an SM between processes (spec 003 §2.1); our "
       "`fcfs` lets blocks of several applications share an SM when they fit.\n\n";
  for (const Mix& m : in.priority) {
    o << "### " << m.name << (m.regime == Regime::LongBlocks ? " (long blocks, small context)" : " (short blocks, big context)")
      << "\n\n";
    for (size_t i = 0; i < m.apps.size(); ++i) {
      const MixRun* f = m.find("fcfs");
      o << "* app " << i + 1 << ": `" << m.apps[i] << "`";
      if (f && i < f->apps.size()) o << ", solo " << num(f->apps[i].solo) << " cycles";
      o << "\n";
    }
    o << "\n";
    run_table(o, m, in, true);
    o << "\n";
  }

  o << "## DSS against FCFS as the process count grows\n\n";
  o << "All applications arrive together and run `repeat=3` (relaunched while another is unfinished, spec 003 "
       "§3.3's replay); DSS with equal sharing. *ANTT over FCFS* is FCFS's ANTT over the run's; *STP "
       "degradation* FCFS's STP over the run's (Fig. 5.8).\n\n";
  for (const Mix& m : in.dss) {
    o << "### " << m.processes() << " processes: " << m.name << "\n\n";
    const DssPoint p = dss_point(m, "context_switch");
    for (size_t i = 0; i < m.apps.size(); ++i) {
      const MixRun* f = m.find("fcfs");
      o << "* app " << i + 1 << ": `" << m.apps[i] << "`";
      if (f && i < f->apps.size()) o << ", solo " << num(f->apps[i].solo) << " cycles";
      if (p.ok) {
        if (i == p.longest) o << " (long)";
        else if (std::find(p.shorts.begin(), p.shorts.end(), i) != p.shorts.end()) o << " (short)";
      }
      o << "\n";
    }
    o << "\n";
    run_table(o, m, in, false);
    o << "\n";
  }

  o << "## Context save: measured beside the analytic model\n\n";
  o << "Measured in each priority mix's PPQ-CS run on the low-priority kernel: the context bytes the SM's context "
       "mover wrote per preempted block (`save_bytes / preemptions`), and the time from an SM's reservation until "
       "its last block's context has left it (`preemption_cycles / sm_preemptions`), divided by the blocks it held "
       "(`preemptions / sm_preemptions`). The model is `gpucosim analyze save-time --control-bytes-per-warp 32` "
       "on the same configuration (32 B of control state per warp, as the mover saves): the blocks of a full SM "
       "at the SM's share of the DRAM bandwidth. The PPQ-drain column is the same latency under draining: the "
       "rest of the resident blocks' run.\n\n";
  o << "| kernel | workload | blocks/SM (model) | blocks per SM preemption | bytes/block measured | bytes/block "
       "model | SM preemption CS (cycles) | per block measured (cycles) | per block model (cycles) | measured / "
       "model | model per SM (us) | SM preemption drain (cycles) |\n"
       "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const SaveRow& r : in.saves) {
    if (!r.ok) {
      o << "| " << r.kernel << " | `" << r.workload << "` | failed | | | | | | | | | |\n";
      continue;
    }
    const double meas = r.measured_sm_cycles() / std::max(1.0, r.blocks_per_preemption());
    const double model = r.blocks_per_sm > 0 ? r.analytic_cycles(in.clock_mhz) / r.blocks_per_sm : 0;
    o << "| " << r.kernel << " | `" << r.workload << "` | " << fmt("%.0f", r.blocks_per_sm) << " | "
      << fmt("%.1f", r.blocks_per_preemption()) << " | " << num(r.bytes_per_block()) << " | "
      << num(r.blocks_per_sm > 0 ? r.context_bytes_per_sm / r.blocks_per_sm : 0) << " | " << num(r.measured_sm_cycles())
      << " | " << num(meas) << " | " << num(model) << " | " << (model > 0 ? x2(meas / model) : "-") << " | "
      << fmt("%.2f", r.save_us) << " | " << num(r.drain_sm_cycles()) << " |\n";
  }
  o << "\n";
  return o.str();
}

}  // namespace gpucosim::bench::multitasking
