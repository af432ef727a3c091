#pragma once
// Helpers for the trace tests: an in-memory KernelSource, whole-file I/O and a fixed preamble.
#include <fstream>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "tests/support/test_paths.h"
#include "trace/kernel_counts.h"
#include "trace/trace_reader.h"

namespace gpucosim::test {

// A kernel held whole in memory (tests only): thread blocks handed out in order.
class MemoryKernel : public KernelSource {
 public:
  explicit MemoryKernel(KernelHeader h) : header_(std::move(h)), table_(header_.binary_version) {}
  const KernelHeader& header() const override { return header_; }
  const OpcodeTable& opcodes() const override { return table_; }
  bool next_block(ThreadBlock& tb) override {
    if (next_ >= blocks_.size()) return false;
    tb = blocks_[next_++];
    return true;
  }
  uint16_t op(const std::string& text) { return uint16_t(table_.intern(text)); }
  std::vector<ThreadBlock> blocks_;

 private:
  KernelHeader header_;
  OpcodeTable table_;
  size_t next_ = 0;
};

inline void spit(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

// All thread blocks of a source.
inline std::vector<ThreadBlock> read_all(KernelSource& src) {
  std::vector<ThreadBlock> out;
  ThreadBlock tb;
  while (src.next_block(tb)) out.push_back(tb);
  return out;
}

// A minimal valid v5 header followed by `body`; by default one thread block of one warp (grid
// 1x1x1, block 32 threads), so a body of one block with warp 0 is a whole kernel.
inline std::string with_header(const std::string& body, const std::string& extra_header = "",
                               const std::string& grid = "(1,1,1)", const std::string& block = "(32,1,1)") {
  return "-kernel name = k\n-kernel id = 1\n-grid dim = " + grid + "\n-block dim = " + block +
         "\n-shmem = 0\n-nregs = 8\n-binary version = 80\n-accelsim tracer version = 5\n" + extra_header +
         "\n#traces format = whatever\n\n" + body;
}

}  // namespace gpucosim::test
