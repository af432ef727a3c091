#include "systemc/gpu/host_heap.h"

#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace gpucosim {

namespace {
constexpr uint64_t kHugePage = uint64_t(2) << 20;
constexpr uint64_t kMargin = uint64_t(64) << 20;  // the reader's buffers and the process's own
// M_TRIM_THRESHOLD that turns trimming off (mallopt(3)): the heap's free top, however large (the
// startup heap's 256 MiB of address space, a run's region after the model is freed), is kept
// where it is, marked, rather than given back and mapped again without the mark in 4 KiB pages.
constexpr int kNeverTrim = -1;
// Beyond this the region is not worth asking for: an estimate this large is refused by the
// footprint check first (at most 16 GB by default), and address space is not unlimited.
constexpr uint64_t kMaxRegion = uint64_t(32) << 30;
}  // namespace

uint64_t heap_region_bytes(uint64_t model_bytes) {
  const uint64_t twice = model_bytes > kMaxRegion ? kMaxRegion : 2 * model_bytes;
  const uint64_t b = twice + kMargin > kMaxRegion ? kMaxRegion : twice + kMargin;
  return (b + kHugePage - 1) / kHugePage * kHugePage;
}

HeapRegion prefer_huge_page_heap(uint64_t bytes, bool one_arena) {
  HeapRegion r;
#if defined(GPUCOSIM_SANITIZER_HEAP)
  (void)bytes;
  (void)one_arena;
  r.why_not = "a sanitizer's allocator";
#elif !defined(__GLIBC__)
  (void)bytes;
  (void)one_arena;
  r.why_not = "not glibc";
#else
  if (bytes < kHugePage) {
    r.why_not = "a region smaller than one huge page";
    return r;
  }
  if (bytes > kMaxRegion) bytes = kMaxRegion;
  // The thresholds before the region's block: a block of `bytes` from the heap (not a mapping)
  // and its freeing not trimmed away.
  const auto limit = [](uint64_t b) { return b > uint64_t(INT32_MAX) ? INT32_MAX : int(b); };
  if ((one_arena && !mallopt(M_ARENA_MAX, 1)) || !mallopt(M_MMAP_THRESHOLD, limit(bytes + kHugePage)) ||
      !mallopt(M_TRIM_THRESHOLD, kNeverTrim)) {
    r.why_not = "glibc refused a setting (mallopt)";
    return r;
  }
  const struct mallinfo2 before = mallinfo2();
  void* block = std::malloc(bytes);
  if (!block) {
    r.why_not = "no address space for the region";
    return r;
  }
  // A block mapped on its own (a threshold above glibc's maximum) would be unmapped by free():
  // nothing to mark then.
  const bool from_heap = mallinfo2().hblkhd == before.hblkhd;
  const uintptr_t b = reinterpret_cast<uintptr_t>(block);
  r.begin = (b + kHugePage - 1) & ~(kHugePage - 1);
  r.end = (b + bytes) & ~(kHugePage - 1);
  if (from_heap && r.end > r.begin &&
      madvise(reinterpret_cast<void*>(r.begin), r.end - r.begin, MADV_HUGEPAGE) == 0) {
    r.reserved = true;
  } else {
    r.why_not = from_heap ? "the kernel refused MADV_HUGEPAGE" : "glibc mapped the region on its own";
    r.begin = r.end = 0;
  }
  std::free(block);  // back to the heap's top, kept there (no trimming), reused from now on
#endif
  return r;
}

HeapRegion prefer_huge_page_startup_heap() {
  HeapRegion r;
#if defined(GPUCOSIM_SANITIZER_HEAP)
  r.why_not = "a sanitizer's allocator";
#elif !defined(__GLIBC__)
  r.why_not = "not glibc";
#else
  // Under an address-space or data-size limit (ulimit -v / -d) the process keeps glibc's
  // defaults: address space taken ahead could be what a later allocation needs.
  struct rlimit as {}, data {};
  if (getrlimit(RLIMIT_AS, &as) != 0 || getrlimit(RLIMIT_DATA, &data) != 0 || as.rlim_cur != RLIM_INFINITY ||
      data.rlim_cur != RLIM_INFINITY) {
    r.why_not = "an address-space or data-size limit (ulimit -v / -d)";
    return r;
  }
  // The next extension of the heap takes kStartupHeapBytes more address space than asked for
  // (M_TOP_PAD, put back to glibc's default right after, so no later extension asks for more
  // than it needs); the heap is never trimmed (M_TRIM_THRESHOLD); blocks below an eighth
  // of it come from the heap.
  const int pad = int(kStartupHeapBytes);
  constexpr int kGlibcTopPad = 128 * 1024;
  if (!mallopt(M_MMAP_THRESHOLD, pad / 8) || !mallopt(M_TRIM_THRESHOLD, kNeverTrim) || !mallopt(M_TOP_PAD, pad)) {
    mallopt(M_TOP_PAD, kGlibcTopPad);
    r.why_not = "glibc refused a setting (mallopt)";
    return r;
  }
  // One block just larger than the heap's free top makes glibc extend the heap now. Extending
  // writes the new top's header right after the block, in the page past the old end, whose
  // 2 MiB range already holds the heap's first (small) pages; a range with a 4 KiB page in it
  // never gets a huge page, which is why the range is marked only after this and from the next
  // 2 MiB boundary on.
  const size_t top = mallinfo2().keepcost;
  const uintptr_t brk_before = reinterpret_cast<uintptr_t>(sbrk(0));
  void* block = std::malloc(top + 64);
  mallopt(M_TOP_PAD, kGlibcTopPad);
  const uintptr_t b = reinterpret_cast<uintptr_t>(block);
  const uintptr_t brk_end = reinterpret_cast<uintptr_t>(sbrk(0));
  // The heap grew by the pad (not refused, and the block not mapped elsewhere instead).
  if (!block || brk_end < brk_before + kStartupHeapBytes || b >= brk_end) {
    std::free(block);
    r.why_not = "the heap could not be extended (no address space)";
    return r;
  }
  r.begin = (b + top + 64 + 32 + kHugePage - 1) & ~(kHugePage - 1);
  r.end = brk_end & ~(kHugePage - 1);
  if (r.end <= r.begin || madvise(reinterpret_cast<void*>(r.begin), r.end - r.begin, MADV_HUGEPAGE) != 0) {
    r.why_not = "the kernel refused MADV_HUGEPAGE";
    r.begin = r.end = 0;
    std::free(block);
    return r;
  }
  // The block grown in place (into the top) to end at r.begin (glibc: a chunk of n requested
  // bytes takes max(32, align16(n + 8)), its header 16 bytes before the pointer), so the next
  // block from the top starts at r.begin. Kept for the process's life: under 2 MiB of address
  // space, its pages untouched.
  void* head = std::realloc(block, r.begin - b - 8);
  if (head != block) {  // moved instead (not glibc's in-place growth): nothing pinned, still marked
    std::free(head);
    r.why_not = "glibc did not grow the block in place";
    return r;
  }
  r.reserved = true;
#endif
  return r;
}

}  // namespace gpucosim
