#include "sweep/point_store.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernel/input_error.h"

namespace gpucosim::sweep {

namespace fs = std::filesystem;

std::string points_dir(const std::string& out_dir) { return (fs::path(out_dir) / "points").string(); }

std::string point_dir(const std::string& out_dir, const SweepPoint& p) {
  return (fs::path(points_dir(out_dir)) / p.folder).string();
}

const char* to_string(PointState s) {
  switch (s) {
    case PointState::Pending: return "pending";
    case PointState::Ok: return "ok";
    case PointState::Failed: return "failed";
  }
  return "?";
}

void write_file_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream f(tmp, std::ios::binary);
    f << text;
    if (!f) throw InputError(path, 0, "cannot write");
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) throw InputError(path, 0, "cannot write: " + ec.message());
}

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  // A folder opens as a stream on Linux and fails only when read, with the C++ library's words.
  if (fs::is_directory(path, ec)) throw InputError(path, 0, "is a folder: expected a file");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError(path, 0, "cannot open for reading");
  std::stringstream s;
  s << f.rdbuf();
  if (f.bad()) throw InputError(path, 0, "read error");
  return s.str();
}

void write_point_json(const std::string& dir, const SweepSpec& spec, const SweepPoint& p) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw InputError(dir, 0, "cannot create the point's folder: " + ec.message());
  const std::string path = dir + "/point.json";
  if (fs::exists(path, ec)) {
    const nlohmann::json old = read_point_json(dir);
    if (old.value("key", "") != p.key)
      throw InputError(path, 0, "holds another point (same hash prefix, different key): remove the folder");
    return;  // the same point: nothing to write (keeps a running point's folder untouched)
  }
  const SweepInput& in = point_input(spec, p);
  nlohmann::ordered_json j;
  j["sweep"] = spec.file;
  j["index"] = p.index;
  j[in.is_trace ? "trace" : "workload"] = in.text;
  j["config"] = point_config(spec, p).text;
  j["coords"] = nlohmann::ordered_json::object();
  for (const auto& [k, v] : p.coords) j["coords"][k] = v;
  j["run_args"] = p.run_args;
  j["hash"] = p.hash;
  j["key"] = p.key;
  write_file_atomic(path, j.dump(2) + "\n");
}

nlohmann::json read_point_json(const std::string& dir) {
  const std::string path = dir + "/point.json";
  try {
    return nlohmann::json::parse(read_text_file(path));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path, 0, std::string("not valid JSON: ") + e.what());
  }
}

PointResult read_result(const std::string& dir) {
  PointResult r;
  const std::string path = dir + "/result.json";
  std::error_code ec;
  if (!fs::exists(path, ec)) return r;  // not run yet (or running): pending
  // write_result() replaces the file atomically, so anything but what it writes was damaged from
  // outside: said, rather than counted as a point still to run.
  const std::string text = read_text_file(path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path, 0, std::string("not valid JSON: ") + e.what() + "; remove it to run the point again");
  }
  const auto bad = [&](const std::string& what) {
    throw InputError(path, 0, what + "; remove it to run the point again");
  };
  if (!j.is_object()) bad("expected an object with \"status\"");
  const auto st = j.find("status");
  if (st == j.end() || !st->is_string() || (*st != "ok" && *st != "failed"))
    bad("expected \"status\": \"ok\" or \"failed\", got " + (st == j.end() ? std::string("none") : st->dump()));
  r.state = *st == "ok" ? PointState::Ok : PointState::Failed;
  if (j.contains("exit_code")) {
    if (!j["exit_code"].is_number_integer()) bad("\"exit_code\": expected an integer");
    r.exit_code = j["exit_code"].get<int>();
  }
  if (j.contains("error")) {
    if (!j["error"].is_string()) bad("\"error\": expected a string");
    r.error = j["error"].get<std::string>();
  }
  if (j.contains("wall_s")) {
    if (!j["wall_s"].is_number()) bad("\"wall_s\": expected a number");
    r.wall_s = j["wall_s"].get<double>();
  }
  return r;
}

void write_result(const std::string& dir, const PointResult& r) {
  nlohmann::ordered_json j;
  j["status"] = to_string(r.state);
  j["exit_code"] = r.exit_code;
  if (!r.error.empty()) j["error"] = r.error;
  j["wall_s"] = r.wall_s;
  write_file_atomic(dir + "/result.json", j.dump(2) + "\n");
}

void clear_outputs(const std::string& dir) {
  std::error_code ec;
  for (const char* f : {"result.json", "stats.json", "energy.json", "stats-interval.jsonl"}) fs::remove(dir + "/" + f, ec);
}

}  // namespace gpucosim::sweep
