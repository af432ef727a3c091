#pragma once
// Where the GPU presets (configs/*.config) are: $GPUCOSIM_CONFIGS_DIR if set, else the folder
// installed next to the executable (../share/gpucosim/configs), else the source tree's configs/.
// Throws InputError when $GPUCOSIM_CONFIGS_DIR is set but is not a folder.
#include <string>

namespace gpucosim::cli {

std::string configs_dir();

}  // namespace gpucosim::cli
