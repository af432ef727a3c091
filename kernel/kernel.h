#pragma once
// The in-memory kernel representation shared by every part of gpucosim: the Accel-Sim trace
// reader and writer, the built-in kernel generators, the GPU model and the register analyses.
//
//   KernelHeader   launch parameters (grid, block, registers, shared memory, binary version ...)
//   ThreadBlock    one CTA: its coordinates and its warps
//   Warp           the dynamic instruction stream of one warp, in issue order
//   Instruction    one dynamic warp instruction (PC, active mask, opcode, registers, memory,
//                  and, from the built-in generators, the lane values it writes)
//
// Kernels are consumed one thread block at a time through KernelSource, so neither a 100 GB
// trace nor a large generated workload is ever held in memory whole.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernel/dim3.h"
#include "kernel/opcode_table.h"

namespace gpucosim {

constexpr int kWarpSize = 32;
constexpr int kMaxDst = 4;          // Accel-Sim's parser asserts 1; we accept up to 4
constexpr int kMaxSrc = 4;          // Accel-Sim's MAX_SRC
constexpr uint8_t kRegZero = 255;   // RZ: reads as zero, writes are dropped

// How lane addresses were (or will be) written in a trace line.
enum class AddrMode : uint8_t { ListAll = 0, BaseStride = 1, BaseDelta = 2 };

using LaneAddrs = std::array<uint64_t, kWarpSize>;  // inactive lanes hold 0
// One 32-bit register's value in each lane, as an instruction writes it; only the instruction's
// active lanes are written (the others keep their old value), inactive entries hold 0.
using LaneValues = std::array<uint32_t, kWarpSize>;

struct Instruction {
  uint32_t pc = 0;               // kernel-relative virtual PC
  uint32_t active_mask = 0;      // active & predicate mask; 0 = predicated off (still listed)
  uint32_t line_num = 0;         // source line when the kernel has lineinfo, else 0
  uint16_t opcode = 0;           // index into the kernel's OpcodeTable
  uint8_t n_dst = 0, n_src = 0;
  std::array<uint8_t, kMaxDst> dst{};  // register numbers, kRegZero = RZ
  std::array<uint8_t, kMaxSrc> src{};
  uint8_t mem_width = 0;         // bytes per thread as recorded in the trace; 0 = no addresses
  AddrMode addr_mode = AddrMode::BaseStride;  // how the addresses are encoded on write
  // Registers dst[0], dst[0]+1, ... whose lane values the stream carries (Warp::values from
  // val_slot on); 0 = values not known (always so for traces: the format has no field for them).
  uint8_t n_vals = 0;
  int64_t imm = 0;               // immediate (tracer v5), 0 for older traces
  int32_t mem_slot = -1;         // index into Warp::addrs, -1 when the line has no addresses
  int32_t val_slot = -1;         // index into Warp::values of dst[0]'s values when n_vals > 0

  bool has_addresses() const { return mem_slot >= 0; }
  bool has_values() const { return n_vals > 0; }
};

struct Warp {
  uint32_t id = 0;                       // warp number within the thread block
  std::vector<Instruction> insts;
  std::vector<LaneAddrs> addrs;          // lane addresses of the memory instructions, in order
  // Lane values of the registers the generator knows, in order (inst.n_vals entries per such
  // instruction). Held per thread block like the addresses: produced as the stream is generated.
  std::vector<LaneValues> values;

  const LaneAddrs& lane_addrs(const Instruction& i) const { return addrs[size_t(i.mem_slot)]; }
  // The lane values of register dst[0] + k (k < i.n_vals).
  const LaneValues& lane_values(const Instruction& i, int k = 0) const { return values[size_t(i.val_slot + k)]; }
  // Appends an instruction and, for memory instructions, its lane addresses; `vals` (n_vals
  // entries) are the values of its destination registers when the producer knows them.
  void push(Instruction inst, const LaneAddrs* lanes = nullptr, const LaneValues* vals = nullptr, int n_vals = 0) {
    if (lanes) {
      inst.mem_slot = int32_t(addrs.size());
      addrs.push_back(*lanes);
    } else {
      inst.mem_slot = -1;
    }
    if (vals && n_vals > 0) {
      inst.val_slot = int32_t(values.size());
      inst.n_vals = uint8_t(n_vals);
      values.insert(values.end(), vals, vals + n_vals);
    } else {
      inst.val_slot = -1;
      inst.n_vals = 0;
    }
    insts.push_back(inst);
  }
};

struct ThreadBlock {
  Dim3 id;                        // blockIdx
  std::vector<Warp> warps;
};

struct KernelHeader {
  std::string name;               // mangled kernel name
  uint32_t id = 1;                // kernel launch id (1-based in Accel-Sim)
  Dim3 grid, block;
  uint32_t shmem = 0;             // bytes of shared memory per block (static + dynamic)
  uint32_t nregs = 0;             // registers per thread
  uint32_t binary_version = 80;
  uint64_t stream_id = 0;
  uint64_t shmem_base = 0;        // shmem base_addr
  uint64_t local_base = 0;        // local mem base_addr
  std::string nvbit_version = "1.7";
  uint32_t tracer_version = 5;
  bool lineinfo = false;
  // Header keys this reader does not interpret, in file order, kept so nothing is lost on rewrite.
  std::vector<std::pair<std::string, std::string>> extra;
  // Where the block's resources were declared (a trace file and the lines of -block dim, -nregs
  // and -shmem), for errors found when the kernel meets a GPU; empty for a generated kernel.
  struct Origin {
    std::string file;
    uint64_t block_line = 0, nregs_line = 0, shmem_line = 0;
  } origin;

  uint64_t thread_blocks() const { return grid.volume(); }
  uint32_t warps_per_block() const { return uint32_t((block.volume() + kWarpSize - 1) / kWarpSize); }
};

// A kernel delivered one thread block at a time (from a trace file or a generator).
class KernelSource {
 public:
  virtual ~KernelSource() = default;
  virtual const KernelHeader& header() const = 0;
  // Opcodes of all instructions delivered so far; entries are only ever appended.
  virtual const OpcodeTable& opcodes() const = 0;
  // Fills `tb` with the next thread block; false at the end of the kernel. Throws InputError on
  // malformed input.
  virtual bool next_block(ThreadBlock& tb) = 0;
};

// One entry of an application's command list (kernelslist.g).
struct Command {
  enum class Kind { MemcpyHtoD, Kernel };
  Kind kind = Kind::Kernel;
  uint64_t addr = 0, bytes = 0;   // MemcpyHtoD
  std::string path;               // Kernel: trace path as written in the list (relative to it)
};

}  // namespace gpucosim
