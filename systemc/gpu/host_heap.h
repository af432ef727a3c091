#pragma once
// The host process's heap for a simulation run: one region of the heap, sized to the model,
// backed by transparent huge pages, and every thread allocating from it.
//
// Why: a run allocates its model (tag arrays, line states, queues, the requests' payload pools)
// and the trace reader's blocks in tens of megabytes, each 4 KiB page of them faulted in on first
// touch, and glibc by default gives freed memory back and faults it in again: the heap's top is
// trimmed above 128 KiB free, blocks of 128 KiB and more are separate mappings unmapped on free,
// and every thread beyond the first allocates in an arena of its own (mapped, grown and shrunk
// in 4 KiB pages). Under virtualisation a page fault costs microseconds (paravirtualised page
// tables measured about 10 us each: fixture_x10 on SM7_QV100 took 12.6 K faults, 0.13 s of system
// time, most of the model's construction). With the region below, the same run takes 1.7 K.
//
// What prefer_huge_page_heap(bytes, one_arena) does, once, before the model is built and before
// any thread of the run is started (glibc only; a sanitizer's allocator, which ignores glibc's
// settings, gets nothing):
//  * with `one_arena`, one arena (M_ARENA_MAX = 1): the trace reader and the host workers
//    allocate from the main heap, hence from the region, too. It costs lock contention between
//    threads that allocate at once (the reader's blocks, the statistics collections on the
//    team); measured a gain with two host threads (fixture_x10 / SM7_QV100 0.607 -> 0.565 s),
//    never measured with more, so `gpucosim run` asks for it only with at most two;
//  * blocks below the region's size come from the heap, not from mappings of their own
//    (M_MMAP_THRESHOLD), and the heap is not trimmed (M_TRIM_THRESHOLD): freed memory is reused
//    in place, not returned and faulted in again;
//  * the heap is grown by `bytes` (address space only: nothing is touched) and that range is
//    marked MADV_HUGEPAGE, so what the run touches there comes in 2 MiB pages where the kernel's
//    transparent huge pages are enabled ("always" or "madvise"). Resident memory stays what the
//    run touches, rounded to 2 MiB pages; a run that needs more grows the heap beyond the region
//    in ordinary pages.
// Results never depend on it: the model's behaviour does not depend on where its memory lies.
#include <cstdint>

// A sanitizer replaces malloc: glibc's settings would change nothing but the test of them. Both
// functions below then do nothing (HeapRegion::why_not says so); tests read this too.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GPUCOSIM_SANITIZER_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define GPUCOSIM_SANITIZER_HEAP 1
#endif
#endif

namespace gpucosim {

struct HeapRegion {
  bool reserved = false;       // the settings were made and the region marked
  uintptr_t begin = 0, end = 0;  // the range marked MADV_HUGEPAGE (2 MiB aligned), when reserved
  // When not reserved: why (a sanitizer, not glibc, a call refused). A literal: nothing is
  // allocated to say it, as the startup hook runs before the libraries are initialised.
  const char* why_not = "";
};

HeapRegion prefer_huge_page_heap(uint64_t bytes, bool one_arena);

// The process's heap in huge pages from its start, for what the shared libraries allocate and
// write as they load: SystemC's initialisers take about 3 MiB and fill it (its object pools),
// 768 page faults of 4 KiB, about 8 ms of every command's start on a paravirtualised machine
// (`gpucosim --version` took 19 ms of CPU and 1.09 K faults; 7 ms and 245 with this). Meant to
// be called from the executable's .preinit_array, before those initialisers run (cli/main.cpp).
// The heap is extended at once by kStartupHeapBytes of address space (glibc's M_TOP_PAD for that
// one extension), marked MADV_HUGEPAGE from its first 2 MiB boundary on before anything touches
// it (a 2 MiB range that already holds a 4 KiB page never gets a huge page: a block's header
// written there before the mark would cost the range's 512 faults), and a block kept for the
// process's life ends at that boundary, so what is allocated next starts there. Blocks below an
// eighth of it come from the heap. Nothing is touched but what is allocated;
// prefer_huge_page_heap() later finds its region inside this one when the run fits. Under an
// address-space or data-size limit (ulimit -v / -d) nothing is changed: the address space taken
// ahead could be what a later allocation needs.
// Same conditions as above (glibc, no sanitizer); a refusal changes nothing but speed.
constexpr uint64_t kStartupHeapBytes = uint64_t(256) << 20;
HeapRegion prefer_huge_page_startup_heap();

// The region's size for a run whose model is estimated at `model_bytes` (model_footprint.h): the
// model twice over (the estimate leaves out what grows with the run: the requests in flight, the
// reader's blocks, the statistics) plus 64 MiB for the trace reader's buffers and the process's
// own, rounded up to 2 MiB; address space, not memory (see above).
uint64_t heap_region_bytes(uint64_t model_bytes);

}  // namespace gpucosim
