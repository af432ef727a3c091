// Streaming VCD reader for switching activity (see vcd_activity.h). IEEE 1364 section 18: a header
// of $scope/$var/$upscope declarations up to $enddefinitions, then #time stamps and value changes
// ("0!", "b1010 !", "r1.5 !"). Changes of one time stamp are buffered and applied together, so a
// clock edge and the register changes it causes fall into the same cycle whatever their order.
#include "synth/activity/vcd_activity.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unordered_map>

#include "kernel/input_error.h"

namespace gpucosim::synth {

namespace {

// Whitespace-separated tokens with the line each one is on; reads the stream line by line.
class Tokens {
 public:
  Tokens(std::istream& in, const std::string& origin) : in_(in), origin_(origin) {}

  bool next(std::string& tok) {
    while (pos_ >= line_.size() || skip_space()) {
      if (!std::getline(in_, line_)) return false;
      ++line_no_;
      pos_ = 0;
    }
    const size_t b = pos_;
    while (pos_ < line_.size() && !std::isspace(static_cast<unsigned char>(line_[pos_]))) ++pos_;
    tok.assign(line_, b, pos_ - b);
    tok_line_ = line_no_;
    return true;
  }

  // The next token, which must exist: `what` says what was expected.
  std::string need(const std::string& what) {
    std::string t;
    if (!next(t)) fail("unexpected end of file; expected " + what);
    return t;
  }

  // Tokens up to "$end" (exclusive).
  std::vector<std::string> until_end(const std::string& command) {
    std::vector<std::string> out;
    std::string t;
    const uint64_t start = line_no_;
    while (true) {
      if (!next(t)) throw InputError(origin_, start, command + " is not closed by $end");
      if (t == "$end") return out;
      out.push_back(t);
    }
  }

  [[noreturn]] void fail(const std::string& what) const { throw InputError(origin_, tok_line_, what); }
  uint64_t line() const { return tok_line_; }

 private:
  // Skips blanks; true when the rest of the line is empty.
  bool skip_space() {
    while (pos_ < line_.size() && std::isspace(static_cast<unsigned char>(line_[pos_]))) ++pos_;
    return pos_ >= line_.size();
  }

  std::istream& in_;
  const std::string& origin_;
  std::string line_;
  size_t pos_ = 0;
  uint64_t line_no_ = 0, tok_line_ = 0;
};

bool parse_u64(const std::string& s, uint64_t& v) {
  if (s.empty() || s.size() > 19) return false;
  v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + uint64_t(c - '0');
  }
  return true;
}

// Generate-block scopes: Verilator writes "g_coal(0)", Yosys' flattened names say "g_coal[0]".
std::string normalise_scope(std::string s) {
  for (auto& c : s) {
    if (c == '(') c = '[';
    if (c == ')') c = ']';
  }
  return s;
}

// One VCD identifier code under the top scope, shared by every variable declared with it.
struct Track {
  int width = 1;
  std::string value;                   // msb first, '0' '1' 'x' 'z'
  std::vector<uint64_t> last_change;   // per bit, lsb first
  std::vector<BitActivity> bits;       // per bit, lsb first
};

struct Pending {
  int track;
  std::string value;
};

class Reader {
 public:
  Reader(std::istream& in, const std::string& origin, const VcdActivityOptions& opt)
      : tok_(in, origin), origin_(origin), opt_(opt) {}

  VcdActivity read() {
    out_.file = origin_;
    out_.clock = opt_.clock;
    out_.window = opt_.window;
    header();
    body();
    return finish();
  }

 private:
  void header() {
    std::string t;
    std::vector<std::string> scopes;
    size_t top_depth = 0;  // scopes.size() right after entering the top scope; 0 = not inside
    bool top_found = false;
    while (true) {
      if (!tok_.next(t)) throw InputError(origin_, tok_.line(), "unexpected end of file; expected $enddefinitions");
      if (t == "$enddefinitions") {
        tok_.until_end("$enddefinitions");
        break;
      }
      if (t == "$scope") {
        const auto a = tok_.until_end("$scope");
        if (a.size() != 2) tok_.fail("expected $scope TYPE NAME $end");
        scopes.push_back(a[1]);
        // Verilator wraps the model in a scope named like the top module that holds only its
        // ports (warppool.warppool.*): a direct child of the same name is the block itself.
        const bool wrapper_child = top_found && top_depth != 0 && scopes.size() == top_depth + 1;
        if (a[1] == opt_.top && (!top_found || wrapper_child)) {
          top_found = true;
          out_.top_scope.clear();
          top_depth = scopes.size();
          for (size_t i = 0; i < scopes.size(); ++i) out_.top_scope += (i ? "." : "") + scopes[i];
        }
      } else if (t == "$upscope") {
        tok_.until_end("$upscope");
        if (scopes.empty()) tok_.fail("$upscope without an open $scope");
        if (top_depth == scopes.size()) top_depth = 0;
        scopes.pop_back();
      } else if (t == "$var") {
        declare(tok_.until_end("$var"), scopes, top_depth);
      } else if (t == "$timescale") {
        for (const auto& s : tok_.until_end("$timescale")) out_.timescale += s;
      } else if (t == "$date" || t == "$version" || t == "$comment") {
        tok_.until_end(t);
      } else {
        tok_.fail("unexpected \"" + t + "\" in the VCD header; expected $scope, $var, $upscope or $enddefinitions");
      }
    }
    if (!top_found)
      throw InputError(origin_, 0, "no scope named \"" + opt_.top + "\" (the block's top module instance) in the VCD");
    auto c = by_path_.find(opt_.clock);
    if (c == by_path_.end())
      throw InputError(origin_, 0, "no clock signal \"" + opt_.clock + "\" in scope " + out_.top_scope);
    clock_track_ = tracks_[size_t(sig_track_[c->second])].width == 1 ? sig_track_[c->second] : -1;
    if (clock_track_ < 0) throw InputError(origin_, 0, "clock signal \"" + opt_.clock + "\" is not one bit wide");
  }

  void declare(const std::vector<std::string>& a, const std::vector<std::string>& scopes, size_t top_depth) {
    if (a.size() < 4) tok_.fail("expected $var TYPE SIZE ID NAME [RANGE] $end");
    uint64_t width = 0;
    if (!parse_u64(a[1], width) || width == 0 || width > (1u << 24)) tok_.fail("$var size \"" + a[1] + "\": expected a positive bit count");
    const std::string& id = a[2];
    const bool inside = top_depth != 0 && scopes.size() >= top_depth;
    auto known = ids_.find(id);
    if (!inside) {
      if (known == ids_.end()) ids_[id] = -1;
      return;
    }
    std::string name = a[3], range = a.size() > 4 ? a[4] : "";
    const size_t br = name.find('[');
    if (range.empty() && br != std::string::npos) {
      range = name.substr(br);
      name.erase(br);
    }
    SignalActivity s;
    for (size_t i = top_depth; i < scopes.size(); ++i) s.path += normalise_scope(scopes[i]) + ".";
    s.path += name;
    if (!range.empty()) {
      int msb = 0, lsb = 0;
      char close = 0;
      if (std::sscanf(range.c_str(), "[%d:%d%c", &msb, &lsb, &close) == 3 && close == ']') {
        s.msb = msb;
        s.lsb = lsb;
      } else if (std::sscanf(range.c_str(), "[%d%c", &msb, &close) == 2 && close == ']') {
        s.msb = s.lsb = msb;
      } else {
        tok_.fail("$var range \"" + range + "\": expected [MSB:LSB] or [BIT]");
      }
      if (uint64_t(std::abs(s.msb - s.lsb)) + 1 != width)
        tok_.fail("$var " + name + ": range " + range + " does not match its size " + a[1]);
    } else {
      s.msb = int(width) - 1;
    }
    int track;
    if (known != ids_.end() && known->second >= 0) {
      track = known->second;
      if (tracks_[size_t(track)].width != int(width)) tok_.fail("identifier " + id + " declared again with another size");
    } else {
      track = int(tracks_.size());
      Track t;
      t.width = int(width);
      t.value.assign(width, 'x');
      t.last_change.assign(width, 0);
      t.bits.resize(width);
      tracks_.push_back(std::move(t));
      ids_[id] = track;
    }
    by_path_.emplace(s.path, out_.signals.size());
    sig_track_.push_back(track);
    out_.signals.push_back(std::move(s));
  }

  void body() {
    std::string t;
    bool have_time = false;
    while (state_ != State::Closed && tok_.next(t)) {
      const char c = t[0];
      if (c == '#') {
        uint64_t time = 0;
        if (!parse_u64(t.substr(1), time)) tok_.fail("time stamp \"" + t + "\": expected #<unsigned integer>");
        if (have_time) {
          if (time < now_) tok_.fail("time stamp #" + std::to_string(time) + " goes back from #" + std::to_string(now_));
          flush();
        }
        now_ = time;
        have_time = true;
      } else if (c == '$') {
        // $dumpvars/$dumpall/$dumpon/$dumpoff hold value changes up to $end; the $end closes them.
        if (t == "$comment") tok_.until_end(t);
        else if (t != "$end" && t != "$dumpvars" && t != "$dumpall" && t != "$dumpon" && t != "$dumpoff")
          tok_.fail("unexpected \"" + t + "\" after $enddefinitions");
      } else if (c == 'b' || c == 'B') {
        const std::string v = t.substr(1);
        change(tok_.need("an identifier after the vector value " + t), v);
      } else if (c == 'r' || c == 'R') {
        lookup(tok_.need("an identifier after the real value " + t));  // reals carry no bit activity
      } else if (c == '0' || c == '1' || c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
        if (t.size() < 2) tok_.fail("value change \"" + t + "\": expected a value followed by an identifier");
        change(t.substr(1), std::string(1, c));
      } else {
        tok_.fail("unexpected \"" + t + "\"; expected #time, a value change (0! b101 !) or a $ command");
      }
    }
    // The last time stamp ends the window (it is exclusive): its changes start no counted cycle.
    if (state_ == State::Open) close();
  }

  int lookup(const std::string& id) {
    auto it = ids_.find(id);
    if (it == ids_.end()) tok_.fail("identifier code \"" + id + "\" was not declared by a $var");
    return it->second;
  }

  void change(const std::string& id, const std::string& raw) {
    const int track = lookup(id);
    if (track < 0) return;
    std::string v;
    for (char ch : raw) {
      const char l = char(std::tolower(static_cast<unsigned char>(ch)));
      if (l != '0' && l != '1' && l != 'x' && l != 'z') tok_.fail("value \"" + raw + "\": expected only 0, 1, x and z");
      v += l;
    }
    const size_t w = size_t(tracks_[size_t(track)].width);
    if (v.size() > w) tok_.fail("value \"" + raw + "\" is wider than its " + std::to_string(w) + "-bit signal");
    // IEEE 1364 18.2.1: a shorter value is extended with 0, or with x/z when it starts with one.
    const char fill = (v[0] == 'x' || v[0] == 'z') ? v[0] : '0';
    pending_.push_back({track, std::string(w - v.size(), fill) + v});
  }

  // Applies the changes of time stamp now_: first the clock (it may open or close the window).
  void flush() {
    for (const auto& p : pending_) {
      if (p.track != clock_track_) continue;
      const char old = tracks_[size_t(clock_track_)].value[0];
      if (old == '0' && p.value[0] == '1') edge();
      break;
    }
    if (state_ != State::Closed)
      for (const auto& p : pending_) apply(tracks_[size_t(p.track)], p.value);
    pending_.clear();
  }

  void edge() {
    const uint64_t e = edges_++;
    if (state_ == State::Before && e == opt_.window.start_cycle) {
      state_ = State::Open;
      out_.start_time = now_;
      out_.first_cycle = e;
    } else if (state_ == State::Open && e == opt_.window.end_cycle) {
      close();
      return;
    }
    if (state_ == State::Open) ++out_.cycles;
  }

  void apply(Track& t, const std::string& v) {
    const size_t w = size_t(t.width);
    for (size_t i = 0; i < w; ++i) {
      const char old = t.value[w - 1 - i], nv = v[w - 1 - i];
      if (old == nv) continue;
      if (state_ == State::Open) {
        BitActivity& b = t.bits[i];
        if ((old == '0' && nv == '1') || (old == '1' && nv == '0')) ++b.toggles;
        if (old == '1') b.high_time += now_ - std::max(t.last_change[i], out_.start_time);
      }
      t.last_change[i] = now_;
    }
    t.value = v;
  }

  void close() {
    out_.end_time = now_;
    for (auto& t : tracks_)
      for (size_t i = 0; i < size_t(t.width); ++i)
        if (t.value[size_t(t.width) - 1 - i] == '1') t.bits[i].high_time += now_ - std::max(t.last_change[i], out_.start_time);
    state_ = State::Closed;
  }

  VcdActivity finish() {
    if (state_ == State::Open) close();
    out_.total_cycles = edges_;
    if (out_.cycles == 0 || out_.end_time <= out_.start_time) {
      std::string end = opt_.window.end_cycle == std::numeric_limits<uint64_t>::max() ? "" : std::to_string(opt_.window.end_cycle);
      throw InputError(origin_, 0,
                       "the activity window " + std::to_string(opt_.window.start_cycle) + ":" + end +
                           " holds no complete clock cycle; the file has " + std::to_string(edges_) + " rising edges of " +
                           out_.top_scope + "." + opt_.clock);
    }
    for (size_t s = 0; s < out_.signals.size(); ++s) out_.signals[s].bits = tracks_[size_t(sig_track_[s])].bits;
    return std::move(out_);
  }

  enum class State { Before, Open, Closed };

  Tokens tok_;
  const std::string& origin_;
  const VcdActivityOptions& opt_;
  VcdActivity out_;
  std::unordered_map<std::string, int> ids_;          // identifier code -> track (-1: outside the top scope)
  std::unordered_map<std::string, size_t> by_path_;   // signal path -> index in out_.signals
  std::vector<Track> tracks_;
  std::vector<int> sig_track_;                        // per signal
  std::vector<Pending> pending_;
  int clock_track_ = -1;
  uint64_t now_ = 0, edges_ = 0;
  State state_ = State::Before;
};

}  // namespace

ActivityWindow parse_activity_window(const std::string& text, const std::string& option) {
  const size_t colon = text.find(':');
  ActivityWindow w;
  const std::string a = colon == std::string::npos ? text : text.substr(0, colon);
  const std::string b = colon == std::string::npos ? std::string("?") : text.substr(colon + 1);
  uint64_t v = 0;
  const bool ok = (a.empty() || parse_u64(a, w.start_cycle)) && (b.empty() || parse_u64(b, v)) && b != "?";
  if (!ok) throw InputError(option, 0, "'" + text + "': expected START:END in clock cycles, e.g. 1000:5000 (either may be left out)");
  if (!b.empty()) w.end_cycle = v;
  if (w.end_cycle <= w.start_cycle) throw InputError(option, 0, "'" + text + "': END must be after START");
  return w;
}

double VcdActivity::activity(const SignalActivity& s, size_t i) const {
  return cycles ? double(s.bits.at(i).toggles) / double(cycles) : 0.0;
}

double VcdActivity::duty(const SignalActivity& s, size_t i) const {
  return end_time > start_time ? double(s.bits.at(i).high_time) / double(end_time - start_time) : 0.0;
}

const SignalActivity* VcdActivity::find(const std::string& path) const {
  for (const auto& s : signals)
    if (s.path == path) return &s;
  return nullptr;
}

VcdActivity read_vcd_activity(std::istream& in, const std::string& origin, const VcdActivityOptions& opt) {
  return Reader(in, origin, opt).read();
}

VcdActivity read_vcd_activity_file(const std::string& path, const VcdActivityOptions& opt) {
  std::ifstream in(path);
  if (!in) throw InputError(path, 0, "cannot read this VCD file");
  return read_vcd_activity(in, path, opt);
}

}  // namespace gpucosim::synth
