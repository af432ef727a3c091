#pragma once
// The options of one run: every registered option with its current value and where that value came
// from, plus the accepted-but-not-modelled options that appeared. Files load in order (later
// override earlier), then --set overrides. Every value is validated when it is set, so errors name
// the file and line (or "--set") that gave it.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "systemc/config/option_registry.h"

namespace gpucosim {

struct OptionOrigin {
  enum class Kind { Default, File, Set };
  Kind kind = Kind::Default;
  std::string file;  // Kind::File
  uint64_t line = 0;
  std::string describe() const;  // "default", "<file>:<line>" or "--set"
  // The (file, line) an InputError about this value should carry.
  std::string error_file() const;
  uint64_t error_line() const { return kind == Kind::File ? line : 0; }
};

struct OptionEntry {
  std::string name;
  std::string value;
  OptionOrigin origin;
  const OptionDef* def = nullptr;  // nullptr for unmodelled options
};

class OptionSet {
 public:
  OptionSet();  // every registered option at its default

  // Reads and applies a gpgpusim.config file; InputError(path, 0, ...) if it cannot be read.
  void load_file(const std::string& path);
  // Applies config text; `source` names it in errors and origins.
  void load_text(const std::string& text, const std::string& source);
  // Applies "key=value" (key with or without a leading '-'); errors are reported against "--set".
  void apply_set(const std::string& key_value);
  // Sets one option: resolves aliases, rejects unknown names (with a suggestion) and bad values.
  void set(const std::string& name, const std::string& value, const OptionOrigin& origin);

  // nullptr if the option is neither registered nor among the unmodelled ones seen.
  const OptionEntry* find(const std::string& name) const;
  // Registered options in registry order.
  const std::vector<OptionEntry>& modelled() const { return modelled_; }
  // Accepted-but-not-modelled options in the order they first appeared.
  const std::vector<OptionEntry>& unmodelled() const { return unmodelled_; }
  // Their names, then each modelled option whose value sets a field the model does not read
  // (kUnmodelledFields) as "<option> (<field>)".
  std::vector<std::string> unmodelled_names() const;
  // "" when there are none, else one line listing them (the caller adds "warning: ").
  std::string unmodelled_warning() const;

 private:
  std::vector<OptionEntry> modelled_;
  std::vector<OptionEntry> unmodelled_;
  std::map<std::string, size_t> modelled_index_, unmodelled_index_;
};

}  // namespace gpucosim
