#pragma once
#include "systemc/config/gpu_config.h"

namespace gpucosim::test {

// A cache string's fields, set directly (the option parser is tested elsewhere).
inline CacheConfig cache_cfg(bool sectored, uint32_t nsets, uint32_t assoc, char wp, char alloc, char wa,
                             char idx = 'L', uint32_t mshr = 8, uint32_t merge = 4, uint32_t missq = 8,
                             char repl = 'L', char mshr_type = 'A') {
  CacheConfig c;
  c.sectored = sectored;
  c.nsets = nsets;
  c.line_bytes = 128;
  c.assoc = assoc;
  c.replacement = repl;
  c.write_policy = wp;
  c.alloc_policy = alloc;
  c.write_alloc = wa;
  c.set_index = idx;
  c.mshr_type = mshr_type;
  c.mshr_entries = mshr;
  c.mshr_max_merge = merge;
  c.miss_queue = missq;
  return c;
}

}  // namespace gpucosim::test
