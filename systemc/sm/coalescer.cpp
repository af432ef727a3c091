#include "systemc/sm/coalescer.h"

#include <stdexcept>

namespace gpucosim {

SubwarpCoalescer::SubwarpCoalescer(uint32_t lanes_per_group) : lanes_(lanes_per_group) {
  if (lanes_ == 0 || uint32_t(kWarpSize) % lanes_ != 0)
    throw std::invalid_argument("coalescer: lanes per group must divide the warp size");
}

namespace {
// The 32-byte sectors of a line that bytes [off, off+n) of it touch (n > 0, off + n <= line size).
uint8_t sectors_of(uint32_t off, uint32_t n) {
  constexpr uint32_t kSector = CoalescedRequest::kSectorBytes;
  const uint32_t s0 = off / kSector, s1 = (off + n - 1) / kSector;
  return uint8_t(((1u << (s1 + 1)) - 1) & ~((1u << s0) - 1));
}

// Adds bytes [a, a+n) of `lane` to the requests of the current group (those from index `first`).
void add_span(std::vector<CoalescedRequest>& out, size_t first, uint32_t lane, uint64_t a, uint32_t n) {
  constexpr uint64_t kLineMask = CoalescedRequest::kLineBytes - 1;
  // The common case, a span inside the line of the group's last request (consecutive lanes of a
  // coalesced access): what the loop below does for it, without the search.
  if (out.size() > first && n > 0 && (a & kLineMask) + n <= CoalescedRequest::kLineBytes &&
      out.back().line_addr == (a & ~kLineMask)) {
    CoalescedRequest& r = out.back();
    r.lane_mask |= 1u << lane;
    r.sector_mask |= sectors_of(uint32_t(a & kLineMask), n);
    r.bytes = uint16_t(r.bytes + n);
    return;
  }
  while (n > 0) {
    uint64_t line = a & ~kLineMask;
    uint32_t in_line = uint32_t(line + CoalescedRequest::kLineBytes - a);
    uint32_t take = n < in_line ? n : in_line;
    uint8_t sectors = sectors_of(uint32_t(a - line), take);
    // Consecutive lanes usually hit the request made last, so search backwards.
    CoalescedRequest* r = nullptr;
    for (size_t i = out.size(); i > first; --i) {
      if (out[i - 1].line_addr == line) {
        r = &out[i - 1];
        break;
      }
    }
    if (!r) {
      out.push_back(CoalescedRequest{line, 0, 0, 0});
      r = &out.back();
    }
    r->lane_mask |= 1u << lane;
    r->sector_mask |= sectors;
    r->bytes = uint16_t(r->bytes + take);
    a += take;
    n -= take;
  }
}
}  // namespace

void SubwarpCoalescer::coalesce(const CoalescerInput& in, std::vector<CoalescedRequest>& out) {
  out.clear();
  const uint32_t width = in.access_bytes ? in.access_bytes : 4;
  for (uint32_t g = 0; g < uint32_t(kWarpSize); g += lanes_) {
    const uint32_t group_mask = (lanes_ == 32 ? ~0u : ((1u << lanes_) - 1) << g);
    uint32_t m = in.active_mask & group_mask;
    const size_t first = out.size();
    while (m) {
      uint32_t lane = uint32_t(__builtin_ctz(m));
      m &= m - 1;
      add_span(out, first, lane, (*in.addrs)[lane], width);
    }
  }
  // A request never moves more than its sectors hold (lanes may read the same bytes).
  for (CoalescedRequest& r : out) {
    uint32_t cap = uint32_t(__builtin_popcount(r.sector_mask)) * CoalescedRequest::kSectorBytes;
    if (r.bytes > cap) r.bytes = uint16_t(cap);
  }
}

std::unique_ptr<CoalescerInterface> make_baseline_coalescer(uint32_t coalesce_arch) {
  return std::make_unique<SubwarpCoalescer>(coalesce_arch < 60 ? 32u : 8u);
}

}  // namespace gpucosim
