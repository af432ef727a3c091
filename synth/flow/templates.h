#pragma once
// The Yosys and OpenSTA script templates (synth/scripts/, compiled in by embed_templates.cmake)
// and their rendering: every {{NAME}} placeholder is replaced by a value.
#include <map>
#include <string>

namespace gpucosim::synth {

// name (file name in synth/scripts/) -> text. Defined in the generated synth_templates.cpp.
const std::map<std::string, std::string>& embedded_templates();

// The template `name`; throws std::logic_error when it is not compiled in (a build problem).
const std::string& script_template(const std::string& name);

// Replaces each {{NAME}} with vars.at(NAME). Throws std::logic_error naming the template when a
// placeholder has no value or a value matches no placeholder: both are programming errors that a
// test should catch, not user errors.
std::string render_template(const std::string& name, const std::map<std::string, std::string>& vars);

}  // namespace gpucosim::synth
