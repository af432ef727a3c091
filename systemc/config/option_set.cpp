#include "systemc/config/option_set.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernel/input_error.h"
#include "systemc/config/config_text.h"
#include "systemc/config/option_values.h"

namespace gpucosim {

std::string OptionOrigin::describe() const {
  switch (kind) {
    case Kind::Default: return "default";
    case Kind::File: return file + ":" + std::to_string(line);
    case Kind::Set: return "--set";
  }
  return "?";
}

std::string OptionOrigin::error_file() const {
  switch (kind) {
    case Kind::Default: return "(default)";
    case Kind::File: return file;
    case Kind::Set: return "--set";
  }
  return "?";
}

OptionSet::OptionSet() {
  for (const OptionGroup& g : option_groups())
    for (size_t i = 0; i < g.count; ++i) {
      modelled_index_[g.defs[i].name] = modelled_.size();
      modelled_.push_back({g.defs[i].name, g.defs[i].default_value, OptionOrigin{}, &g.defs[i]});
    }
}

void OptionSet::load_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path, 0, "is a folder: expected a gpgpusim.config file");
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw InputError(path, 0, "is not a regular file: expected a gpgpusim.config file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot open configuration file: expected a readable gpgpusim.config file");
  std::ostringstream text;
  text << in.rdbuf();
  load_text(text.str(), path);
}

void OptionSet::load_text(const std::string& text, const std::string& source) {
  for (const ConfigEntry& e : parse_config_text(text, source)) {
    OptionOrigin o;
    o.kind = OptionOrigin::Kind::File;
    o.file = source;
    o.line = e.line;
    set(e.name, e.value, o);
  }
}

void OptionSet::apply_set(const std::string& key_value) {
  size_t eq = key_value.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError("--set", 0, "expected key=value, got '" + key_value + "'");
  std::string key = key_value.substr(0, eq), value = key_value.substr(eq + 1);
  if (!key.empty() && key[0] == '-') key.erase(0, 1);
  // The shell usually strips quotes; accept them when they survive.
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
  OptionOrigin o;
  o.kind = OptionOrigin::Kind::Set;
  set(key, value, o);
}

void OptionSet::set(const std::string& name_in, const std::string& value, const OptionOrigin& origin) {
  std::string name = name_in;
  if (const char* target = option_alias_target(name)) name = target;
  auto it = modelled_index_.find(name);
  if (it != modelled_index_.end()) {
    OptionEntry& e = modelled_[it->second];
    try {
      BuildState scratch;  // validation = parsing into a throw-away state
      apply_option(*e.def, value, scratch);
    } catch (const ValueError& err) {
      throw InputError(origin.error_file(), origin.error_line(), "-" + name + ": " + err.what());
    }
    e.value = value;
    e.origin = origin;
    return;
  }
  if (is_unmodelled_option(name)) {
    auto u = unmodelled_index_.find(name);
    if (u == unmodelled_index_.end()) {
      unmodelled_index_[name] = unmodelled_.size();
      unmodelled_.push_back({name, value, origin, nullptr});
    } else {
      unmodelled_[u->second].value = value;
      unmodelled_[u->second].origin = origin;
    }
    return;
  }
  std::string near = nearest_option_name(name);
  throw InputError(origin.error_file(), origin.error_line(),
                   "unknown option -" + name + (near.empty() ? "" : "; did you mean -" + near + "?"));
}

const OptionEntry* OptionSet::find(const std::string& name) const {
  auto it = modelled_index_.find(name);
  if (it != modelled_index_.end()) return &modelled_[it->second];
  auto u = unmodelled_index_.find(name);
  return u != unmodelled_index_.end() ? &unmodelled_[u->second] : nullptr;
}

namespace {

// "-gpgpu_cache:dl1 result FIFO field (4)" for every modelled option whose value sets a field the
// model does not read.
std::vector<std::pair<std::string, std::string>> unmodelled_fields(const OptionSet& o) {
  std::vector<std::pair<std::string, std::string>> out;  // (name entry, warning text)
  for (size_t i = 0; i < kUnmodelledFieldCount; ++i) {
    const UnmodelledField& f = kUnmodelledFields[i];
    const OptionEntry* e = o.find(f.option);
    if (!e || e->value.empty()) continue;
    const std::string v = f.set_in(e->value);
    if (!v.empty()) out.emplace_back(std::string(f.option) + " (" + f.field + ")", "-" + std::string(f.option) + " " + f.field + " (" + v + ")");
  }
  return out;
}

}  // namespace

std::vector<std::string> OptionSet::unmodelled_names() const {
  std::vector<std::string> names;
  for (const OptionEntry& e : unmodelled_) names.push_back(e.name);
  for (const auto& f : unmodelled_fields(*this)) names.push_back(f.first);
  return names;
}

std::string OptionSet::unmodelled_warning() const {
  const auto fields = unmodelled_fields(*this);
  if (unmodelled_.empty() && fields.empty()) return "";
  std::string s;
  if (!unmodelled_.empty()) {
    s = std::to_string(unmodelled_.size()) + " option(s) accepted but not modelled (no effect on the simulation):";
    for (const OptionEntry& e : unmodelled_) s += " -" + e.name;
  }
  if (!fields.empty()) {
    s += std::string(s.empty() ? "" : "; ") + "option fields accepted but not modelled:";
    for (const auto& f : fields) s += " " + f.second;
  }
  return s;
}

}  // namespace gpucosim
