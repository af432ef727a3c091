#pragma once
// The effective configuration: every option with its final value and where the value came from,
// written so it can be fed back as a configuration file (text) or read by scripts (JSON). Every run
// prints or writes it, so a result can always be reproduced and users can diff two runs.
#include <string>

#include <nlohmann/json.hpp>

#include "systemc/config/gpu_config.h"
#include "systemc/config/option_set.h"

namespace gpucosim {

// gpgpusim.config syntax: option groups with their help, then the accepted-but-not-modelled
// options. with_origins appends "# default", "# file:line" or "# --set" to each line; loading the
// text back yields the same GpuConfig, and writing that again gives the same text (origins aside).
std::string effective_config_text(const OptionSet& options, bool with_origins = true);

// {"options":[{name,value,default,origin,type,field,group,help}...],
//  "unmodelled":[{name,value,origin}...], "resolved":{...GpuConfig fields...}}
// Text that is not UTF-8 (a file name) is written with U+FFFD in its place.
std::string effective_config_json(const OptionSet& options, const GpuConfig& gpu, int indent = 2);
// The same as a document: effective_config_json(...) is its dump(indent) (error handler "replace").
nlohmann::json effective_config_document(const OptionSet& options, const GpuConfig& gpu);

// Every GpuConfig field as JSON (also used to compare two configurations field by field).
std::string gpu_config_json(const GpuConfig& gpu, int indent = 2);

}  // namespace gpucosim
