#pragma once
// Address ranges of the applications of a multiprogrammed run. Each application gets its own
// range, as separate processes (separate GPU contexts) have: built-in workloads, which all
// allocate from the same base (workloads/generated_kernel.h), are moved to disjoint ranges; a
// trace keeps its recorded addresses, so two traces whose ranges overlap cannot share the GPU
// and are refused, naming both.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/gpu/application.h"

namespace gpucosim {

struct AddressRange {
  uint64_t lo = 0, hi = 0;  // [lo, hi); empty when lo == hi
  bool empty() const { return lo >= hi; }
  bool overlaps(const AddressRange& o) const { return !empty() && !o.empty() && lo < o.hi && o.lo < hi; }
  bool contains(uint64_t a) const { return a >= lo && a < hi; }
};

// Where each generated application's addresses move: the i-th generated one by i * kAppStride
// (the first keeps its addresses, so a single-application run is unchanged).
constexpr uint64_t kAppStride = uint64_t(1) << 36;

// The range an application claims: a generated one its whole stride from the generators' base;
// a trace the hull of its host-to-device copies (what the command list declares; a trace with
// no copies declares nothing and is checked only while it runs).
AddressRange claimed_range(const Application& app);

// Sets address_offset of the generated applications (and moves their memcpys) so that no two
// claimed ranges overlap; throws InputError naming both applications when two traces overlap.
// A run of one application is left as it is.
void place_applications(std::vector<Application>& apps);

// A kernel of application `app` of a multiprogrammed run: adds the application's offset to the
// addresses of global, local and generic memory instructions, and refuses (InputError naming both
// applications) an address inside another application's claimed range.
class RelocatedKernelSource : public KernelSource {
 public:
  struct Foreign {
    AddressRange range;
    std::string label;
  };
  RelocatedKernelSource(std::unique_ptr<KernelSource> inner, uint64_t offset, std::string label,
                        std::vector<Foreign> foreign);
  const KernelHeader& header() const override { return inner_->header(); }
  const OpcodeTable& opcodes() const override { return inner_->opcodes(); }
  bool next_block(ThreadBlock& tb) override;

 private:
  std::unique_ptr<KernelSource> inner_;
  uint64_t offset_;
  std::string label_;
  std::vector<Foreign> foreign_;
};

}  // namespace gpucosim
