// PayloadPool: payloads come back for reuse, and each lies where the fields that every stage of a
// request reads share one host cache line (payload_pool.h).
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "systemc/tlm/payload_pool.h"

namespace gpucosim {
namespace {

uintptr_t line_of(const void* a) { return reinterpret_cast<uintptr_t>(a) / PayloadPool::kLine; }

TEST(payload_pool, HotFieldsShareTheReleaseLine) {
  PayloadPool pool;
  std::vector<tlm::tlm_generic_payload*> held;
  for (int i = 0; i < 600; ++i) {  // more than one block of payloads
    tlm::tlm_generic_payload* p = pool.acquire();
    held.push_back(p);
    // The base's final 16 bytes (memory manager and reference count) start a line ...
    const char* base_end = reinterpret_cast<const char*>(p) + sizeof(tlm::tlm_generic_payload);
    ASSERT_EQ(reinterpret_cast<uintptr_t>(base_end - 16) % PayloadPool::kLine, 0u) << i;
    // ... which also holds the extension's fields up to issue_cycle.
    const GpuExtension& e = gpu_ext(*p);
    const uintptr_t line = line_of(base_end - 16);
    EXPECT_EQ(line_of(&e.kind), line);
    EXPECT_EQ(line_of(&e.kernel), line);
    EXPECT_EQ(line_of(&e.partition), line);
    EXPECT_EQ(line_of(&e.reply_bytes), line);
    EXPECT_EQ(line_of(&e.origin), line);
    EXPECT_EQ(line_of(reinterpret_cast<const char*>(&e.issue_cycle) + sizeof e.issue_cycle - 1), line);
    // A payload never overlaps the next slot.
    EXPECT_LE(PayloadPool::kOffset + sizeof(GpuPayload), PayloadPool::kSlot);
  }
  EXPECT_EQ(pool.in_use(), 600u);
  EXPECT_EQ(std::set<tlm::tlm_generic_payload*>(held.begin(), held.end()).size(), held.size());
  // Released payloads come back fresh, most recently released first.
  gpu_ext(*held.back()).kernel = 7;
  held.back()->set_address(0x1234);
  tlm::tlm_generic_payload* last = held.back();
  held.pop_back();
  last->release();
  EXPECT_EQ(pool.in_use(), 599u);
  tlm::tlm_generic_payload* again = pool.acquire();
  EXPECT_EQ(again, last);
  EXPECT_EQ(gpu_ext(*again).kernel, 0u);
  EXPECT_EQ(again->get_address(), 0u);
  EXPECT_EQ(again->get_response_status(), tlm::TLM_INCOMPLETE_RESPONSE);
  EXPECT_EQ(again->get_ref_count(), 1);
  EXPECT_GE(again->get_streaming_width(), 0xFFFFFFFFu);  // never a streaming transfer
  // The pool is destroyed with payloads still out (a run stopped early): they go with it.
}

}  // namespace
}  // namespace gpucosim
