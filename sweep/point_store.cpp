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
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError(path, 0, "cannot open for reading");
  std::stringstream s;
  s << f.rdbuf();
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
  std::ifstream f(dir + "/result.json");
  if (!f) return r;
  try {
    const nlohmann::json j = nlohmann::json::parse(f);
    const std::string status = j.value("status", "");
    r.state = status == "ok" ? PointState::Ok : status == "failed" ? PointState::Failed : PointState::Pending;
    r.exit_code = j.value("exit_code", -1);
    r.error = j.value("error", "");
    r.wall_s = j.value("wall_s", 0.0);
  } catch (const nlohmann::json::exception&) {
    r = PointResult{};
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
