#include "trace/traceg_source.h"

#include <algorithm>
#include <string>

#include "kernel/input_error.h"
#include "kernel/stream_limits.h"
#include "trace/line_cursor.h"
#include "trace/trace_header.h"
#include "trace/text_scan.h"

namespace gpucosim {
namespace {

using namespace trace_text;

std::string supported_list() {
  std::string s;
  for (uint32_t v : supported_binary_versions()) s += (s.empty() ? "" : ", ") + std::to_string(v);
  return s;
}

uint32_t checked_binary_version(const ParsedHeader& p, const LineSource& ls, const TraceReadOptions& opts) {
  uint32_t v = p.header.binary_version;
  if (is_supported_binary_version(v)) return v;
  if (!opts.assume_binary_version)
    ls.fail_at(p.binary_version_line, "binary version " + std::to_string(v) + " has no opcode map (supported: " +
                                          supported_list() + "); use --assume-binary-version");
  uint32_t a = *opts.assume_binary_version;
  if (!is_supported_binary_version(a))
    throw InputError(ls.name(), 0, "assumed binary version " + std::to_string(a) + " has no opcode map (supported: " +
                                       supported_list() + ")");
  return a;
}

// "key = value" with the given key (which has no '='), value trimmed; false when the key differs.
bool keyword(std::string_view line, std::string_view key, std::string_view& value) {
  // Every warp has two such lines, so the spelling writers use, "key = ", is checked first; it
  // gives what the general split gives (its first '=' follows the key and one space).
  const size_t n = key.size();
  if (line.size() > n + 1 && line[n] == ' ' && line[n + 1] == '=' && line.compare(0, n, key) == 0) {
    value = trim(line.substr(n + 2));
    return true;
  }
  std::string_view k;
  return split_key_value(line, k, value) && k == key;
}

// Whether a non-blank line starts like an instruction line (a hex PC or a decimal prefix field).
// Looks at the first non-space character only, so the hot path does not trim every line.
bool looks_like_instruction(std::string_view line) {
  size_t i = 0;
  while (is_space(line[i])) ++i;  // stops inside the line: it is not blank
  return line_bytes::kClass[uint8_t(line[i])] < 16;  // a hex digit
}

}  // namespace

TracegSource::TracegSource(std::unique_ptr<LineSource> lines, const TraceReadOptions& opts)
    : lines_(std::move(lines)) {
  ParsedHeader p = parse_kernel_header(*lines_);
  header_ = std::move(p.header);
  begin_pending_ = p.begin_tb_consumed;
  table_ = OpcodeTable(checked_binary_version(p, *lines_, opts));
  parser_ = std::make_unique<InstructionParser>(header_, table_);
  // Duplicate blocks are found with one bit per block of the grid, up to 2^28 blocks (32 MB).
  if (header_.thread_blocks() <= (uint64_t(1) << 28)) seen_.assign(size_t(header_.thread_blocks()), false);
}

// Reads `insts` instruction lines of warp `w`; a keyword line or the end of the file before that
// many is an error naming both counts.
void TracegSource::read_warp_body(Warp& w, uint64_t insts) {
  LineSource& ls = *lines_;
  std::string_view line;
  for (uint64_t k = 0; k < insts; ++k) {
    if (!ls.next_nonblank(line))
      ls.fail("end of file inside warp " + std::to_string(w.id) + ": expected " + std::to_string(insts) +
              " instruction lines (insts = " + std::to_string(insts) + "), found " + std::to_string(k));
    if (!looks_like_instruction(line)) {
      // A structure line here means the count is wrong; anything else is a damaged instruction.
      const std::string_view t = trim(line);
      const bool structure = t.empty() || t[0] == '#' || t.rfind("warp", 0) == 0 || t.rfind("insts", 0) == 0 ||
                             t.rfind("thread block", 0) == 0;
      if (!structure)
        ls.fail("expected instruction " + std::to_string(k + 1) + " of " + std::to_string(insts) + " of warp " +
                std::to_string(w.id) + " ('<hex PC> <hex active mask> <dest count> ...'), got '" +
                std::string(shorten(t)) + "'");
      ls.fail("warp " + std::to_string(w.id) + " has fewer instruction lines than insts = " + std::to_string(insts) +
              ": found " + std::to_string(k) + " before '" + std::string(shorten(t)) + "'");
    }
    parser_->parse(line, ls, w);
  }
}

bool TracegSource::next_block(ThreadBlock& tb) {
  LineSource& ls = *lines_;
  std::string_view line, value;
  if (!begin_pending_) {
    if (!ls.next_nonblank(line)) {  // a clean end between thread blocks
      if (blocks_read_ != header_.thread_blocks())
        ls.fail("end of file after " + std::to_string(blocks_read_) + " thread block(s): the grid (" +
                header_.grid.str() + ") has " + std::to_string(header_.thread_blocks()) +
                "; expected one #BEGIN_TB ... #END_TB per block");
      return false;
    }
    if (trim(line) != "#BEGIN_TB") ls.fail("expected '#BEGIN_TB'");
  }
  begin_pending_ = false;
  const uint64_t begin_line = ls.line_no();
  // Built only for an error: a string per block costs an allocation.
  const auto in_tb = [begin_line] { return " in the thread block started at line " + std::to_string(begin_line); };

  if (!ls.next_nonblank(line)) ls.fail("end of file" + in_tb() + ": expected 'thread block = x,y,z'");
  if (!keyword(trim(line), "thread block", value) || !parse_triple(value, tb.id.x, tb.id.y, tb.id.z))
    ls.fail("expected 'thread block = x,y,z' after '#BEGIN_TB'");
  const Dim3& g = header_.grid;
  if (tb.id.x >= g.x || tb.id.y >= g.y || tb.id.z >= g.z)
    ls.fail("thread block " + tb.id.str() + " is outside the grid (" + g.str() + ")");
  if (!seen_.empty()) {
    const uint64_t linear = (uint64_t(tb.id.z) * g.y + tb.id.y) * g.x + tb.id.x;
    if (seen_[size_t(linear)]) ls.fail("thread block " + tb.id.str() + " appears a second time");
    seen_[size_t(linear)] = true;
  }
  if (++blocks_read_ > header_.thread_blocks())
    ls.fail("more thread blocks than the grid (" + g.str() + ") has: " + std::to_string(header_.thread_blocks()));
  const uint64_t tb_line = ls.line_no();
  uint64_t block_bytes = 0;

  const uint32_t max_warps = header_.warps_per_block();
  tb.warps.reserve(std::min<size_t>(max_warps, 1024));  // a fresh block would regrow per warp
  size_t n_warps = 0;
  int64_t last_id = -1;
  uint64_t last_insts = 0;
  for (;;) {
    if (!ls.next_nonblank(line)) ls.fail("end of file" + in_tb() + ": expected 'warp = N' or '#END_TB'");
    std::string_view t = trim(line);
    if (t == "#END_TB") {
      // Accel-Sim's post-processor lists a warp that ran nothing as "insts = 0", so every warp of
      // the block is present; a missing one (or a block with none) is a damaged trace.
      if (n_warps != max_warps)
        ls.fail("thread block " + tb.id.str() + " (line " + std::to_string(tb_line) + ") has " + std::to_string(n_warps) +
                " warp(s): expected the " + std::to_string(max_warps) + " of block dim (" + header_.block.str() +
                "), a warp that ran nothing listed with 'insts = 0'");
      break;
    }
    if (t == "#BEGIN_TB") ls.fail("nested '#BEGIN_TB': the thread block started at line " + std::to_string(begin_line) + " has no '#END_TB'");
    if (!keyword(t, "warp", value)) {
      if (n_warps > 0 && looks_like_instruction(t))
        ls.fail("warp " + std::to_string(last_id) + " has more instruction lines than insts = " + std::to_string(last_insts));
      ls.fail("expected 'warp = N' or '#END_TB'");
    }
    uint32_t id = 0;
    if (!parse_dec(value, id)) ls.fail("bad warp id '" + std::string(shorten(value)) + "': expected a decimal number");
    if (int64_t(id) <= last_id)
      ls.fail("warp " + std::to_string(id) + " out of order: warps must be listed in increasing order (previous " +
              std::to_string(last_id) + ")");
    if (id >= max_warps)
      ls.fail("warp " + std::to_string(id) + " out of range: block dim (" + header_.block.str() + ") has " +
              std::to_string(max_warps) + " warps");
    last_id = id;

    if (!ls.next_nonblank(line)) ls.fail("end of file after 'warp = " + std::to_string(id) + "': expected 'insts = N'");
    uint64_t insts = 0;
    if (!keyword(trim(line), "insts", value)) ls.fail("expected 'insts = N' after 'warp = " + std::to_string(id) + "'");
    if (!parse_dec(value, insts)) ls.fail("bad instruction count '" + std::string(shorten(value)) + "': expected a decimal number");
    if (insts > kMaxBlockStreamBytes / sizeof(Instruction) ||
        block_bytes + warp_stream_bytes(insts, 0) > kMaxBlockStreamBytes)
      ls.fail("warp " + std::to_string(id) + " of thread block " + tb.id.str() + " has " + std::to_string(insts) +
              " instructions: above the bound of " + stream_limit_text());
    last_insts = insts;

    // Reuse the Warp objects (and their vectors' capacity) of the previous block.
    if (n_warps == tb.warps.size()) tb.warps.emplace_back();
    Warp& w = tb.warps[n_warps++];
    w.id = id;
    w.insts.clear();
    w.addrs.clear();
    w.values.clear();  // traces carry no lane values
    w.insts.reserve(size_t(std::min<uint64_t>(insts, 4096)));  // a hint only: the count is untrusted
    // The line count does not say how many lines have addresses; the warp before usually had as
    // many (the same code), and a guess saves regrowing a fresh block's vector line by line.
    w.addrs.reserve(std::min(addrs_hint_, w.insts.capacity()));
    read_warp_body(w, insts);
    addrs_hint_ = w.addrs.size();
    block_bytes += warp_stream_bytes(w.insts.size(), w.addrs.size());
    if (block_bytes > kMaxBlockStreamBytes)
      ls.fail("thread block " + tb.id.str() + "'s instruction streams exceed the bound of " + stream_limit_text());
  }
  tb.warps.resize(n_warps);
  return true;
}

}  // namespace gpucosim
