#include "cli/trace_summary.h"

#include <sstream>

namespace gpucosim::cli {


static KernelSummary summarise_kernel(const std::string& path, const TraceReadOptions& opts) {
  auto src = open_kernel_trace(path, opts);
  KernelSummary k;
  k.counts = count_kernel(*src);
  k.header = src->header();
  return k;
}

AppSummary summarise_trace(const std::string& path, const TraceReadOptions& opts) {
  AppSummary s;
  if (is_kernel_trace_path(path)) {
    s.kernels.push_back(summarise_kernel(path, opts));
    return s;
  }
  for (const Command& c : read_kernelslist(path)) {
    if (c.kind == Command::Kind::MemcpyHtoD) {
      s.memcpy_count += 1;
      s.memcpy_bytes += c.bytes;
    } else {
      s.kernels.push_back(summarise_kernel(resolve_kernel_path(path, c.path), opts));
    }
  }
  return s;
}

static nlohmann::ordered_json dim_json(const Dim3& d) { return {d.x, d.y, d.z}; }

static void put_counts(nlohmann::ordered_json& j, const KernelCounts& c) {
  j["thread_blocks"] = c.thread_blocks;
  j["warps"] = c.warps;
  j["warp_instructions"] = c.warp_instructions;
  j["memory_instructions"] = c.memory_instructions;
}

nlohmann::ordered_json to_json(const AppSummary& s) {
  nlohmann::ordered_json out;
  out["kernels"] = nlohmann::ordered_json::array();
  KernelCounts total;
  for (const KernelSummary& k : s.kernels) {
    nlohmann::ordered_json j;
    j["name"] = k.header.name;
    j["id"] = k.header.id;
    j["grid"] = dim_json(k.header.grid);
    j["block"] = dim_json(k.header.block);
    j["nregs"] = k.header.nregs;
    j["shmem"] = k.header.shmem;
    j["binary_version"] = k.header.binary_version;
    j["stream_id"] = k.header.stream_id;
    put_counts(j, k.counts);
    out["kernels"].push_back(j);
    total += k.counts;
  }
  nlohmann::ordered_json t;
  t["kernels"] = s.kernels.size();
  put_counts(t, total);
  t["memcpy_htod"] = s.memcpy_count;
  t["memcpy_htod_bytes"] = s.memcpy_bytes;
  out["total"] = t;
  return out;
}

std::string to_text(const AppSummary& s) {
  std::ostringstream o;
  KernelCounts total;
  for (const KernelSummary& k : s.kernels) {
    const KernelHeader& h = k.header;
    o << "kernel " << h.id << ": " << h.name << "\n"
      << "  grid (" << h.grid.str() << ")  block (" << h.block.str() << ")  nregs " << h.nregs << "  shmem "
      << h.shmem << " B  binary version " << h.binary_version << "  stream " << h.stream_id << "\n"
      << "  thread blocks " << k.counts.thread_blocks << "  warps " << k.counts.warps << "  warp instructions "
      << k.counts.warp_instructions << "  memory instructions " << k.counts.memory_instructions << "\n";
    total += k.counts;
  }
  o << "total: " << s.kernels.size() << " kernel(s), " << total.thread_blocks << " thread blocks, " << total.warps
    << " warps, " << total.warp_instructions << " warp instructions, " << total.memory_instructions
    << " memory instructions; " << s.memcpy_count << " host-to-device copies (" << s.memcpy_bytes << " B)\n";
  return o.str();
}

}  // namespace gpucosim::cli
