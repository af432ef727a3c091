#include "cli/run_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/run_file_entries.h"
#include "kernel/input_error.h"
#include "workloads/workload.h"

namespace gpucosim::cli {

namespace {

namespace fs = std::filesystem;

const char* kKeys = "workload, trace, params, priority, tokens, start, repeat";

const char* kind_name(const RunFileValue& v) {
  switch (v.kind) {
    case RunFileValue::Kind::String: return "a string";
    case RunFileValue::Kind::Integer: return "an integer";
    case RunFileValue::Kind::Table: return "an object/table";
    case RunFileValue::Kind::Other: break;
  }
  return v.what.c_str();
}

// One application of the file as an AppArg: "NAME[:k=v,...][@k=v,...]" or "PATH[@k=v,...]".
AppArg entry_arg(const std::string& path, const RunFileEntry& e, size_t index) {
  const RunFileValue *workload = nullptr, *trace = nullptr, *params = nullptr;
  std::string options;
  std::map<std::string, uint64_t> option_lines;
  auto expect = [&](const std::string& key, const RunFileValue& v, RunFileValue::Kind kind, const char* what) {
    if (v.kind != kind)
      throw InputError(path, v.line, "\"" + key + "\" of application " + std::to_string(index + 1) + " must be " + what +
                                         ", got " + kind_name(v));
  };
  for (const auto& [key, v] : e.keys) {
    if (key == "workload") {
      expect(key, v, RunFileValue::Kind::String, "a string (a built-in workload name)");
      workload = &v;
    } else if (key == "trace") {
      expect(key, v, RunFileValue::Kind::String, "a string (a kernelslist.g or .traceg path)");
      trace = &v;
    } else if (key == "params") {
      expect(key, v, RunFileValue::Kind::Table, "an object/table {\"name\": integer, ...}");
      params = &v;
    } else if (key == "priority" || key == "tokens" || key == "start" || key == "repeat") {
      expect(key, v, RunFileValue::Kind::Integer, "an integer");
      // Its range is checked here, so that an error names this key's line.
      try {
        AppOptions scratch;
        set_app_option("\"" + key + "\" of application " + std::to_string(index + 1), key, v.text, scratch);
      } catch (const InputError& err) {
        throw InputError(path, v.line, err.what());
      }
      options += (options.empty() ? "" : ",") + key + "=" + v.text;
      option_lines[key] = v.line;
    } else {
      throw InputError(path, v.line, "unknown key \"" + key + "\" in application " + std::to_string(index + 1) +
                                         ": expected " + kKeys);
    }
  }
  const std::string app = "application " + std::to_string(index + 1);
  if (!workload == !trace)
    throw InputError(path, e.line, app + (workload ? " has both \"workload\" and \"trace\"" : " has no \"workload\" or \"trace\" key") +
                                       ": expected exactly one of them");
  AppArg a;
  a.file = path;
  a.line = e.line;
  a.option_lines = std::move(option_lines);
  if (trace) {
    if (params) throw InputError(path, params->line, "\"params\" belong to a workload, not to a trace");
    if (trace->text.empty()) throw InputError(path, trace->line, "\"trace\" is empty: expected a path");
    // Relative to the run file, so a run file and its traces move together.
    const fs::path p(trace->text);
    a.trace = true;
    a.text = p.is_absolute() ? p.string() : (fs::path(path).parent_path() / p).lexically_normal().string();
    a.line = trace->line;
  } else {
    const std::string& name = workload->text;
    a.line = workload->line;
    const Workload* w = find_workload(name);
    if (!w) {
      std::string names;
      for (const auto& b : builtin_workloads()) names += (names.empty() ? "" : ", ") + b->name();
      throw InputError(path, workload->line, "unknown workload '" + name + "'; expected one of: " + names);
    }
    a.text = name;
    if (params) {
      std::string list;
      for (const auto& [k, v] : params->table) {
        if (v.kind != RunFileValue::Kind::Integer)
          throw InputError(path, v.line, "parameter \"" + k + "\" of workload " + name + " must be an integer, got " +
                                             kind_name(v));
        try {
          resolve_params(*w, {k + "=" + v.text}, "params");
        } catch (const InputError& err) {
          throw InputError(path, v.line, err.what());
        }
        list += (list.empty() ? "" : ",") + k + "=" + v.text;
      }
      if (!list.empty()) a.text += ":" + list;
    }
  }
  if (!options.empty()) a.text += "@" + options;
  return a;
}

}  // namespace

std::vector<AppArg> read_run_file(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(path, 0, "is a folder: expected a .json or .toml run file");
  // A device or pipe never ends (/dev/zero was read until memory ran out); a real run file of
  // even a million applications is a few tens of MB.
  constexpr uintmax_t kMaxRunFileBytes = uintmax_t(256) << 20;
  if (fs::exists(path, ec) && !fs::is_regular_file(path, ec))
    throw InputError(path, 0, "is not a regular file: expected a .json or .toml run file");
  if (fs::exists(path, ec) && fs::file_size(path, ec) > kMaxRunFileBytes)
    throw InputError(path, 0, "is larger than 256 MB: expected a run file (split the applications into several)");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError(path, 0, "cannot open the --run-file");
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string ext = fs::path(path).extension().string();
  std::vector<RunFileEntry> entries;
  if (ext == ".json")
    entries = parse_json_run_file(path, ss.str());
  else if (ext == ".toml")
    entries = parse_toml_run_file(path, ss.str());
  else
    throw InputError(path, 0, "unknown run-file type '" + ext + "': expected a .json or .toml file");
  if (entries.empty()) throw InputError(path, 0, "no applications: expected at least one");
  std::vector<AppArg> out;
  for (size_t i = 0; i < entries.size(); ++i) out.push_back(entry_arg(path, entries[i], i));
  return out;
}

}  // namespace gpucosim::cli
