// Placeholder until the SRAM model lands; replaced by the power work.
#include "cli/commands.h"

namespace gpucosim::cli {
void register_sram_command(CLI::App&) {}
}  // namespace gpucosim::cli
