// One shard's compressor: bit vector, line cache, compression on evictions, decompression on
// preloads (regless_compressor.h).
#include "systemc/blocks/regless/regless_compressor.h"

#include <stdexcept>

namespace gpucosim {

namespace {
constexpr uint64_t kStage = 1;       // bit-vector check
constexpr uint64_t kHitAnswer = 3;   // bit check + tag match + decompress
constexpr uint64_t kFillAnswer = 2;  // tag match + decompress, once the line is back
}  // namespace

ReglessCompressor::ReglessCompressor(const ReglessCompressorConfig& c)
    : c_(c), bits_(c.n_warps, 0), lines_(c.lines) {
  if (c.lines < 2) throw std::logic_error("regless compressor: at least 2 lines");
}

bool ReglessCompressor::can_take() const {
  uint32_t free = 0;
  for (const Line& l : lines_) free += l.pending ? 0 : 1;
  return free >= 2;
}

bool ReglessCompressor::line_live(uint32_t line) const {
  for (uint32_t s = 0; s < kReglessRegsPerCompressedLine; ++s) {
    const uint32_t i = line * kReglessRegsPerCompressedLine + s;
    const uint32_t reg = i / c_.n_warps, warp = i % c_.n_warps;
    if (reg < c_.n_regs && compressed(warp, reg)) return true;
  }
  return false;
}

ReglessCompressor::Line* ReglessCompressor::find(uint32_t line) {
  for (Line& l : lines_)
    if (l.tag == int32_t(line)) return &l;
  return nullptr;
}

ReglessCompressor::Line& ReglessCompressor::allocate(uint32_t line, bool fetch, uint64_t t) {
  Line* v = nullptr;
  for (Line& l : lines_) {
    if (l.pending) continue;
    if (l.tag < 0) {
      v = &l;
      break;
    }
    if (!v || l.stamp < v->stamp) v = &l;
  }
  if (!v) throw std::logic_error("regless compressor: no line to allocate (can_take not held)");
  if (v->tag >= 0 && v->dirty && line_live(uint32_t(v->tag))) {
    memory_[uint32_t(v->tag)] = v->slot;
    l1_.push_back(L1Op{c_.base + uint64_t(v->tag) * 128, true, -1, t + kStage});
    n_.line_writebacks += 1;
  }
  *v = Line{};
  v->tag = int32_t(line);
  v->stamp = ++clock_;
  if (fetch) {
    v->pending = true;
    l1_.push_back(L1Op{c_.base + uint64_t(line) * 128, false, int32_t(line), t + kStage});
    n_.line_fetches += 1;
  }
  return *v;
}

void ReglessCompressor::apply(Line& l, const Waiter& w, uint64_t t) {
  const uint32_t slot = index(w.warp, w.reg) % kReglessRegsPerCompressedLine;
  if (w.preload) {
    fills_.push_back(Fill{w.warp, w.reg, w.osu_line, l.slot[slot], t});
  } else {
    l.slot[slot] = w.value;
    l.dirty = true;
  }
}

bool ReglessCompressor::evict(uint32_t warp, uint32_t reg, uint64_t value, uint64_t t) {
  const ReglessPattern p = regless_value_pattern(value, c_.data_bits);
  if (!compressible(p)) {
    invalidate(warp, reg);  // the memory copy becomes the uncompressed one
    n_.evictions_incompressible += 1;
    return false;
  }
  n_.evictions_compressed += 1;
  n_.by_pattern[size_t(p)] += 1;
  const uint32_t line = index(warp, reg) / kReglessRegsPerCompressedLine;
  const Waiter w{false, warp, reg, 0, value};
  Line* l = find(line);
  if (l && !l->pending) {
    n_.line_hits += 1;
  } else {
    n_.line_misses += 1;
    // A live line is fetched so that its other registers survive; a line with no compressed
    // register (the bit vector says) starts empty.
    if (!l) l = &allocate(line, line_live(line), t);
  }
  bits_[warp] |= uint64_t(1) << reg;
  l->stamp = ++clock_;
  if (l->pending)
    l->waiters.push_back(w);
  else
    apply(*l, w, t);
  return true;
}

void ReglessCompressor::preload(uint32_t warp, uint32_t reg, uint32_t osu_line, uint64_t t) {
  n_.preloads += 1;
  const uint32_t line = index(warp, reg) / kReglessRegsPerCompressedLine;
  const Waiter w{true, warp, reg, osu_line, 0};
  Line* l = find(line);
  if (l && !l->pending) {
    n_.line_hits += 1;
    l->stamp = ++clock_;
    apply(*l, w, t + kHitAnswer);
    return;
  }
  n_.line_misses += 1;
  if (!l) l = &allocate(line, true, t);
  l->stamp = ++clock_;
  l->waiters.push_back(w);
}

void ReglessCompressor::line_arrived(int32_t line, uint64_t t) {
  Line* l = find(uint32_t(line));
  if (!l || !l->pending) throw std::logic_error("regless compressor: a line returned that was not fetched");
  auto it = memory_.find(uint32_t(line));
  if (it != memory_.end()) l->slot = it->second;
  l->pending = false;
  std::vector<Waiter> ws;
  ws.swap(l->waiters);
  for (const Waiter& w : ws) apply(*l, w, t + kFillAnswer);
}

void ReglessCompressor::take_l1(std::vector<L1Op>& l1) {
  l1.insert(l1.end(), l1_.begin(), l1_.end());
  l1_.clear();
}

void ReglessCompressor::take_fills(uint64_t t, std::vector<Fill>& fills) {
  // Fills are queued in the order their answers were decided; a later one never overtakes.
  size_t k = 0;
  while (k < fills_.size() && fills_[k].ready <= t) fills.push_back(fills_[k++]);
  fills_.erase(fills_.begin(), fills_.begin() + long(k));
}

bool ReglessCompressor::idle() const {
  if (!l1_.empty() || !fills_.empty()) return false;
  for (const Line& l : lines_)
    if (l.pending) return false;
  return true;
}

void ReglessCompressor::collect(StatsMap& m) const {
  add_stat(m, "regless_compressor_evictions", double(n_.evictions_compressed));
  add_stat(m, "regless_compressor_incompressible", double(n_.evictions_incompressible));
  add_stat(m, "regless_compressor_preloads", double(n_.preloads));
  add_stat(m, "regless_compressor_line_hits", double(n_.line_hits));
  add_stat(m, "regless_compressor_line_misses", double(n_.line_misses));
  add_stat(m, "regless_compressor_line_fetches", double(n_.line_fetches));
  add_stat(m, "regless_compressor_line_writebacks", double(n_.line_writebacks));
  for (uint32_t p = uint32_t(ReglessPattern::Constant); p <= uint32_t(ReglessPattern::HalfStride4); ++p)
    add_stat(m, std::string("regless_compressor_evictions_") + to_string(ReglessPattern(p)), double(n_.by_pattern[p]));
}

}  // namespace gpucosim
