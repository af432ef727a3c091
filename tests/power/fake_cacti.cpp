#include "tests/power/fake_cacti.h"

#include <sys/stat.h>

#include <fstream>

namespace gpucosim::test {

const char* const kFakeCactiReport = R"(Cache size                    : 32768
Block size                    : 64
Associativity                 : 4

---------- CACTI (version 7.0.3DD Prerelease of Aug, 2012), Uniform Cache Access SRAM Model ----------

Cache Parameters:
    Total cache size (bytes): 32768
    Number of banks: 1
    Associativity: 4
    Block size (bytes): 64

    Access time (ns): 0.698504
    Cycle time (ns):  2.33883
    Total dynamic read energy per access (nJ): 0.118281
    Total dynamic write energy per access (nJ): 0.11691
    Total leakage power of a bank (mW): 41.6604
    Total gate leakage power of a bank (mW): 1.11682
    Cache height x width (mm): 0.203589 x 1.18931

    Best Ndwl : 2
    Best Ndbl : 2
    Best Nspd : 1
    Best Ndcm : 1

    Best Ntwl : 2
    Best Ntbl : 2
    Best Ntspd : 1

Data array: Area (mm2): 0.225275
    Height (mm): 0.203589
    Width (mm): 1.10652
    Area efficiency (Memory cell area/Total area) - 71.5063 %

    Ndwl : 2
    Ndbl : 2
    Nspd : 1

Tag array: Area (mm2): 0.00815012
    Height (mm): 0.0984376
    Width (mm): 0.0827948

    Ndwl : 2
    Ndbl : 2
    Nspd : 1
)";

std::string write_fake_cacti(const std::string& dir, FakeCacti kind) {
  const std::string path = dir + (kind == FakeCacti::Good ? "/fake-cacti" : kind == FakeCacti::Fails ? "/failing-cacti" : "/garbled-cacti");
  std::ofstream f(path);
  f << "#!/bin/sh\n";
  f << "[ \"$1\" = \"-infile\" ] && [ -f \"$2\" ] || { echo \"usage: cacti -infile cache.cfg\" >&2; exit 2; }\n";
  f << "grep -q '^-size (bytes) ' \"$2\" || { echo 'config lacks -size' >&2; exit 4; }\n";
  if (kind == FakeCacti::Fails) f << "echo 'ERROR: no valid data array organisation found' >&2\nexit 3\n";
  if (kind == FakeCacti::Garbled) f << "echo 'segmentation fault? nothing useful here'\nexit 0\n";
  if (kind == FakeCacti::Good) f << "cat <<'CACTI_REPORT'\n" << kFakeCactiReport << "CACTI_REPORT\n";
  f.close();
  ::chmod(path.c_str(), 0755);
  return path;
}

}  // namespace gpucosim::test
