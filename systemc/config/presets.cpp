#include "systemc/config/presets.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "kernel/input_error.h"

namespace gpucosim {

namespace fs = std::filesystem;

namespace {
std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

std::vector<std::string> list_presets(const std::string& configs_dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(configs_dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && it->path().extension() == ".config") names.push_back(it->path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string find_preset(const std::string& name_or_path, const std::string& configs_dir) {
  std::error_code ec;
  if (fs::is_regular_file(name_or_path, ec)) return name_or_path;
  if (fs::is_directory(name_or_path, ec))
    throw InputError(name_or_path, 0, "is a folder: expected a gpgpusim.config file or a preset name");
  if (fs::exists(name_or_path, ec))  // a pipe, device or socket (a pipe would block its reader)
    throw InputError(name_or_path, 0, "is not a regular file: expected a gpgpusim.config file or a preset name");
  std::string stem = name_or_path;
  if (stem.size() > 7 && stem.compare(stem.size() - 7, 7, ".config") == 0) stem.resize(stem.size() - 7);
  for (const std::string& preset : list_presets(configs_dir))
    if (upper(preset) == upper(stem)) return (fs::path(configs_dir) / (preset + ".config")).string();
  std::string known;
  for (const std::string& p : list_presets(configs_dir)) known += (known.empty() ? "" : ", ") + p;
  throw InputError(name_or_path, 0,
                   "no such configuration file or preset: expected a file path or one of the presets in " +
                       configs_dir + " (" + (known.empty() ? "none found" : known) + ")");
}

}  // namespace gpucosim
