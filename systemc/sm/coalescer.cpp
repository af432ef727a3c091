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
// Zero when each of the N lanes from `a` starts `width` bytes after the previous one (a fixed
// trip count, so the compiler unrolls it).
template <uint32_t N>
uint64_t gaps_of(const uint64_t* a, uint64_t width) {
  uint64_t gaps = 0;
  for (uint32_t k = 1; k < N; ++k) gaps |= (a[k] - a[k - 1]) ^ width;
  return gaps;
}
}  // namespace

void SubwarpCoalescer::coalesce(const CoalescerInput& in, std::vector<CoalescedRequest>& out) {
  constexpr uint64_t kLineMask = CoalescedRequest::kLineBytes - 1;
  out.clear();
  const uint32_t width = in.access_bytes ? in.access_bytes : 4;
  const LaneAddrs& addrs = *in.addrs;
  for (uint32_t g = 0; g < uint32_t(kWarpSize); g += lanes_) {
    const uint32_t group_mask = (lanes_ == 32 ? ~0u : ((1u << lanes_) - 1) << g);
    const uint32_t active = in.active_mask & group_mask;
    if (!active) continue;
    const uint64_t line = addrs[__builtin_ctz(active)] & ~kLineMask;
    // The common case, every lane of the group active and each lane's bytes right after the
    // previous lane's, all inside one line: the loop at the end would make exactly one request,
    // for that line, every lane, the sectors of the group's span, `width` bytes per lane.
    if (active == group_mask) {
      uint64_t gaps = 0;
      if (lanes_ == 8) {
        gaps = gaps_of<8>(&addrs[g], width);
      } else if (lanes_ == 32) {
        gaps = gaps_of<32>(&addrs[g], width);
      } else {
        for (uint32_t lane = g + 1; lane < g + lanes_; ++lane) gaps |= (addrs[lane] - addrs[lane - 1]) ^ width;
      }
      const uint32_t off = uint32_t(addrs[g] & kLineMask), span = lanes_ * width;
      if (gaps == 0 && off + span <= CoalescedRequest::kLineBytes) {
        out.push_back(CoalescedRequest{line, active, sectors_of(off, span), uint16_t(span)});
        continue;
      }
    }
    // Otherwise every active lane may still lie inside the line of the first one: then likewise
    // one request, with the union of the lanes' sectors. Checked without branching per lane.
    const uint64_t last_off = CoalescedRequest::kLineBytes - width;  // the last offset a lane may start at
    // The highest active lane outside that line already answers no (strided accesses).
    uint32_t outside = width > CoalescedRequest::kLineBytes || addrs[31 - __builtin_clz(active)] - line > last_off;
    uint32_t sectors = 0;
    for (uint32_t lane = g; !outside && lane < g + lanes_; ++lane) {
      const uint32_t on = (active >> lane) & 1u;
      const uint64_t off = addrs[lane] - line;  // huge when below the line
      outside |= on & uint32_t(off > last_off);
      const uint32_t s0 = uint32_t(off & kLineMask) / CoalescedRequest::kSectorBytes;
      const uint32_t s1 = (uint32_t(off & kLineMask) + width - 1) / CoalescedRequest::kSectorBytes;
      sectors |= (0u - on) & ((2u << s1) - 1) & ~((1u << s0) - 1);
    }
    if (!outside) {
      out.push_back(CoalescedRequest{line, active, uint8_t(sectors),
                                     uint16_t(uint32_t(__builtin_popcount(active)) * width)});
      continue;
    }
    // Lane by lane. A lane inside one line (the rule for strided accesses) joins the group's
    // request for that line, searched newest first, or makes one: add_span's rule, inline.
    const size_t first = out.size();
    for (uint32_t m = active; m; m &= m - 1) {
      const uint32_t lane = uint32_t(__builtin_ctz(m));
      const uint64_t a = addrs[lane];
      const uint32_t off = uint32_t(a & kLineMask);
      if (off + width > CoalescedRequest::kLineBytes) {
        add_span(out, first, lane, a, width);
        continue;
      }
      const uint64_t lane_line = a & ~kLineMask;
      size_t i = out.size();
      while (i > first && out[i - 1].line_addr != lane_line) --i;
      if (i == first) {
        out.push_back(CoalescedRequest{lane_line, 0, 0, 0});
        i = out.size();
      }
      CoalescedRequest& r = out[i - 1];
      r.lane_mask |= 1u << lane;
      r.sector_mask |= sectors_of(off, width);
      r.bytes = uint16_t(r.bytes + width);
    }
  }
  // A request never moves more than its sectors hold (lanes may read the same bytes).
  for (CoalescedRequest& r : out) {
    // Sectors in the 4-bit mask from a nibble-indexed constant (__builtin_popcount is a libgcc
    // call when the build does not target POPCNT).
    const uint32_t n_sectors = uint32_t((0x4332322132212110ull >> (4 * (r.sector_mask & 0xF))) & 0xF);
    const uint32_t cap = n_sectors * CoalescedRequest::kSectorBytes;
    if (r.bytes > cap) r.bytes = uint16_t(cap);
  }
}

std::unique_ptr<CoalescerInterface> make_baseline_coalescer(uint32_t coalesce_arch) {
  return std::make_unique<SubwarpCoalescer>(coalesce_arch < 60 ? 32u : 8u);
}

}  // namespace gpucosim
