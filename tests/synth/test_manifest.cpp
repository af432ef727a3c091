// Synthesis manifests: the documented format is accepted, every mistake names the file (and the
// line where the key is), and blocks are found by name, folder or path.
#include <gtest/gtest.h>

#include <filesystem>

#include "kernel/input_error.h"
#include "synth/flow/manifest.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

TEST(synthManifest, FixtureManifestReads) {
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  EXPECT_EQ(m.block, "fifo_sram");
  EXPECT_EQ(m.top, "fifo_sram");
  ASSERT_EQ(m.sources.size(), 2u);
  EXPECT_TRUE(fs::path(m.sources[0]).is_absolute());
  EXPECT_TRUE(fs::exists(m.sources[1]));
  EXPECT_EQ(m.parameters.at("DEPTH"), "64");
  EXPECT_EQ(m.clock_port, "clk");
  EXPECT_DOUBLE_EQ(m.clock_ns, 5.0);
  ASSERT_EQ(m.macros.size(), 1u);
  EXPECT_EQ(m.macros[0].module, "fifo_sram_mem");
  EXPECT_FALSE(m.macros[0].words.has_value());
}

// Parses `text` as <scratch>/blk/block.json with an existing a.v beside it.
synth::BlockManifest parse(const std::string& text) {
  const std::string dir = scratch_dir() + "/blk";
  write_file(dir, "a.v", "module a; endmodule\n");
  return synth::parse_manifest(text, dir + "/block.json");
}

void expect_error(const std::string& text, const std::string& words, uint64_t line) {
  try {
    parse(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    EXPECT_NE(e.file().find("block.json"), std::string::npos) << e.file();
    EXPECT_EQ(e.line(), line) << e.what();
  }
}

TEST(synthManifest, DefaultsAndBlockNameFromFolder) {
  const synth::BlockManifest m = parse(R"({"top": "a", "sources": ["a.v"]})");
  EXPECT_EQ(m.block, "blk");
  EXPECT_TRUE(m.clock_port.empty());
  EXPECT_TRUE(m.macros.empty());
  EXPECT_GT(m.clock_ns, 0);
}

TEST(synthManifest, RegressionParametersAreSeparate) {
  const synth::BlockManifest m =
      parse(R"({"top": "a", "sources": ["a.v"], "parameters": {"N": 48}, "regression_parameters": {"N": "8"}})");
  EXPECT_EQ(m.parameters.at("N"), "48");
  EXPECT_EQ(m.regression_parameters.at("N"), "8");
}

TEST(synthManifest, MistakesNameFileAndLine) {
  expect_error("{\n  \"top\": \"a\",\n  \"sources\": [\"a.v\"],\n}\n", "invalid JSON", 4);
  expect_error("{\n  \"top\": \"a\",\n  \"source\": [\"a.v\"]\n}\n", "unknown key \"source\"", 3);
  expect_error("{\"sources\": [\"a.v\"]}", "missing required key \"top\"", 0);
  expect_error("{\n\"top\": \"a\",\n\"sources\": [\"missing.v\"]\n}", "missing.v does not exist", 3);
  expect_error("{\"top\": \"a\", \"sources\": []}", "at least one file", 1);
  expect_error("{\"top\": \"a\", \"sources\": [\"a.v\"],\n \"parameters\": {\"W\": 1.5}}", "parameter W", 2);
  expect_error("{\"top\": \"a\", \"sources\": [\"a.v\"],\n \"clock\": {\"port\": \"clk\", \"period_ns\": -1}}",
               "period_ns", 2);
  expect_error("{\"top\": \"a\", \"sources\": [\"a.v\"],\n \"macros\": [{\"module\": \"m\", \"words\": 8}]}",
               "both \"words\" and \"bits\"", 2);
  expect_error("{\"top\": \"a\", \"sources\": [\"a.v\"],\n \"macros\": [{\"module\": \"m\"}, {\"module\": \"m\"}]}",
               "listed twice", 2);
  expect_error("{\"top\": \"a\", \"sources\": [\"a.v\"],\n \"macros\": [{\"module\": \"a\"}]}", "top module", 2);
}

TEST(synthManifest, MissingFileIsAnError) {
  EXPECT_THROW(synth::load_manifest(scratch_dir() + "/none/block.json"), InputError);
}

TEST(synthManifest, LocatesBlocksByNameFolderOrPath) {
  const std::string fixtures = source_dir() + "/tests/synth/fixtures";
  const std::string manifest = fixture_manifest("fifo_sram");
  EXPECT_EQ(fs::canonical(synth::locate_manifest("fifo_sram", fixtures)), fs::canonical(manifest));
  EXPECT_EQ(fs::canonical(synth::locate_manifest(fixtures + "/fifo_sram", "/nonexistent")), fs::canonical(manifest));
  EXPECT_EQ(fs::canonical(synth::locate_manifest(manifest, "/nonexistent")), fs::canonical(manifest));
  try {
    synth::locate_manifest("no_such_block", fixtures);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "no_such_block");
    EXPECT_NE(std::string(e.what()).find("fifo_sram"), std::string::npos) << "should list the known blocks";
  }
}

TEST(synthManifest, DiscoversEveryBlockWithAManifest) {
  const std::string dir = scratch_dir();
  write_file(dir, "b/block.json", "{}");
  write_file(dir, "a/block.json", "{}");
  write_file(dir, "c/readme.md", "no manifest");
  const auto found = synth::discover_manifests(dir);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(fs::path(found[0]).parent_path().filename(), "a");
  EXPECT_EQ(fs::path(found[1]).parent_path().filename(), "b");
  EXPECT_TRUE(synth::discover_manifests(dir + "/none").empty());
}

}  // namespace
}  // namespace gpucosim::test
