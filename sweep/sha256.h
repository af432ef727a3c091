#pragma once
// SHA-256 (FIPS 180-4) of a byte string, as lowercase hex. Sweep points are content-addressed:
// the folder of a point is named by the hash of everything that determines its result.
#include <string>

namespace gpucosim::sweep {

std::string sha256_hex(const std::string& bytes);

}  // namespace gpucosim::sweep
