#pragma once
// A KernelSource that reads its inner source's thread blocks ahead on a second host thread, so
// that parsing a trace (text scanning, xz decoding) overlaps the simulation instead of stalling
// it whenever the dispatcher needs the next block.
//
// What the consumer sees is exactly what the inner source delivers, in the same order: the same
// blocks, the same opcode table (rebuilt on the consumer's side, entry by entry, as blocks are
// handed over, so indices agree and the table a running warp points to is only ever appended to
// on the consumer's thread), the same exception (InputError with file and line) at the same
// block. The reader thread starts with the source: a kernel is opened as it becomes eligible,
// so until its start takes the first block, blocks are read ahead until at least `depth` wait
// and they hold at least kPrefetchBytes (`bytes`) of instructions and lane data (a kernel's start
// hands a block to every SM at once: hundreds of small ones). From then on at least `depth`
// blocks are kept ahead, refilled in batches: when fewer than `depth` wait, the reader is woken
// and reads until `depth` + kRefillBlocks wait (or they hold `bytes`). A reader refilling
// megabytes while the simulation's host threads run would take a core from them for whole time
// slices; one woken for every block taken (thousands of times a run) costs each time a switch
// onto a core busy with the simulation and the other host thread's wait meanwhile. Memory stays
// flat in trace size. The destructor stops and joins the reader; when the process cannot start
// a thread, blocks are read on the caller's thread instead.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim {

// Blocks read ahead by default (traces: TraceReadOptions::prefetch_blocks; generated workloads).
constexpr size_t kDefaultPrefetchBlocks = 4;
// Bytes of thread blocks (instructions, lane addresses and values) read ahead beyond those
// before the first block is taken.
constexpr size_t kPrefetchBytes = size_t(8) << 20;
// Blocks a refill reads beyond `depth` once the kernel runs (at most `bytes` of them).
constexpr size_t kRefillBlocks = 16;
// Whatever `depth` asks for, no more blocks are read once those waiting hold this much (or
// `bytes`, if larger): blocks of hundreds of MB are read one ahead, not `depth` ahead.
constexpr size_t kMaxAheadBytes = size_t(64) << 20;

class PrefetchingSource : public KernelSource {
 public:
  // `depth` >= 1. The inner source's header must be complete at construction (it is copied).
  // `read_ahead` false reads on the caller's thread (what happens anyway when no thread can be
  // started), with the same results.
  // `bytes`: the read-ahead budget beyond `depth` blocks (kPrefetchBytes by default).
  PrefetchingSource(std::unique_ptr<KernelSource> inner, size_t depth, bool read_ahead = true,
                    size_t bytes = kPrefetchBytes);
  ~PrefetchingSource() override;
  PrefetchingSource(const PrefetchingSource&) = delete;
  PrefetchingSource& operator=(const PrefetchingSource&) = delete;

  const KernelHeader& header() const override { return header_; }
  const OpcodeTable& opcodes() const override { return table_; }
  bool next_block(ThreadBlock& tb) override;

 private:
  struct Item {
    bool more = false;                 // inner next_block's answer
    size_t bytes = 0;                  // the block's instructions and lane data
    ThreadBlock block;                 // valid when more
    std::vector<std::string> opcodes;  // opcodes the inner table gained while reading it
    std::exception_ptr error;          // what the inner source threw instead
  };
  void read_ahead();  // the reader thread's loop
  bool next_inline(ThreadBlock& tb);  // without a thread: the inner source directly
  void sync_opcodes();  // appends what the inner table gained (at construction; inline mode)

  std::unique_ptr<KernelSource> inner_;
  const size_t depth_;
  const size_t bytes_;
  KernelHeader header_;
  OpcodeTable table_;
  std::thread reader_;
  bool finished_ = false;  // the consumer has seen the end or an error
  bool inline_ = false;    // the thread could not be started: read on the caller's thread

  std::mutex mu_;  // guards the members below
  std::condition_variable changed_;
  std::deque<Item> ready_;
  size_t ready_bytes_ = 0;  // Item::bytes of ready_
  bool consumed_ = false;   // next_block() has been called: refills in batches from now on
  bool stop_ = false;
  bool refilling_ = false;  // a refill is under way: read until depth_ + kRefillBlocks wait
  // Whether the reader should read another block now (with mu_ held; updates refilling_).
  bool wants_block();
  void start_reader();  // the reader thread, or inline_ when none can be started
};

}  // namespace gpucosim
