// Stillmaker & Baas scaling: table values, inverses, interpolation and range errors.
#include <gtest/gtest.h>

#include <stdexcept>

#include "power/node_scaling.h"

namespace gpucosim::power {
namespace {

TEST(energyNodeScaling, SameNodeIsIdentity) {
  const NodeScaling s = stillmaker_scaling(45, 45);
  EXPECT_DOUBLE_EQ(s.area, 1.0);
  EXPECT_DOUBLE_EQ(s.delay, 1.0);
  EXPECT_DOUBLE_EQ(s.energy, 1.0);
  EXPECT_FALSE(s.interpolated);
}

TEST(energyNodeScaling, UsesThePublishedAreaTable) {
  EXPECT_NEAR(stillmaker_scaling(180, 45).area, 0.053, 1e-12);
  EXPECT_NEAR(stillmaker_scaling(180, 32).area, 0.025, 1e-12);
  EXPECT_NEAR(stillmaker_scaling(90, 45).area, 0.053 / 0.15, 1e-12);
}

TEST(energyNodeScaling, EvaluatesTheEnergyFitAtNominalVdd) {
  // The paper's erratum example: HP32 at 0.9 V gives an energy factor of 0.4571.
  const double e32 = 0.8367 * 0.81 - 0.4341 * 0.9 + 0.1701;
  const double e45 = 1.018 - 0.3107 + 0.1539;
  EXPECT_NEAR(stillmaker_scaling(45, 32).energy, e32 / e45, 1e-9);
}

TEST(energyNodeScaling, ScalingBackIsTheInverse) {
  const NodeScaling a = stillmaker_scaling(180, 45), b = stillmaker_scaling(45, 180);
  EXPECT_NEAR(a.area * b.area, 1.0, 1e-12);
  EXPECT_NEAR(a.delay * b.delay, 1.0, 1e-12);
  EXPECT_NEAR(a.energy * b.energy, 1.0, 1e-12);
}

TEST(energyNodeScaling, SmallerNodesAreSmallerFasterAndCheaper) {
  const NodeScaling s45 = stillmaker_scaling(180, 45), s28 = stillmaker_scaling(180, 28);
  EXPECT_LT(s45.area, 1.0);
  EXPECT_LT(s45.delay, 1.0);
  EXPECT_LT(s45.energy, 1.0);
  EXPECT_LT(s28.area, s45.area);
  EXPECT_LT(s28.energy, s45.energy);
}

TEST(energyNodeScaling, InterpolatesBetweenTableNodes) {
  const NodeScaling s28 = stillmaker_scaling(180, 28);
  EXPECT_TRUE(s28.interpolated);
  EXPECT_LT(s28.area, stillmaker_scaling(180, 32).area);
  EXPECT_GT(s28.area, stillmaker_scaling(180, 20).area);
}

TEST(energyNodeScaling, RejectsNodesOutsideThePaper) {
  EXPECT_THROW(stillmaker_scaling(350, 45), std::invalid_argument);
  EXPECT_THROW(stillmaker_scaling(45, 5), std::invalid_argument);
  EXPECT_FALSE(stillmaker_covers(250));
  EXPECT_TRUE(stillmaker_covers(180));
}

}  // namespace
}  // namespace gpucosim::power
