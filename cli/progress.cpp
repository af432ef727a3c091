#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>

namespace gpucosim::cli {

namespace {

std::string seconds_text(double s) {
  char buf[32];
  if (s < 60) std::snprintf(buf, sizeof buf, "%.0f s", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%.0f min %02.0f s", double(int(s) / 60), double(int(s) % 60));
  else std::snprintf(buf, sizeof buf, "%.0f h %02.0f min", double(int(s) / 3600), double(int(s) % 3600 / 60));
  return buf;
}

std::string rate_text(double per_s) {
  char buf[32];
  if (per_s >= 1e6) std::snprintf(buf, sizeof buf, "%.2f M", per_s / 1e6);
  else if (per_s >= 1e3) std::snprintf(buf, sizeof buf, "%.1f k", per_s / 1e3);
  else std::snprintf(buf, sizeof buf, "%.0f ", per_s);
  return buf;
}

}  // namespace

bool progress_wanted(int flag, bool quiet) {
  if (flag >= 0) return flag == 1;
  return !quiet && ::isatty(STDERR_FILENO);
}

RunProgressLine::RunProgressLine() : tty_(::isatty(STDERR_FILENO)), start_(Clock::now()), last_(start_) {}

void RunProgressLine::update(const RunProgress& p) {
  const auto now = Clock::now();
  const double since = std::chrono::duration<double>(now - last_).count();
  // A terminal line is rewritten twice a second; a log gets its first line after a second, then
  // one every ten.
  if (since < (tty_ ? 0.5 : printed_ ? 10.0 : 1.0)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::string eta;
  double left = -1;
  if (p.blocks_total > 0 && p.blocks_completed > 0)
    left = elapsed * double(p.blocks_total - std::min(p.blocks_total, p.blocks_completed)) / double(p.blocks_completed);
  if (p.max_cycles > 0 && p.core_cycle > 0) {
    const double by_cycles = elapsed * double(p.max_cycles - std::min(p.max_cycles, p.core_cycle)) / double(p.core_cycle);
    left = left < 0 ? by_cycles : std::min(left, by_cycles);
  }
  if (left >= 0) eta = ", ~" + seconds_text(left) + " left";
  char buf[256];
  std::snprintf(buf, sizeof buf, "gpucosim run: kernels %u/%u done, thread blocks %llu/%llu, cycle %llu (%scycles/s), %s%s",
                p.kernels_finished, p.kernels_total, (unsigned long long)p.blocks_completed,
                (unsigned long long)p.blocks_total, (unsigned long long)p.core_cycle,
                rate_text(elapsed > 0 ? double(p.core_cycle) / elapsed : 0).c_str(), seconds_text(elapsed).c_str(),
                eta.c_str());
  if (tty_) std::fprintf(stderr, "\r\033[K%s", buf);
  else std::fprintf(stderr, "%s\n", buf);
  std::fflush(stderr);
  printed_ = true;
}

void RunProgressLine::finish() {
  if (tty_ && printed_) std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

StageTicker::StageTicker(std::string command)
    : command_(std::move(command)), tty_(::isatty(STDERR_FILENO)), start_(Clock::now()), stage_start_(start_) {
  thread_ = std::thread([this] { loop(); });
}

StageTicker::~StageTicker() {
  {
    std::lock_guard<std::mutex> l(m_);
    done_ = true;
  }
  cv_.notify_all();
  thread_.join();
  if (tty_) std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

void StageTicker::stage(const std::string& what) {
  std::lock_guard<std::mutex> l(m_);
  stage_ = what;
  stage_start_ = Clock::now();
  if (!tty_) {
    std::fprintf(stderr, "%s: %s (%s so far)\n", command_.c_str(), what.c_str(),
                 seconds_text(std::chrono::duration<double>(stage_start_ - start_).count()).c_str());
    std::fflush(stderr);
  } else {
    print_locked();
  }
}

void StageTicker::print_locked() {
  if (!tty_ || stage_.empty()) return;
  const auto now = Clock::now();
  std::fprintf(stderr, "\r\033[K%s: %s, %s (%s in all)", command_.c_str(), stage_.c_str(),
               seconds_text(std::chrono::duration<double>(now - stage_start_).count()).c_str(),
               seconds_text(std::chrono::duration<double>(now - start_).count()).c_str());
  std::fflush(stderr);
}

void StageTicker::loop() {
  std::unique_lock<std::mutex> l(m_);
  while (!done_) {
    cv_.wait_for(l, std::chrono::seconds(1));
    if (!done_) print_locked();
  }
}

}  // namespace gpucosim::cli
