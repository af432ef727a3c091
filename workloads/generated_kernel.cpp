#include "workloads/generated_kernel.h"

#include <stdexcept>

#include "kernel/input_error.h"

namespace gpucosim::wl {

bool GeneratedKernel::next_block(ThreadBlock& tb) {
  if (next_ >= header_.thread_blocks()) return false;
  generate_block(next_++, tb);
  return true;
}

void GeneratedKernel::generate_block(uint64_t index, ThreadBlock& tb) const {
  tb.id = Dim3::from_linear(index, header_.grid);
  tb.warps.clear();
  try {
    fn_(index, tb.warps, opts_);
  } catch (const StreamLimitError& e) {
    tb.warps.clear();
    tb.warps.shrink_to_fit();
    throw InputError(origin_, 0,
                     "kernel " + header_.name + ", thread block " + std::to_string(index) + ": " + e.what() +
                         "; expected parameters that make each thread's work smaller (the block's instructions are "
                         "held in memory while it runs)");
  }
  for (size_t w = 0; w < tb.warps.size(); ++w) tb.warps[w].id = uint32_t(w);
}

uint64_t DeviceLayout::alloc(uint64_t bytes, std::vector<Command>* memcpys) {
  const uint64_t addr = next_;
  next_ += (bytes + 511) / 512 * 512;
  if (bytes == 0) next_ += 512;  // distinct addresses even for empty arrays
  if (memcpys) {
    Command c;
    c.kind = Command::Kind::MemcpyHtoD;
    c.addr = addr;
    c.bytes = bytes;
    memcpys->push_back(c);
  }
  return addr;
}

KernelHeader make_header(const std::string& name, uint32_t id, Dim3 grid, Dim3 block, uint32_t shmem,
                         const Program& prog, uint32_t min_nregs) {
  KernelHeader h;
  h.name = name;
  h.id = id;
  h.grid = grid;
  h.block = block;
  h.shmem = shmem;
  h.nregs = prog.nregs() > min_nregs ? prog.nregs() : min_nregs;
  h.binary_version = prog.opcodes().binary_version();
  h.shmem_base = kShmemWindowBase;
  h.local_base = kLocalWindowBase;
  h.tracer_version = 5;
  return h;
}

int64_t param(const ParamValues& p, const char* name) {
  auto it = p.find(name);
  if (it == p.end()) throw std::invalid_argument(std::string("parameter ") + name + " not resolved");
  return it->second;
}

void require(bool ok, const std::string& workload, const std::string& what) {
  if (!ok) throw InputError("workload " + workload, 0, what);
}

}  // namespace gpucosim::wl
