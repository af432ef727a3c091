// libFuzzer target: arbitrary bytes as a gpgpusim.config file. The parser, the option values, the
// consistency checks and the memory estimate of the model (systemc/gpu/model_footprint.h) may
// only ever raise InputError; anything else (another exception, a crash, a sanitizer report, a
// hang) is a bug. Every accepted configuration must also survive its effective configuration:
// the text, loaded back, builds the same GpuConfig.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "kernel/input_error.h"
#include "systemc/config/config_build.h"
#include "systemc/config/effective_config.h"
#include "systemc/gpu/model_footprint.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  gpucosim::OptionSet options;
  gpucosim::GpuConfig gpu;
  try {
    options.load_text(text, "fuzz.config");
    gpu = gpucosim::build_gpu_config(options);
    (void)options.unmodelled_warning();
    (void)gpucosim::estimate_model_footprint(gpu).total_bytes();
    gpucosim::check_model_footprint(gpu, options, uint64_t(1) << 30, "the fuzzer's limit");
  } catch (const gpucosim::InputError&) {
    return 0;
  }
  // The effective configuration reproduces the configuration.
  gpucosim::OptionSet again;
  again.load_text(gpucosim::effective_config_text(options), "fuzz-effective.config");
  if (gpucosim::gpu_config_json(gpucosim::build_gpu_config(again)) != gpucosim::gpu_config_json(gpu)) std::abort();
  return 0;
}
