#include "cli/configs_dir.h"

#include <cstdlib>
#include <filesystem>

#include "kernel/input_error.h"

namespace gpucosim::cli {

std::string configs_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (const char* env = std::getenv("GPUCOSIM_CONFIGS_DIR"); env && *env) {
    // Set on purpose: a wrong value is said, not answered with no presets at all.
    if (!fs::is_directory(env, ec))
      throw InputError("GPUCOSIM_CONFIGS_DIR", 0, std::string("'") + env + "' is not a folder: expected the folder of the "
                                                  "GPU presets (*.config), or the variable unset");
    return env;
  }
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path() / ".." / "share" / "gpucosim" / "configs";
    if (fs::is_directory(installed, ec)) return installed.string();
  }
  return GPUCOSIM_SOURCE_CONFIGS_DIR;
}

}  // namespace gpucosim::cli
