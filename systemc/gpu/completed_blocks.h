#pragma once
// The blocks of a kernel that have completed, by sequence number, to prove that none completes
// twice (the dispatcher's invariant 3). Blocks complete roughly in issue order, so the set is a
// watermark (every block below it completed) and the few completed above it: memory follows the
// blocks in flight, not the grid (a trace's header may declare 2^63 blocks before its body shows
// how many it holds; a bit per block was allocated up front).
#include <cstdint>
#include <unordered_set>

namespace gpucosim {

class CompletedBlocks {
 public:
  // False when `seq` had completed already.
  bool add(uint64_t seq) {
    if (seq < below_ || !above_.insert(seq).second) return false;
    while (above_.erase(below_)) ++below_;  // the watermark moves past every contiguous one
    return true;
  }
  bool contains(uint64_t seq) const { return seq < below_ || above_.count(seq) != 0; }
  uint64_t watermark() const { return below_; }
  size_t above_watermark() const { return above_.size(); }

 private:
  uint64_t below_ = 0;                  // blocks [0, below_) all completed
  std::unordered_set<uint64_t> above_;  // completed blocks past the watermark
};

}  // namespace gpucosim
