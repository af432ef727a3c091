#include "systemc/gpu/sched/sched_tables.h"

#include <stdexcept>

namespace gpucosim {

const char* sm_state_name(SmState s) {
  switch (s) {
    case SmState::Idle: return "idle";
    case SmState::Running: return "running";
    case SmState::Reserved: return "reserved";
  }
  return "?";
}

SchedTables::SchedTables(uint32_t n_sms, uint32_t ksrt_entries) : ksrt_(ksrt_entries), smst_(n_sms) {}

std::vector<const KsrEntry*> SchedTables::active() const {
  std::vector<const KsrEntry*> out;
  for (const KsrEntry& e : ksrt_)
    if (e.launch_id) out.push_back(&e);
  // Entries are reused, so table order is not arrival order.
  for (size_t i = 1; i < out.size(); ++i)
    for (size_t j = i; j > 0 && out[j - 1]->arrival > out[j]->arrival; --j) std::swap(out[j - 1], out[j]);
  return out;
}

const KsrEntry* SchedTables::find(uint32_t launch_id) const {
  for (const KsrEntry& e : ksrt_)
    if (e.launch_id && e.launch_id == launch_id) return &e;
  return nullptr;
}

KsrEntry* SchedTables::find(uint32_t launch_id) {
  return const_cast<KsrEntry*>(static_cast<const SchedTables*>(this)->find(launch_id));
}

bool SchedTables::full() const {
  for (const KsrEntry& e : ksrt_)
    if (!e.launch_id) return false;
  return true;
}

KsrEntry& SchedTables::insert(uint32_t launch_id, uint32_t context, uint32_t priority, int64_t tokens,
                                uint32_t per_sm) {
  for (KsrEntry& e : ksrt_)
    if (!e.launch_id) {
      e = KsrEntry{};
      e.launch_id = launch_id;
      e.context = context;
      e.priority = priority;
      e.budget = e.count = tokens;
      e.arrival = arrivals_++;
      e.per_sm = per_sm ? per_sm : 1;
      return e;
    }
  throw std::logic_error("SchedTables::insert: the KSRT is full (" + std::to_string(ksrt_.size()) + " entries)");
}

void SchedTables::remove(uint32_t launch_id, bool exclusive) {
  KsrEntry* e = find(launch_id);
  if (!e) throw std::logic_error("SchedTables::remove: kernel " + std::to_string(launch_id) + " is not active");
  for (uint32_t s = 0; s < smst_.size() && exclusive; ++s)
    if (smst_[s].state == SmState::Running && smst_[s].kernel == launch_id && smst_[s].running)
      throw std::logic_error("SchedTables::remove: kernel " + std::to_string(launch_id) + " still runs on SM " +
                             std::to_string(s));
  *e = KsrEntry{};
}

void SchedTables::block_left(uint32_t sm) {
  SmStatus& st = smst_.at(sm);
  if (st.running == 0) throw std::logic_error("SchedTables::block_left: SM " + std::to_string(sm) + " holds no block");
  st.running -= 1;
}

// Spec 003 §5.2 invariant 11: idle -> running (setup), running -> reserved (policy), reserved ->
// running (preemption done), running -> idle (nothing left to issue, SM empty). Nothing else.
void SchedTables::transition(uint32_t sm, SmState to) {
  SmStatus& st = smst_.at(sm);
  const SmState from = st.state;
  const bool ok = (from == SmState::Idle && to == SmState::Running) ||
                  (from == SmState::Running && (to == SmState::Reserved || to == SmState::Idle)) ||
                  (from == SmState::Reserved && to == SmState::Running);
  if (!ok)
    throw std::logic_error(std::string("SMST: illegal transition of SM ") + std::to_string(sm) + " from " +
                           sm_state_name(from) + " to " + sm_state_name(to));
  st.state = to;
  transitions_ += 1;
}

void SchedTables::add_count(uint32_t k, int64_t d) {
  if (KsrEntry* e = find(k)) e->count += d;  // a kernel that has left the KSRT has no tokens
}

void SchedTables::assign(uint32_t sm, uint32_t launch_id) {
  if (!find(launch_id)) throw std::logic_error("SchedTables::assign: kernel " + std::to_string(launch_id) + " is not active");
  transition(sm, SmState::Running);
  smst_[sm].kernel = launch_id;
  smst_[sm].next = 0;
  add_count(launch_id, -1);
}

void SchedTables::reserve(uint32_t sm, uint32_t next) {
  if (!find(next)) throw std::logic_error("SchedTables::reserve: kernel " + std::to_string(next) + " is not active");
  if (smst_.at(sm).kernel == next) throw std::logic_error("SchedTables::reserve: SM already runs that kernel");
  transition(sm, SmState::Reserved);
  smst_[sm].next = next;
  smst_[sm].preempt_sent = false;
  add_count(smst_[sm].kernel, +1);
  add_count(next, -1);
}

void SchedTables::retarget(uint32_t sm, uint32_t next) {
  SmStatus& st = smst_.at(sm);
  if (st.state != SmState::Reserved) throw std::logic_error("SchedTables::retarget: SM is not reserved");
  add_count(st.next, +1);
  add_count(next, -1);
  st.next = next;
}

void SchedTables::preempted(uint32_t sm) {
  SmStatus& st = smst_.at(sm);
  if (st.state != SmState::Reserved)
    throw std::logic_error("SchedTables::preempted: SM " + std::to_string(sm) + " is not reserved");
  if (st.running) throw std::logic_error("SchedTables::preempted: SM " + std::to_string(sm) + " still holds blocks");
  transition(sm, SmState::Running);
  st.kernel = st.next;
  st.next = 0;
  st.preempt_sent = false;
}

void SchedTables::release(uint32_t sm) {
  SmStatus& st = smst_.at(sm);
  if (st.running) throw std::logic_error("SchedTables::release: SM " + std::to_string(sm) + " still holds blocks");
  transition(sm, SmState::Idle);
  add_count(st.kernel, +1);
}

void SchedTables::shared_block_started(uint32_t sm, uint32_t launch_id) {
  SmStatus& st = smst_.at(sm);
  if (st.state == SmState::Idle) transition(sm, SmState::Running);
  st.kernel = launch_id;
  st.running += 1;
}

uint32_t SchedTables::assigned_to(uint32_t k) const {
  uint32_t n = 0;
  for (const SmStatus& st : smst_)
    n += (st.state == SmState::Running && st.kernel == k) || (st.state == SmState::Reserved && st.next == k);
  return n;
}

bool SchedTables::wants_sm(const KsrEntry& k) const {
  uint64_t room = 0;
  for (const SmStatus& st : smst_) {
    if (st.state == SmState::Running && st.kernel == k.launch_id) room += st.running < k.per_sm ? k.per_sm - st.running : 0;
    if (st.state == SmState::Reserved && st.next == k.launch_id) room += k.per_sm;
  }
  return k.blocks_left > room;
}

void SchedTables::check_tokens() const {
  for (const KsrEntry& e : ksrt_)
    if (e.launch_id && e.count + int64_t(assigned_to(e.launch_id)) != e.budget)
      throw std::logic_error("KSRT: tokens of kernel " + std::to_string(e.launch_id) + " not conserved: count " +
                             std::to_string(e.count) + " + " + std::to_string(assigned_to(e.launch_id)) +
                             " SMs != budget " + std::to_string(e.budget));
}

}  // namespace gpucosim
