#include "systemc/sm/context_mover.h"

namespace gpucosim {

uint32_t ContextMover::start(uint32_t launch, uint64_t addr, uint64_t bytes, bool save) {
  const uint32_t id = next_id_++;
  if (next_id_ == 0) next_id_ = 1;
  Job j;
  j.launch = launch;
  j.addr = addr & ~uint64_t(kLineBytes - 1);
  j.lines = uint32_t((bytes + kLineBytes - 1) / kLineBytes);
  j.save = save;
  jobs_[id] = j;
  if (j.lines) queue_.push_back(id);
  return id;
}

bool ContextMover::done(uint32_t job) const {
  auto it = jobs_.find(job);
  if (it == jobs_.end()) return true;
  const Job& j = it->second;
  return j.sent == j.lines && (j.save || j.returned == j.lines);
}

void ContextMover::cycle(uint64_t now, MemoryClientPort& port) {
  if (queue_.empty()) return;
  const uint32_t id = queue_.front();
  Job& j = jobs_.at(id);
  // Read tokens: the job id in the upper bits, so data() finds the job.
  const uint64_t line = j.addr + uint64_t(j.sent) * kLineBytes;
  if (!port.bypass(line, 0xf, j.save, j.save ? 0 : id, now, j.launch).accepted) return;
  j.sent += 1;
  if (!j.save) awaited_ += 1;
  if (j.sent == j.lines) queue_.pop_front();
}

void ContextMover::data(uint32_t token, uint64_t) {
  auto it = jobs_.find(token);
  if (it != jobs_.end()) it->second.returned += 1;
  if (awaited_) awaited_ -= 1;
}

}  // namespace gpucosim
