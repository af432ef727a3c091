#include "cli/configs_dir.h"

#include <cstdlib>
#include <filesystem>

namespace gpucosim::cli {

std::string configs_dir() {
  namespace fs = std::filesystem;
  if (const char* env = std::getenv("GPUCOSIM_CONFIGS_DIR"); env && *env) return env;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path() / ".." / "share" / "gpucosim" / "configs";
    if (fs::is_directory(installed, ec)) return installed.string();
  }
  return GPUCOSIM_SOURCE_CONFIGS_DIR;
}

}  // namespace gpucosim::cli
