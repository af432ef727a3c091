// These tests only drive the gpucosim CLI (no SystemC in the process), so a plain main runs them.
#include <gtest/gtest.h>

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
