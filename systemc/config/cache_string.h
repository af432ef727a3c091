#pragma once
// GPGPU-Sim cache configuration strings (gpgpu_cache:dl1, gpgpu_cache:dl2):
//   [<N|S>:]<nsets>:<line>:<assoc>,<repl>:<wr>:<alloc>:<wr_alloc>[:<set_idx>],
//   <mshr>:<entries>:<merge>,<miss_q>[:<fifo>][,<port>]
// or "none". The optional parts default as GPGPU-Sim's older strings imply: type N, set index L,
// result FIFO 0, data port 0 (= line size).
#include <string>

#include "systemc/config/gpu_config.h"

namespace gpucosim {

// Throws ValueError ("expected ...") on a malformed string, an unknown letter, or a geometry the
// model cannot index (sets and lines must be powers of two, sectored caches need 128-byte lines).
CacheConfig parse_cache_string(const std::string& v);

// The canonical string of a parsed cache (all optional fields written out).
std::string format_cache_string(const CacheConfig& c);

}  // namespace gpucosim
