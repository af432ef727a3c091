// GoogleTest entry point of test_docs (gpucosim_add_test links no gtest_main).
#include <gtest/gtest.h>

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
