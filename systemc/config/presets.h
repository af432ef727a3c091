#pragma once
// GPU presets: configs/<NAME>.config files in gpgpusim.config syntax. `--config GTX480` names a
// preset; `--config path/to/file` names a file. The caller passes the configs folder it found
// (the source tree's configs/ or the one installed next to the executable).
#include <string>
#include <vector>

namespace gpucosim {

// An existing file path is returned as is; otherwise <configs_dir>/<name>.config (the name matched
// without regard to case). Throws InputError listing the known presets when neither exists.
std::string find_preset(const std::string& name_or_path, const std::string& configs_dir);

// Preset names (file stems of *.config in configs_dir), sorted.
std::vector<std::string> list_presets(const std::string& configs_dir);

}  // namespace gpucosim
