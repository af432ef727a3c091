#pragma once
// The block testbench's stimulus program: phases of constrained-random knobs that reach every
// full/stall/policy case (run by every lockstep suite, including the X-random-reset one).
#include <cstdint>

#include "tb_env.h"

namespace gpucosim::tb {

void run_suite(Env& env, uint32_t quantum, uint32_t scale);

}  // namespace gpucosim::tb
