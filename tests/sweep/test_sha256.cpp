// SHA-256 against the FIPS 180-2 example messages and against sha256sum.
#include <gtest/gtest.h>

#include <fstream>

#include "sweep/sha256.h"
#include "tests/support/test_paths.h"

namespace gpucosim::sweep {
namespace {

TEST(sha256, FipsExamples) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Lengths around one and two 64-byte blocks (the length field moves to a new block at 56), against
// coreutils' sha256sum.
TEST(sha256, MatchesSha256sumAcrossBlockBoundaries) {
  const std::string dir = test::scratch_dir();
  for (size_t n : {1u, 54u, 55u, 56u, 57u, 63u, 64u, 65u, 119u, 120u, 127u, 128u, 129u}) {
    std::string msg;
    for (size_t i = 0; i < n; ++i) msg.push_back(char('a' + (i * 7) % 26));
    const std::string file = dir + "/m" + std::to_string(n);
    std::ofstream(file, std::ios::binary) << msg;
    const test::CommandResult r = test::run_command("sha256sum " + file);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(sha256_hex(msg), r.output.substr(0, 64)) << "length " << n;
  }
}

}  // namespace
}  // namespace gpucosim::sweep
