#include "cli/cmd_run_apps.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/json_parse_error.h"
#include "cli/numeric_options.h"
#include "kernel/input_error.h"
#include "systemc/gpu/gpu_model.h"

namespace gpucosim::cli {

bool set_app_option(const std::string& where, const std::string& key, const std::string& value, AppOptions& out) {
  if (key == "priority") {
    out.priority = uint32_t(parse_uint_arg(where, value, 0, 1000));
  } else if (key == "tokens") {
    out.tokens = uint32_t(parse_uint_arg(where, value, 1, 65536));
  } else if (key == "start") {
    out.start = parse_uint_arg(where, value, 0, uint64_t(1) << 62);
  } else if (key == "repeat") {
    out.repeat = parse_uint_arg(where, value, 1, 1000000);
  } else {
    return false;
  }
  return true;
}

std::string split_app_options(const std::string& option, const std::string& text, AppOptions& out) {
  out = AppOptions{};
  const size_t at = text.rfind('@');
  if (at == std::string::npos) return text;
  const std::string spec = text.substr(0, at), suffix = text.substr(at + 1);
  const std::string where = option + " " + text;
  if (spec.empty()) throw InputError(where, 0, "nothing before '@': expected SPEC@key=value,...");
  if (suffix.empty())
    throw InputError(where, 0, "empty application options after '@': expected key=value[,key=value...] with keys "
                               "priority, tokens, start, repeat");
  std::map<std::string, bool> seen;
  std::stringstream ss(suffix);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const size_t eq = item.find('=');
    if (item.empty() || eq == std::string::npos || eq == 0)
      throw InputError(where, 0, "malformed application option '" + item + "': expected key=value with keys "
                                 "priority, tokens, start, repeat");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (seen[key]) throw InputError(where, 0, "application option '" + key + "' given twice");
    seen[key] = true;
    if (!set_app_option(where + ": " + key, key, value, out))
      throw InputError(where, 0, "unknown application option '" + key + "': expected priority, tokens, start or repeat");
  }
  if (!suffix.empty() && suffix.back() == ',')
    throw InputError(where, 0, "malformed application options '" + suffix + "': trailing ','");
  return spec;
}

void check_app_options_for_policy(const std::vector<AppArg>& args, const std::vector<Application>& apps,
                                  SchedPolicyKind policy) {
  const bool priorities = policy == SchedPolicyKind::Npq || policy == SchedPolicyKind::Ppq ||
                          policy == SchedPolicyKind::PpqShared;
  for (size_t i = 0; i < apps.size() && i < args.size(); ++i) {
    // A run file's application is named by its file and line, as build_applications does.
    const bool from_file = !args[i].file.empty();
    const std::string where =
        from_file ? args[i].file : std::string(args[i].trace ? "--trace" : "--workload") + " " + args[i].text;
    // A run file's option is named at its own key's line.
    auto line = [&](const char* key) { return from_file ? args[i].line_of(key) : uint64_t(0); };
    if (apps[i].options.priority != 0 && !priorities)
      throw InputError(where, line("priority"), "priority=" + std::to_string(apps[i].options.priority) +
                                     ": the scheduling policy (-gpucosim_sched_policy) does not use priorities; "
                                     "expected npq, ppq or ppq_shared, or no priority");
    if (apps[i].options.tokens != 0 && policy != SchedPolicyKind::Dss)
      throw InputError(where, line("tokens"), "tokens=" + std::to_string(apps[i].options.tokens) +
                                     ": the scheduling policy (-gpucosim_sched_policy) does not use tokens; "
                                     "expected dss, or no tokens");
  }
}

std::vector<Application> build_applications(const std::vector<AppArg>& args, const TraceReadOptions& topts,
                                            bool lane_values) {
  std::vector<Application> apps;
  for (const AppArg& a : args) {
    AppOptions o;
    // A trace path that exists is taken whole, even when it holds an '@' (a folder named
    // "run@2"); only otherwise is the text after its last '@' read as application options.
    std::error_code ec;
    const bool whole_path = a.trace && std::filesystem::exists(a.text, ec);
    try {
      const std::string option = !a.file.empty() ? "application" : a.trace ? "--trace" : "--workload";
      const std::string spec = whole_path ? a.text : split_app_options(option, a.text, o);
      Application app = a.trace ? application_from_trace(spec, topts) : application_from_workload(spec, lane_values);
      app.options = o;
      apps.push_back(std::move(app));
    } catch (const InputError& e) {
      if (a.file.empty()) throw;
      throw InputError(a.file, a.line, e.what());  // a run file's application: name its line
    }
  }
  return apps;
}

SoloBaselines read_solo_baselines(const std::string& path, const std::vector<Application>& apps) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError(path, 0, "cannot open the --solo-baselines file");
  std::stringstream text;
  text << f.rdbuf();
  const std::string body = text.str();
  nlohmann::json j;
  // Keys of the top-level object, to refuse one given twice (the parser keeps the last silently).
  std::set<std::string> labels;
  std::string twice;
  try {
    j = nlohmann::json::parse(body, [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
      if (event == nlohmann::json::parse_event_t::key && depth == 1 && !labels.insert(parsed.get<std::string>()).second &&
          twice.empty())
        twice = parsed.get<std::string>();
      return true;
    });
  } catch (const nlohmann::json::exception& e) {
    throw json_parse_error(path, body, e, "{\"LABEL\": solo cycles, ...}");
  }
  if (!twice.empty()) throw InputError(path, 0, "application '" + twice + "' is given twice: expected one solo cycle count each");
  if (!j.is_object()) throw InputError(path, 0, "expected a JSON object {\"LABEL\": solo cycles, ...}");
  SoloBaselines s;
  for (const Application& a : apps) {
    if (!j.contains(a.label))
      throw InputError(path, 0, "no solo cycles for application '" + a.label + "' (expected a key \"" + a.label + "\")");
    const auto& v = j[a.label];
    if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>()))
      throw InputError(path, 0, "solo cycles of '" + a.label + "' must be a positive number");
    s[a.label] = v.get<double>();
  }
  return s;
}

namespace {

// One application alone; its turnaround in core cycles, or an error message. Runs in a child.
std::string solo_turnaround(const GpuConfig& cfg, Application app) {
  app.options.start = 0;
  app.options.repeat = 1;
  // At its own addresses, as `gpucosim run` with it alone would place it.
  for (Command& c : app.memcpys) c.addr -= app.address_offset;
  app.address_offset = 0;
  GpuModel gpu("gpu", cfg);
  const RunReport r = gpu.run(app);
  if (r.end != RunEnd::Completed) return "E the solo run of '" + app.label + "' ended " + to_string(r.end);
  const AppRunRecord& run = r.applications.at(0).runs.at(0);
  return "C " + std::to_string(run.end_cycle - run.arrival_cycle);
}

}  // namespace

SoloBaselines run_solo_baselines(const GpuConfig& cfg, const std::vector<Application>& apps) {
  SoloBaselines s;
  for (const Application& app : apps) {
    if (s.count(app.label)) continue;  // the same application twice: one solo run
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("--solo-baselines: pipe failed");
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("--solo-baselines: fork failed");
    if (pid == 0) {
      ::close(fds[0]);
      std::string out;
      try {
        out = solo_turnaround(cfg, app);
      } catch (const std::exception& e) {
        out = std::string("E ") + e.what();
      }
      (void)!::write(fds[1], out.data(), out.size());
      ::close(fds[1]);
      ::_exit(0);
    }
    ::close(fds[1]);
    std::string text;
    char buf[4096];
    ssize_t n;
    while ((n = ::read(fds[0], buf, sizeof buf)) > 0) text.append(buf, size_t(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (text.size() < 2 || !WIFEXITED(status)) throw std::runtime_error("--solo-baselines: the solo run of '" + app.label + "' died");
    if (text[0] == 'E') throw InputError("--solo-baselines", 0, text.substr(2));
    s[app.label] = std::stod(text.substr(2));
  }
  return s;
}

std::string solo_baselines_json(const SoloBaselines& s) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& [k, v] : s) j[k] = uint64_t(v);
  return j.dump(2) + "\n";
}

}  // namespace gpucosim::cli
