#include "sweep/sweep_points.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "sweep/sha256.h"
#include "systemc/config/config_build.h"
#include "systemc/config/option_set.h"

namespace gpucosim::sweep {

namespace fs = std::filesystem;

namespace {

// What identifies a trace's contents without reading them all: each file of a kernelslist.g's
// folder (or the one .traceg) with its size and modification time.
nlohmann::json trace_signature(const std::string& path) {
  std::vector<fs::path> files;
  std::error_code ec;
  const fs::path p(path);
  if (p.filename() == "kernelslist.g") {
    for (fs::directory_iterator it(p.parent_path(), ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path());
  } else {
    files.push_back(p);
  }
  std::sort(files.begin(), files.end());
  nlohmann::json sig = nlohmann::json::array();
  for (const fs::path& f : files) {
    const auto size = fs::file_size(f, ec);
    const auto mtime = fs::last_write_time(f, ec).time_since_epoch().count();
    sig.push_back({f.filename().string(), uint64_t(size), int64_t(mtime)});
  }
  return sig;
}

// Every option's final value, in registry order, then the accepted-but-not-modelled ones.
nlohmann::json option_values(const OptionSet& o) {
  nlohmann::json v = nlohmann::json::array();
  for (const OptionEntry& e : o.modelled()) v.push_back(e.name + "=" + e.value);
  for (const OptionEntry& e : o.unmodelled()) v.push_back(e.name + "=" + e.value);
  return v;
}

// A trace folder's name may hold anything; a point folder's name holds [A-Za-z0-9_.-] only.
std::string folder_safe(const std::string& s) {
  std::string o;
  for (char c : s) o += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' ? c : '_';
  return o.empty() ? "trace" : o;
}

std::string number_text(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

const SweepInput& point_input(const SweepSpec& spec, const SweepPoint& p) { return spec.groups[p.group].inputs[p.input]; }
const SweepConfig& point_config(const SweepSpec& spec, const SweepPoint& p) {
  return spec.groups[p.group].configs[p.config];
}

std::string describe_point(const SweepSpec& spec, const SweepPoint& p) {
  std::string s = point_input(spec, p).text;
  if (spec.groups[p.group].configs.size() > 1) s += " config=" + point_config(spec, p).text;
  for (const auto& [k, v] : p.coords) s += " " + k + "=" + v;
  return s;
}

namespace {

constexpr size_t kTooMany = size_t(-1);
// a * b, or kTooMany where it does not fit in 64 bits (it wrapped before: 16 axes of 16 values
// made a sweep of 0 points).
size_t bounded_product(size_t a, size_t b) {
  size_t p = 0;
  if (a == kTooMany || b == kTooMany || __builtin_mul_overflow(a, b, &p)) return kTooMany;
  return p;
}

// Appends the points of one document.
void plan_group(const SweepSpec& spec, size_t gi, std::vector<SweepPoint>& points, std::map<std::string, size_t>& by_hash) {
  const SweepGroup& g = spec.groups[gi];
  // The varying dimensions: each axis, then each zip group (its options move together).
  struct Dim {
    std::vector<const SweepAxis*> options;
    size_t size;
  };
  std::vector<Dim> dims;
  for (const SweepAxis& a : g.axes) dims.push_back({{&a}, a.values.size()});
  for (const SweepZip& z : g.zips) {
    Dim d{{}, z.options.front().values.size()};
    for (const SweepAxis& a : z.options) d.options.push_back(&a);
    dims.push_back(d);
  }
  // Counted before anything is built, with a bound: a product of axes can exceed what a sweep can
  // run (or wrap a 64-bit count to a small number that would plan the wrong points).
  size_t combos = 1;
  for (const Dim& d : dims) combos = bounded_product(combos, d.size);
  size_t total = bounded_product(bounded_product(combos, g.inputs.size()), g.configs.size());
  if (total != kTooMany && __builtin_add_overflow(total, points.size(), &total)) total = kTooMany;
  if (total > kMaxSweepPoints)
    throw InputError(spec.file, g.line_of_axes ? g.line_of_axes : g.line,
                     "the sweep has " + (total == kTooMany ? std::string("more than 2^64") : std::to_string(total)) +
                         " points (inputs x configs x axis values" + (gi > 0 ? ", with the documents before" : "") +
                         "): expected at most " + std::to_string(kMaxSweepPoints) + "; split it into several sweeps");

  // Base option sets, one per config, loaded once.
  std::vector<OptionSet> bases;
  for (const SweepConfig& c : g.configs) {
    OptionSet o;
    o.load_file(c.file);
    for (const SweepSet& s : g.sets) o.apply_set(s.option + "=" + s.value);
    bases.push_back(std::move(o));
  }
  std::vector<nlohmann::json> input_ids;
  for (const SweepInput& in : g.inputs) {
    nlohmann::json id = {{"kind", in.is_trace ? "trace" : "workload"}, {"input", in.canonical}};
    if (in.is_trace) id["files"] = trace_signature(in.canonical);
    input_ids.push_back(id);
  }

  for (size_t i = 0; i < g.inputs.size(); ++i)
    for (size_t c = 0; c < g.configs.size(); ++c)
      for (size_t n = 0; n < combos; ++n) {
        SweepPoint p;
        p.index = points.size();
        p.group = gi;
        p.input = i;
        p.config = c;
        // Mixed-radix digits of n, the first dimension most significant.
        std::vector<size_t> digit(dims.size());
        size_t rest = n;
        for (size_t d = dims.size(); d-- > 0;) {
          digit[d] = rest % dims[d].size;
          rest /= dims[d].size;
        }
        for (size_t d = 0; d < dims.size(); ++d)
          for (const SweepAxis* a : dims[d].options) p.coords.emplace_back(a->option, a->values[digit[d]].value);

        OptionSet options = bases[c];
        try {
          for (const auto& [k, v] : p.coords) options.apply_set(k + "=" + v);
          build_gpu_config(options);
        } catch (const InputError& e) {
          throw InputError(spec.file, g.line_of_axes,
                           "point " + std::to_string(p.index) + " (" + describe_point(spec, p) + "): " + e.what());
        }
        nlohmann::json key = {{"input", input_ids[i]}, {"options", option_values(options)}};
        key["energy_node_nm"] = spec.energy_node_nm ? nlohmann::json(*spec.energy_node_nm) : nlohmann::json();
        key["stats_interval"] = spec.stats_interval;
        p.key = key.dump();
        p.hash = sha256_hex(p.key);
        p.folder = folder_safe(g.inputs[i].name) + "-" + p.hash.substr(0, 16);
        auto [it, fresh] = by_hash.emplace(p.hash, p.index);
        if (!fresh)
          throw InputError(spec.file, g.line_of_axes,
                           "points " + std::to_string(it->second) + " (" + describe_point(spec, points[it->second]) +
                               ") and " + std::to_string(p.index) + " (" + describe_point(spec, p) +
                               ") are the same run: their options end up with the same values");

        const SweepInput& in = g.inputs[i];
        p.run_args = {"run", "--quiet", in.is_trace ? "--trace" : "--workload", in.run_arg, "--config", g.configs[c].file};
        for (const SweepSet& s : g.sets) {
          p.run_args.push_back("--set");
          p.run_args.push_back(s.option + "=" + s.value);
        }
        for (const auto& [k, v] : p.coords) {
          p.run_args.push_back("--set");
          p.run_args.push_back(k + "=" + v);
        }
        if (spec.energy_node_nm) {
          p.run_args.insert(p.run_args.end(),
                            {"--energy", "--energy-node", number_text(*spec.energy_node_nm), "--energy-label", p.folder});
        }
        if (spec.stats_interval) {
          p.run_args.push_back("--stats-interval");
          p.run_args.push_back(std::to_string(spec.stats_interval));
        }
        points.push_back(std::move(p));
      }
}

}  // namespace

std::vector<SweepPoint> plan_points(const SweepSpec& spec) {
  std::vector<SweepPoint> points;
  std::map<std::string, size_t> by_hash;
  for (size_t g = 0; g < spec.groups.size(); ++g) plan_group(spec, g, points, by_hash);
  return points;
}

}  // namespace gpucosim::sweep
