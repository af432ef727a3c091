// The block testbench's stimulus program (tb_stimulus.h).
#include "tb_stimulus.h"

#include <algorithm>

namespace gpucosim::tb {

namespace {
Mix mix_of(std::initializer_list<std::pair<Pat, uint32_t>> w, uint32_t store_pct, uint32_t hot = 16) {
  Mix m;
  for (auto& [p, v] : w) m.weight[size_t(p)] = v;
  m.store_pct = store_pct;
  m.hot_lines = hot;
  return m;
}

const Mix kAll = mix_of({{Pat::Consecutive, 3}, {Pat::Misaligned, 2}, {Pat::Broadcast, 2}, {Pat::Single, 2},
                         {Pat::Partial, 2}, {Pat::Strided2, 2}, {Pat::Divergent, 1}, {Pat::Column, 3},
                         {Pat::SubWord, 1}, {Pat::ZeroMask, 1}, {Pat::Rows16, 2}},
                        20);
}  // namespace

// The phases; `quantum` cycles with every load missing make the policy toggle.
void run_suite(Env& env, uint32_t quantum, uint32_t scale) {
  Knobs gentle;
  gentle.mix = kAll;
  env.run(gentle, 2000 * scale, 30 * scale);

  Knobs pressure;  // slow, rejecting L1 with bunched returns: back-pressure everywhere
  pressure.issue_pct = 100;
  pressure.accept_pct = 60;
  pressure.reject_burst_pct = 3;
  pressure.reject_burst_len = 60;
  pressure.ret_hold_pct = 40;
  pressure.miss_pct = 70;
  pressure.miss_lat_min = 50;
  pressure.miss_lat_max = 400;
  pressure.mix = kAll;
  env.run(pressure, 3000 * scale, 40 * scale);

  Knobs random = pressure;  // random mappings: the thread map table fills
  random.mix = mix_of({{Pat::Strided2, 4}, {Pat::SubWord, 2}, {Pat::Partial, 2}, {Pat::Divergent, 1}}, 10);
  env.run(random, 2000 * scale, 30 * scale);

  Knobs merge;  // few hot lines, column accesses: full merges, tag stalls, port conflicts
  merge.issue_pct = 100;
  merge.accept_pct = 30;
  merge.miss_pct = 20;
  merge.mix = mix_of({{Pat::Column, 4}, {Pat::Broadcast, 2}, {Pat::Consecutive, 1}}, 5, 2);
  env.run(merge, 2000 * scale, 30 * scale);

  Knobs mshr;  // long misses, divergent loads: every request id in flight
  mshr.issue_pct = 100;
  mshr.accept_pct = 100;
  mshr.miss_pct = 100;
  mshr.miss_lat_min = 700;
  mshr.miss_lat_max = 1000;
  mshr.mix = mix_of({{Pat::Divergent, 3}, {Pat::Column, 1}}, 0);
  mshr.mix.shared_lines = false;  // distinct lines: no merging, one id per line
  env.run(mshr, 3000, 12);
  env.drain(20000);

  Knobs stores;  // stores among a load stream the L1 cannot keep up with: stores wait, then the cap forces them
  stores.issue_pct = 100;
  stores.accept_pct = 50;
  stores.miss_pct = 0;
  stores.mix = mix_of({{Pat::Divergent, 3}, {Pat::Consecutive, 1}, {Pat::Single, 1}}, 5);
  stores.mix.shared_lines = false;
  env.run(stores, 3000 * scale, 40 * scale);

  // Policy: a quantum of misses toggles to warp ID; a starving high warp hits the age cap under
  // warp ID; a quantum of misses toggles back to oldest.
  Knobs misses = gentle;
  misses.miss_pct = 100;
  misses.miss_lat_min = 5;
  misses.miss_lat_max = 30;
  misses.issue_pct = 100;
  misses.mix.store_pct = 0;
  // The quantum is counted from reset: finish the current one, then one full quantum of misses.
  const auto to_boundary = [&] { return quantum - env.cycle() % quantum; };
  env.run(misses, to_boundary() + quantum + 10, quantum / 8 + 50);
  Knobs starve;
  starve.issue_pct = 100;
  starve.accept_pct = 50;
  starve.miss_pct = 0;
  starve.mix = mix_of({{Pat::Divergent, 1}}, 0);
  starve.mix.shared_lines = false;
  env.run(starve, std::max<uint64_t>(quantum / 8, 8000), 2000);
  env.run(misses, to_boundary() + quantum + 10, quantum / 8 + 50);
  // Silence for most of the next quantum (the bridge skips the quiet cycles), a short burst of
  // missing loads, then silence across the quantum's end: the policy must toggle exactly there.
  Knobs silent = misses;
  silent.issue_pct = 0;
  env.run(silent, to_boundary() - 2000, 0);
  Knobs burst = misses;
  burst.mix = mix_of({{Pat::Consecutive, 1}}, 0);
  env.run(burst, 300, 2);
  env.run(silent, 4000, 0);
  env.run(gentle, 1000, 10);
  env.drain(50000);
}

}  // namespace gpucosim::tb
