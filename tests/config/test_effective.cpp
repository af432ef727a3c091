// The effective configuration: text round trip, origins, JSON.
#include <nlohmann/json.hpp>

#include "systemc/config/config_build.h"
#include "systemc/config/effective_config.h"
#include "systemc/config/presets.h"
#include "tests/config/config_test_util.h"

namespace gpucosim {
namespace {

// Write -> load -> identical GpuConfig and identical text, for every preset plus overrides and
// unmodelled options.
TEST(ConfigEffective, RoundTripEveryPreset) {
  std::string dir = test::scratch_dir();
  for (const std::string& name : list_presets(test::configs_dir())) {
    SCOPED_TRACE(name);
    std::string extra = test::write_file(dir, "extra.config",
                                         "-visualizer_enabled 0\n-gpgpu_runtime_stat 500\n"
                                         "-gpgpu_shmem_option 0,8,16,32,64,96\n");
    LoadedConfig first = load_gpu_config({find_preset(name, test::configs_dir()), extra},
                                         {"gpgpu_max_cycle=1000000", "gpucosim_icnt_latency=12"});
    std::string text = effective_config_text(first.options, true);
    std::string path = test::write_file(dir, name + ".effective.config", text);
    LoadedConfig second = load_gpu_config({path}, {});
    EXPECT_EQ(gpu_config_json(second.gpu), gpu_config_json(first.gpu));
    EXPECT_EQ(effective_config_text(second.options, false), effective_config_text(first.options, false));
    EXPECT_EQ(second.options.unmodelled_names(), first.options.unmodelled_names());
    // And once more: the text is a fixed point.
    std::string path2 = test::write_file(dir, name + ".effective2.config", effective_config_text(second.options));
    LoadedConfig third = load_gpu_config({path2}, {});
    EXPECT_EQ(effective_config_text(third.options, false), effective_config_text(first.options, false));
  }
}

TEST(ConfigEffective, TextListsEveryOptionWithOrigin) {
  std::string dir = test::scratch_dir();
  std::string f = test::write_file(dir, "a.config", "-gpgpu_n_clusters 4\n-visualizer_enabled 0\n");
  LoadedConfig c = load_gpu_config({f}, {"gpgpu_n_mem=2"});
  std::string text = effective_config_text(c.options);
  for (const OptionEntry& e : c.options.modelled())
    EXPECT_NE(text.find("\n-" + e.name + " "), std::string::npos) << e.name;
  EXPECT_NE(text.find("-gpgpu_n_clusters 4"), std::string::npos);
  EXPECT_NE(text.find("# " + f + ":1"), std::string::npos);
  EXPECT_NE(text.find("-gpgpu_n_mem 2"), std::string::npos);
  EXPECT_NE(text.find("# --set"), std::string::npos);
  EXPECT_NE(text.find("# default"), std::string::npos);
  EXPECT_NE(text.find("Accepted but not modelled"), std::string::npos);
  EXPECT_NE(text.find("-visualizer_enabled 0"), std::string::npos);
  // Values with spaces or none at all are quoted so they read back.
  EXPECT_NE(text.find("-trace_opcode_latency_initiation_int \"\""), std::string::npos);
}

TEST(ConfigEffective, JsonHasOptionsUnmodelledAndResolved) {
  LoadedConfig c = load_gpu_config({find_preset("QV100", test::configs_dir())}, {"visualizer_enabled=0"});
  nlohmann::json j = nlohmann::json::parse(effective_config_json(c.options, c.gpu));
  ASSERT_TRUE(j.contains("options"));
  EXPECT_EQ(j["options"].size(), c.options.modelled().size());
  bool found = false;
  for (const auto& o : j["options"])
    if (o["name"] == "gpgpu_n_clusters") {
      found = true;
      EXPECT_EQ(o["value"], "80");
      EXPECT_EQ(o["default"], "15");
      EXPECT_EQ(o["field"], "core.n_clusters");
      EXPECT_NE(o["origin"].get<std::string>().find("QV100.config:"), std::string::npos);
    }
  EXPECT_TRUE(found);
  ASSERT_EQ(j["unmodelled"].size(), 1u);
  EXPECT_EQ(j["unmodelled"][0]["name"], "visualizer_enabled");
  EXPECT_EQ(j["unmodelled"][0]["origin"], "--set");
  EXPECT_EQ(j["resolved"]["core"]["n_sms"], 80);
  // The cache string's 32 KB; Accel-Sim's adaptive carve-out grows it per kernel (up to 128 KB).
  EXPECT_EQ(j["resolved"]["core"]["l1d"]["size_bytes"], 32 * 1024);
  EXPECT_EQ(j["resolved"]["mem"]["l2"]["string"], "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32");
  EXPECT_DOUBLE_EQ(j["resolved"]["clock"]["core_mhz"].get<double>(), 1132.0);  // Accel-Sim's SM7_QV100 clock
}

// The JSON is written as text (the option list directly): exactly the dump of the document, for
// every preset, with a file name that needs escapes and is not UTF-8, and with unmodelled options.
TEST(ConfigEffective, JsonTextIsTheDumpOfTheDocument) {
  std::string dir = test::scratch_dir();
  const std::string odd = test::write_file(dir, "odd \"name\" caf\xc3\xa9 \xff.config",
                                           "-gpgpu_n_clusters 4\n-visualizer_enabled 0\n-gpgpu_runtime_stat 500\n");
  for (const std::string& name : list_presets(test::configs_dir())) {
    SCOPED_TRACE(name);
    for (const bool with_odd : {false, true}) {
      std::vector<std::string> files = {find_preset(name, test::configs_dir())};
      if (with_odd) files.push_back(odd);
      LoadedConfig c = load_gpu_config(files, {"gpgpu_max_cycle=1000000", "visualizer_enabled=1"});
      const nlohmann::json doc = effective_config_document(c.options, c.gpu);
      constexpr auto kReplace = nlohmann::json::error_handler_t::replace;
      const std::string text = effective_config_json(c.options, c.gpu);
      EXPECT_EQ(text, doc.dump(2, ' ', false, kReplace));
      EXPECT_EQ(effective_config_json(c.options, c.gpu, 4), doc.dump(4, ' ', false, kReplace));  // other indents
      if (with_odd) {
        EXPECT_NE(text.find("odd \\\"name\\\" caf\xc3\xa9 \xef\xbf\xbd.config:1"), std::string::npos);  // escaped, U+FFFD
      }
    }
  }
}

}  // namespace
}  // namespace gpucosim
