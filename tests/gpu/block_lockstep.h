#pragma once
// The block kit's lockstep property on a whole-GPU run, the same for every block: `base` + "lockstep"
// completes with no mismatch; every cycle the block was stepped (its `<block>_cycles` statistic plus
// one reset per SM) was either compared with both sides evaluating or held by both as quiet; and
// with gpucosim_<block>_eval_every_cycle=1 nothing is held, every stepped cycle is compared and
// every other statistic equals the skipping run's (quiet-cycle skipping is exact).
#include <string>

#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {

// `base` ends in "--set <block>=". Returns the (skipping) lockstep run for the block's own checks.
CliRun expect_exact_lockstep(const std::string& base, const std::string& block);

}  // namespace gpucosim::test
