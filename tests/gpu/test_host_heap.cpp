// The run's heap (host_heap.h): after prefer_huge_page_heap the region is marked for huge pages,
// large blocks and other threads' blocks come from it, and freed memory is not given back. Each
// check runs in a child process, so the test binary's own heap keeps glibc's defaults.
#include "systemc/gpu/host_heap.h"

#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace gpucosim {
namespace {

constexpr int kNotApplicable = 77;

// The VmFlags of the mapping of /proc/self/smaps that holds [begin, end), or "" if none does.
std::string vm_flags_of(uintptr_t begin, uintptr_t end) {
  std::ifstream in("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo <= begin && end <= hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return "";
}

// Whether [p, p + n) lies in the region's block: the marked range is that block rounded inwards
// to whole huge pages, so the block may start up to one huge page before it.
bool within(const HeapRegion& r, const void* p, size_t n) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return r.begin - (uintptr_t(2) << 20) <= a && a + n <= r.end;
}

// Runs `check` in a child: its exit code (0 = passed, kNotApplicable, or the failed step).
template <class Check>
int in_child(Check check) {
  const pid_t pid = fork();
  if (pid == 0) _exit(check());
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

TEST(HostHeap, TheRegionIsMarkedForHugePagesAndLargeAndOtherThreadsBlocksComeFromIt) {
  const int rc = in_child([] {
    const uint64_t size = uint64_t(64) << 20;
    const HeapRegion r = prefer_huge_page_heap(size, /*one_arena=*/true);
    if (!r.reserved) return kNotApplicable;  // a sanitizer build, not glibc, or no THP in the kernel
    if (r.end - r.begin < size - (uint64_t(4) << 20)) return 1;
    if (r.begin % (2 << 20) || r.end % (2 << 20)) return 2;
    if (vm_flags_of(r.begin, r.end).find(" hg") == std::string::npos) return 3;
    // A 16 MiB block (glibc's default would map it on its own) lies in the region.
    const size_t big = size_t(16) << 20;
    const size_t mapped_before = mallinfo2().hblkhd;
    void* a = std::malloc(big);
    if (!within(r, a, big) || mallinfo2().hblkhd != mapped_before) return 4;
    // Freed and asked for again: the same memory, not given back and mapped anew.
    std::free(a);
    void* again = std::malloc(big);
    if (!within(r, again, big)) return 5;
    // Another thread allocates in the same (main) arena, hence in the region.
    void* from_thread = nullptr;
    std::thread t([&] { from_thread = std::malloc(1 << 20); });
    t.join();
    if (!within(r, from_thread, 1 << 20)) return 6;
    std::free(from_thread);
    std::free(again);
    return 0;
  });
  if (rc == kNotApplicable) GTEST_SKIP() << "no huge-page heap in this build or kernel (a sanitizer's allocator?)";
  EXPECT_EQ(rc, 0) << "failed step " << rc << " (see the test's returns)";
}

TEST(HostHeap, WithoutOneArenaAnotherThreadAllocatesInAnArenaOfItsOwn) {
  // The control of step 6 above: the main thread's blocks still come from the region, another
  // thread's (glibc's default, an arena per thread) do not.
  const int rc = in_child([] {
    const HeapRegion r = prefer_huge_page_heap(uint64_t(64) << 20, /*one_arena=*/false);
    if (!r.reserved) return kNotApplicable;
    const size_t big = size_t(16) << 20;
    void* a = std::malloc(big);
    if (!within(r, a, big)) return 1;
    void* from_thread = nullptr;
    std::thread t([&] { from_thread = std::malloc(1 << 20); });
    t.join();
    if (within(r, from_thread, 1 << 20)) return 2;
    std::free(from_thread);
    std::free(a);
    return 0;
  });
  if (rc == kNotApplicable) GTEST_SKIP() << "no huge-page heap in this build or kernel (a sanitizer's allocator?)";
  EXPECT_EQ(rc, 0) << "failed step " << rc;
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

TEST(HostHeap, ARegionSmallerThanAHugePageIsNotAskedFor) {
  const int rc = in_child([] { return prefer_huge_page_heap(4096, true).reserved ? 1 : 0; });
  EXPECT_EQ(rc, 0);
}

}  // namespace
}  // namespace gpucosim
