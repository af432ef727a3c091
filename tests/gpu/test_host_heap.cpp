// The run's heap (host_heap.h): after prefer_huge_page_heap the region is marked for huge pages,
// large blocks and other threads' blocks come from it, and freed memory is not given back. Each
// check runs in a child process (gpu_test_util.h's in_child), so the test binary's own heap keeps
// glibc's defaults; the child reports what it saw and the parent checks it.
#include "systemc/gpu/host_heap.h"

#include <malloc.h>
#include <sys/resource.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/gpu/gpu_test_util.h"

namespace gpucosim {
namespace {

using test::in_child;
using test::json;

// The mappings of /proc/self/smaps that overlap [begin, end): each one's range and VmFlags line.
// (The kernel shows the region as one mapping most of the time and as two adjacent ones, both
// marked, in about 1 run in 20 of this test: checking a single mapping made the test flaky.)
struct Mapping {
  uintptr_t lo = 0, hi = 0;
  std::string flags;
};
std::vector<Mapping> mappings_over(uintptr_t begin, uintptr_t end) {
  std::ifstream in("/proc/self/smaps");
  std::vector<Mapping> out;
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo < end && begin < hi;
      if (inside) out.push_back({lo, hi, ""});
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) out.back().flags = line;
  }
  return out;
}

// Whether [begin, end) is covered, without a gap, by mappings that all carry `flag`; otherwise
// what was seen, for the failure message.
std::string marked(uintptr_t begin, uintptr_t end, const std::string& flag) {
  const std::vector<Mapping> maps = mappings_over(begin, end);
  uintptr_t covered = begin;
  bool ok = !maps.empty();
  for (const Mapping& m : maps) {
    ok = ok && m.lo <= covered && m.flags.find(flag) != std::string::npos;
    covered = m.hi;
  }
  ok = ok && covered >= end;
  if (ok) return "";
  std::ostringstream o;
  o << std::hex << "region " << begin << "-" << end << ":";
  for (const Mapping& m : maps) o << " [" << m.lo << "-" << m.hi << " " << m.flags << "]";
  return o.str();
}

// Whether [p, p + n) lies in the region's block: the marked range is that block rounded inwards
// to whole huge pages, so the block may start up to one huge page before it.
bool within(const HeapRegion& r, const void* p, size_t n) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return r.begin - (uintptr_t(2) << 20) <= a && a + n <= r.end;
}

// What a test of a region records first: whether it was reserved and why not, and when it was,
// its size, its alignment to huge pages and what of it is not marked (marked() above).
json region_facts(const HeapRegion& r) {
  json j{{"reserved", r.reserved}, {"why_not", r.why_not}};
  if (!r.reserved) return j;
  j["region_bytes"] = r.end - r.begin;
  j["aligned"] = r.begin % (2 << 20) == 0 && r.end % (2 << 20) == 0;
  j["not_marked"] = marked(r.begin, r.end, " hg");
  return j;
}

// Whether a 1 MiB block another thread allocates (and frees) lies in the region.
bool other_threads_block_in_region(const HeapRegion& r) {
  void* block = nullptr;
  std::thread t([&] { block = std::malloc(1 << 20); });
  t.join();
  const bool in = within(r, block, 1 << 20);
  std::free(block);
  return in;
}

TEST(HostHeap, TheRegionIsMarkedForHugePagesAndLargeAndOtherThreadsBlocksComeFromIt) {
  constexpr uint64_t size = uint64_t(64) << 20;
  const json seen = in_child([] {
    const HeapRegion r = prefer_huge_page_heap(size, /*one_arena=*/true);
    json j = region_facts(r);
    if (!r.reserved) return j;  // a sanitizer build, not glibc, or no THP in the kernel
    // A 16 MiB block (glibc's default would map it on its own) lies in the region.
    const size_t big = size_t(16) << 20;
    const size_t mapped_before = mallinfo2().hblkhd;
    void* a = std::malloc(big);
    j["big_in_region"] = within(r, a, big);
    j["big_not_mapped"] = mallinfo2().hblkhd == mapped_before;
    // Freed and asked for again: the same memory, not given back and mapped anew.
    std::free(a);
    void* again = std::malloc(big);
    j["again_in_region"] = within(r, again, big);
    // Another thread allocates in the same (main) arena, hence in the region.
    j["thread_in_region"] = other_threads_block_in_region(r);
    std::free(again);
    return j;
  });
  ASSERT_TRUE(seen.is_object());
  if (!seen["reserved"].get<bool>())
    GTEST_SKIP() << "no huge-page heap in this build or kernel: " << seen["why_not"].get<std::string>();
  EXPECT_GE(seen["region_bytes"].get<uint64_t>(), size - (uint64_t(4) << 20));
  EXPECT_TRUE(seen["aligned"].get<bool>());
  EXPECT_EQ(seen["not_marked"].get<std::string>(), "");  // every mapping over the region marked "hg"
  EXPECT_TRUE(seen["big_in_region"].get<bool>());
  EXPECT_TRUE(seen["big_not_mapped"].get<bool>());
  EXPECT_TRUE(seen["again_in_region"].get<bool>());
  EXPECT_TRUE(seen["thread_in_region"].get<bool>());
}

TEST(HostHeap, WithoutOneArenaAnotherThreadAllocatesInAnArenaOfItsOwn) {
  // The control of the thread check above: the main thread's blocks still come from the region,
  // another thread's (glibc's default, an arena per thread) do not.
  const json seen = in_child([] {
    const HeapRegion r = prefer_huge_page_heap(uint64_t(64) << 20, /*one_arena=*/false);
    json j{{"reserved", r.reserved}, {"why_not", r.why_not}};
    if (!r.reserved) return j;
    const size_t big = size_t(16) << 20;
    void* a = std::malloc(big);
    j["big_in_region"] = within(r, a, big);
    j["thread_in_region"] = other_threads_block_in_region(r);
    std::free(a);
    return j;
  });
  ASSERT_TRUE(seen.is_object());
  if (!seen["reserved"].get<bool>())
    GTEST_SKIP() << "no huge-page heap in this build or kernel: " << seen["why_not"].get<std::string>();
  EXPECT_TRUE(seen["big_in_region"].get<bool>());
  EXPECT_FALSE(seen["thread_in_region"].get<bool>());
}

TEST(HostHeap, TheRegionIsTheModelTwiceOverPlusAMarginInWholeHugePages) {
  const uint64_t mib = uint64_t(1) << 20;
  EXPECT_EQ(heap_region_bytes(0), 64 * mib);
  EXPECT_EQ(heap_region_bytes(10 * mib), 84 * mib);
  EXPECT_EQ(heap_region_bytes(10 * mib + 1) % (2 * mib), 0u);
  EXPECT_GE(heap_region_bytes(10 * mib + 1), 84 * mib + 2);
  // Capped: an estimate beyond any real run asks for no more address space than the cap.
  EXPECT_EQ(heap_region_bytes(UINT64_MAX), heap_region_bytes(uint64_t(1) << 40));
  EXPECT_LE(heap_region_bytes(UINT64_MAX), uint64_t(32) << 30);
}

TEST(HostHeap, TheStartupHeapPutsTheNextBlocksInHugePages) {
  // What the shared libraries' initialisers allocate after the executable's .preinit_array hook
  // (cli/main.cpp): SystemC's ~3 MiB of pools, then smaller blocks, all inside the marked range.
  const json seen = in_child([] {
    const HeapRegion r = prefer_huge_page_startup_heap();
    json j = region_facts(r);
    if (!r.reserved) return j;
    const size_t pools = size_t(3) << 20;
    const size_t mapped_before = mallinfo2().hblkhd;
    void* a = std::malloc(pools);
    void* b = std::malloc(4096);
    const uintptr_t pa = reinterpret_cast<uintptr_t>(a), pb = reinterpret_cast<uintptr_t>(b);
    j["pools_at_begin"] = pa >= r.begin && pa < r.begin + 4096 && pa + pools <= r.end;
    j["next_in_region"] = pb >= r.begin && pb + 4096 <= r.end;
    j["not_mapped"] = mallinfo2().hblkhd == mapped_before;
    std::free(b);
    std::free(a);
    return j;
  });
  ASSERT_TRUE(seen.is_object());
  if (!seen["reserved"].get<bool>())
    GTEST_SKIP() << "no huge-page heap in this build or kernel: " << seen["why_not"].get<std::string>();
  EXPECT_GE(seen["region_bytes"].get<uint64_t>(), kStartupHeapBytes - (uint64_t(4) << 20));
  EXPECT_TRUE(seen["aligned"].get<bool>());
  EXPECT_EQ(seen["not_marked"].get<std::string>(), "");
  EXPECT_TRUE(seen["pools_at_begin"].get<bool>());
  EXPECT_TRUE(seen["next_in_region"].get<bool>());
  EXPECT_TRUE(seen["not_mapped"].get<bool>());
}

TEST(HostHeap, TheStartupHeapTakesNoAddressSpaceAheadUnderALimit) {
  // Under `ulimit -v` the startup heap leaves glibc's settings as they are, and allocating goes on.
#if defined(GPUCOSIM_SANITIZER_HEAP)
  GTEST_SKIP() << "a sanitizer's allocator: no startup heap, and its runtime needs unlimited address space";
#endif
  const json seen = in_child([] {
    struct rlimit lim {};
    getrlimit(RLIMIT_AS, &lim);
    lim.rlim_cur = rlim_t(4) << 30;  // far more than the child uses: only its being finite counts
    json j{{"limited", setrlimit(RLIMIT_AS, &lim) == 0}};
    const HeapRegion r = prefer_huge_page_startup_heap();
    j["reserved"] = r.reserved;
    j["why_not"] = r.why_not;
    void* a = std::malloc(size_t(16) << 20);
    j["allocates"] = a != nullptr;
    std::free(a);
    return j;
  });
  ASSERT_TRUE(seen.is_object());
  if (!seen["limited"].get<bool>()) GTEST_SKIP() << "could not set an address-space limit";
  EXPECT_FALSE(seen["reserved"].get<bool>());
  EXPECT_NE(seen["why_not"].get<std::string>().find("limit"), std::string::npos) << seen["why_not"];
  EXPECT_TRUE(seen["allocates"].get<bool>());
}

TEST(HostHeap, ARegionSmallerThanAHugePageIsNotAskedFor) {
  const json seen = in_child([] { return json{{"reserved", prefer_huge_page_heap(4096, true).reserved}}; });
  ASSERT_TRUE(seen.is_object());
  EXPECT_FALSE(seen["reserved"].get<bool>());
}

}  // namespace
}  // namespace gpucosim
