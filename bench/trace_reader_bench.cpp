// Trace reader throughput: writes a synthetic kernel of realistic instruction mix (about a third
// memory instructions with base_stride and base_delta addresses) as a >= 1 GB .traceg, then
// streams it back with count_kernel. Prints MB/s, warp instructions/s and peak RSS, and fails
// when the peak exceeds 200 MB (reading must stay bounded by one thread block).
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>

#include "bench/bench_args.h"
#include "kernel/input_error.h"
#include "trace/kernel_counts.h"
#include "trace/trace_format.h"
#include "trace/trace_reader.h"
#include "trace/trace_writer.h"

namespace gpucosim {
namespace {

constexpr double kPeakLimitMb = 200.0;

// A grid of identical-shaped thread blocks of 8 warps, each running a 12-instruction loop body
// (4 memory instructions) for a number of iterations; addresses move with TB, warp, iteration.
class SyntheticKernel : public KernelSource {
 public:
  SyntheticKernel(uint32_t blocks, uint32_t iters) : iters_(iters) {
    h_.name = "_Z14bench_syntheticPfS_S_i";
    h_.grid = {blocks, 1, 1};
    h_.block = {256, 1, 1};
    h_.nregs = 32;
    h_.shmem = 8192;
    h_.shmem_base = 0x00007f0000000000ull;
    h_.local_base = 0x00007e0000000000ull;
    const char* names[] = {"IMAD.MOV.U32", "LDG.E.SYS",  "S2R",   "LDS.U.32", "FFMA", "IADD3",
                           "STG.E.SYS",    "ISETP.GE.AND", "FMUL", "STS",      "BRA",  "MOV"};
    for (int k = 0; k < 12; ++k) ops_[k] = uint16_t(table_.intern(names[k]));
  }
  const KernelHeader& header() const override { return h_; }
  const OpcodeTable& opcodes() const override { return table_; }

  bool next_block(ThreadBlock& tb) override {
    if (next_ >= h_.grid.x) return false;
    const uint32_t b = next_++;
    tb.id = {b, 0, 0};
    tb.warps.resize(8);
    for (uint32_t w = 0; w < 8; ++w) fill_warp(tb.warps[w], b, w);
    return true;
  }

 private:
  void fill_warp(Warp& warp, uint32_t b, uint32_t w) {
    warp.id = w;
    warp.insts.clear();
    warp.addrs.clear();
    const uint64_t gbase = 0x7fb0fc400000ull + (uint64_t(b) * 8 + w) * 128;
    for (uint32_t it = 0; it < iters_; ++it) {
      const uint32_t pc0 = 0x80 + 0;
      // Tail iterations of some warps run with a partial mask, as divergent code does.
      const uint32_t mask = (it + 1 == iters_ && (w & 1)) ? 0x0000ffffu : 0xffffffffu;
      for (int k = 0; k < 12; ++k) {
        Instruction i;
        i.pc = pc0 + uint32_t(k) * 0x10;
        i.active_mask = mask;
        i.opcode = ops_[k];
        i.n_dst = (k == 6 || k == 7 || k == 9 || k == 10) ? 0 : 1;
        i.dst[0] = uint8_t(4 + (k * 3 + it) % 24);
        i.n_src = uint8_t(k % 4);
        for (int s = 0; s < i.n_src; ++s) i.src[size_t(s)] = uint8_t(s == 2 ? kRegZero : 2 + (k + s) % 20);
        i.imm = (k == 11) ? -int64_t(it) : (k == 7 ? 1024 : 0);
        LaneAddrs a{};
        bool mem = true;
        switch (k) {
          case 1:  // coalesced global load, stride 4
          case 6:  // coalesced global store
            for (int l = 0; l < 32; ++l)
              if (mask >> l & 1u) a[size_t(l)] = gbase + (k == 6 ? 0x100000000ull : 0) + uint64_t(it) * 0x40000 + 4u * l;
            i.mem_width = 4;
            i.addr_mode = AddrMode::BaseStride;
            break;
          case 3:  // shared load with a 2-way bank-conflict pattern: base_delta
            for (int l = 0; l < 32; ++l)
              if (mask >> l & 1u) a[size_t(l)] = h_.shmem_base + ((l * 68 + it * 4) & 0x1fff);
            i.mem_width = 4;
            i.addr_mode = AddrMode::BaseDelta;
            break;
          case 9:  // shared store of a transposed tile: base_delta
            for (int l = 0; l < 32; ++l)
              if (mask >> l & 1u) a[size_t(l)] = h_.shmem_base + (((l % 8) * 132 + (l / 8) * 4 + w * 16) & 0x1fff);
            i.mem_width = 4;
            i.addr_mode = AddrMode::BaseDelta;
            break;
          default: mem = false;
        }
        warp.push(i, mem ? &a : nullptr);
      }
    }
  }

  KernelHeader h_;
  OpcodeTable table_{80};
  uint16_t ops_[12] = {};
  uint32_t iters_;
  uint32_t next_ = 0;
};

double peak_rss_mb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
  return -1;
}

// User + system CPU seconds of this process: unlike wall time, not inflated when the machine is
// shared with other work.
double cpu_seconds() {
  struct rusage ru {};
  ::getrusage(RUSAGE_SELF, &ru);
  return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + 1e-6 * double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string default_dir() {
  char buf[4096];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return ".";
  std::string exe(buf, size_t(n));
  return exe.substr(0, exe.rfind('/'));
}

}  // namespace
}  // namespace gpucosim

int bench_trace_reader(int argc, char** argv) {
  using namespace gpucosim;
  double size_gb = 1.0;
  std::string dir = default_dir();
  bool keep = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--size-gb" && i + 1 < argc) {
      if (!bench::parse_number_arg("trace-reader", "--size-gb", argv[++i], 1e-6, 1e4, &size_gb)) return 2;
    }
    else if (a == "--dir" && i + 1 < argc) dir = argv[++i];
    else if (a == "--keep") keep = true;
    else {
      std::fprintf(stderr, "trace-reader: unknown option '%s' (options: --size-gb N, --dir D, --keep)\n", a.c_str());
      return 2;
    }
  }
  if (!(size_gb > 0)) {
    std::fprintf(stderr, "trace-reader: --size-gb must be positive\n");
    return 2;
  }
  const uint32_t iters = 16;  // 192 instructions per warp
  // Size one thread block's text to pick the grid that reaches the requested size.
  std::string probe;
  {
    SyntheticKernel one(1, iters);
    ThreadBlock tb;
    one.next_block(tb);
    append_thread_block(probe, tb, one.header(), one.opcodes());
  }
  const double target = size_gb * 1e9;
  const uint32_t blocks = uint32_t(std::ceil(target / double(probe.size())));
  const std::string path = dir + "/bench-trace-reader.traceg";

  try {
    SyntheticKernel gen(blocks, iters);
    auto t0 = std::chrono::steady_clock::now();
    write_kernel_trace(path, gen);
    const double wsec = seconds_since(t0);
    struct stat st {};
    ::stat(path.c_str(), &st);
    const double mb = double(st.st_size) / 1e6;
    std::printf("trace-reader: wrote %s: %.1f MB, %u thread blocks in %.2f s (%.0f MB/s)\n", path.c_str(), mb, blocks,
                wsec, mb / wsec);

    t0 = std::chrono::steady_clock::now();
    const double cpu0 = cpu_seconds();
    auto src = open_kernel_trace(path);
    KernelCounts c = count_kernel(*src);
    const double rsec = seconds_since(t0);
    const double rcpu = cpu_seconds() - cpu0;
    const double peak = peak_rss_mb();
    std::printf("trace-reader: read %llu TBs, %llu warps, %llu warp insts (%llu memory) in %.2f s\n",
                (unsigned long long)c.thread_blocks, (unsigned long long)c.warps,
                (unsigned long long)c.warp_instructions, (unsigned long long)c.memory_instructions, rsec);
    std::printf("trace-reader: read throughput   %.0f MB/s wall, %.0f MB/s per CPU second\n", mb / rsec, mb / rcpu);
    std::printf("trace-reader: warp instructions %.2f M/s wall, %.2f M per CPU second\n",
                double(c.warp_instructions) / rsec / 1e6, double(c.warp_instructions) / rcpu / 1e6);
    std::printf("trace-reader: peak RSS          %.1f MB (limit %.0f MB)\n", peak, kPeakLimitMb);
    if (!keep) std::remove(path.c_str());
    if (c.thread_blocks != blocks) {
      std::printf("trace-reader: FAIL: read %llu thread blocks, wrote %u\n", (unsigned long long)c.thread_blocks, blocks);
      return 1;
    }
    if (peak > kPeakLimitMb) {
      std::printf("trace-reader: FAIL: peak RSS above %.0f MB\n", kPeakLimitMb);
      return 1;
    }
    return 0;
  } catch (const InputError& e) {
    std::fprintf(stderr, "trace-reader: %s\n", e.what());
    if (!keep) std::remove(path.c_str());
    return 1;
  }
}
