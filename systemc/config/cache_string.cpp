#include "systemc/config/cache_string.h"

#include <vector>

#include "systemc/config/option_values.h"

namespace gpucosim {

namespace {

std::vector<std::string> split(const std::string& v, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    size_t at = v.find(sep, start);
    out.push_back(v.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

bool is_pow2(uint32_t x) { return x && !(x & (x - 1)); }

const char* const kGrammar =
    "<N|S>:<nsets>:<line>:<assoc>,<repl>:<wr>:<alloc>:<wr_alloc>:<set_idx>,<mshr>:<entries>:<merge>,"
    "<miss_q>:<fifo>[,<port>] or none";

// One letter field: returns it or throws naming the field and the allowed letters.
char letter(const std::string& field, const char* name, const char* allowed, const char* meaning) {
  if (field.size() != 1 || std::string(allowed).find(field[0]) == std::string::npos)
    throw ValueError(std::string("expected ") + name + " to be one of " + meaning + ", got '" + field + "'");
  return field[0];
}

uint32_t number(const std::string& field, const char* name, uint32_t min) {
  try {
    return parse_u32_min(field, min);
  } catch (const ValueError&) {
    throw ValueError(std::string("expected ") + name + " to be an integer >= " + std::to_string(min) + ", got '" +
                     field + "'");
  }
}

}  // namespace

CacheConfig parse_cache_string(const std::string& v) {
  CacheConfig c;
  if (v == "none") {
    c.enabled = false;
    return c;
  }
  std::vector<std::string> groups = split(v, ',');
  if (groups.size() < 4 || groups.size() > 5)
    throw ValueError(std::string("expected a cache string ") + kGrammar + ", got '" + v + "'");

  // Geometry: [N|S:]nsets:line:assoc
  std::vector<std::string> g = split(groups[0], ':');
  if (g.size() == 4) {
    c.sectored = letter(g[0], "the cache type", "NS", "N (normal) or S (sectored)") == 'S';
    g.erase(g.begin());
  }
  if (g.size() != 3) throw ValueError("expected <N|S>:<nsets>:<line>:<assoc>, got '" + groups[0] + "'");
  c.nsets = number(g[0], "nsets", 1);
  c.line_bytes = number(g[1], "the line size", 1);
  c.assoc = number(g[2], "the associativity", 1);
  if (!is_pow2(c.nsets)) throw ValueError("expected nsets to be a power of two, got " + g[0]);
  if (!is_pow2(c.line_bytes) || c.line_bytes < 32)
    throw ValueError("expected the line size to be a power of two >= 32 bytes, got " + g[1]);
  if (c.sectored && c.line_bytes != 128)
    throw ValueError("expected 128-byte lines for a sectored (S) cache (4 sectors of 32 bytes), got " + g[1]);

  // Policies: repl:wr:alloc:wr_alloc[:set_idx]
  std::vector<std::string> p = split(groups[1], ':');
  if (p.size() != 4 && p.size() != 5)
    throw ValueError("expected <repl>:<wr>:<alloc>:<wr_alloc>:<set_idx>, got '" + groups[1] + "'");
  c.replacement = letter(p[0], "the replacement policy", "LF", "L (LRU) or F (FIFO)");
  c.write_policy = letter(p[1], "the write policy", "RBTEL",
                          "R (read-only), B (write-back), T (write-through), E (write-evict) or L (local WB/global WT)");
  c.alloc_policy = letter(p[2], "the allocation policy", "mfs", "m (on miss), f (on fill) or s (streaming)");
  c.write_alloc = letter(p[3], "the write-allocate policy", "NWFL",
                         "N (none), W (write-allocate), F (fetch-on-write) or L (lazy fetch-on-read)");
  c.set_index = p.size() == 5 ? letter(p[4], "the set index function", "LHPX",
                                       "L (linear), H (Fermi hash), P (IPOLY) or X (XOR); C (custom) is not modelled")
                              : 'L';
  if (c.set_index == 'H' && c.nsets != 32 && c.nsets != 64)
    throw ValueError("expected 32 or 64 sets for the Fermi hash set index (H), got " + std::to_string(c.nsets));
  if (c.set_index == 'P' && c.nsets != 16 && c.nsets != 32 && c.nsets != 64)
    throw ValueError("expected 16, 32 or 64 sets for the IPOLY set index (P), got " + std::to_string(c.nsets));

  // MSHRs: type:entries:merge
  std::vector<std::string> m = split(groups[2], ':');
  if (m.size() != 3) throw ValueError("expected <mshr>:<entries>:<merge>, got '" + groups[2] + "'");
  c.mshr_type = letter(m[0], "the MSHR type", "ASFT", "A (associative), S (sector), F or T (texture FIFO)");
  c.mshr_entries = number(m[1], "the MSHR entries", 1);
  c.mshr_max_merge = number(m[2], "the MSHR merge count", 1);

  // Queues: miss_q[:fifo]
  std::vector<std::string> q = split(groups[3], ':');
  if (q.size() != 1 && q.size() != 2) throw ValueError("expected <miss_q>:<fifo>, got '" + groups[3] + "'");
  c.miss_queue = number(q[0], "the miss queue size", 1);
  c.result_fifo = q.size() == 2 ? number(q[1], "the result FIFO size", 0) : 0;

  if (groups.size() == 5) {
    c.data_port_bytes = number(groups[4], "the data port width", 0);
    if (c.data_port_bytes != 0 && (!is_pow2(c.data_port_bytes) || c.data_port_bytes > c.line_bytes))
      throw ValueError("expected the data port width to be a power of two <= the line size, got " + groups[4]);
  }
  return c;
}

std::string format_cache_string(const CacheConfig& c) {
  if (!c.enabled) return "none";
  auto s = [](uint32_t x) { return std::to_string(x); };
  return std::string(1, c.sectored ? 'S' : 'N') + ":" + s(c.nsets) + ":" + s(c.line_bytes) + ":" + s(c.assoc) + "," +
         c.replacement + ":" + c.write_policy + ":" + c.alloc_policy + ":" + c.write_alloc + ":" + c.set_index + "," +
         c.mshr_type + ":" + s(c.mshr_entries) + ":" + s(c.mshr_max_merge) + "," + s(c.miss_queue) + ":" +
         s(c.result_fifo) + "," + s(c.data_port_bytes);
}

}  // namespace gpucosim
