#include <sstream>

#include "systemc/config/config_text.h"
#include "systemc/config/effective_config.h"

namespace gpucosim {

namespace {

void write_line(std::ostringstream& out, const OptionEntry& e, bool with_origins) {
  std::string line = "-" + e.name + " " + quote_config_value(e.value);
  if (with_origins) {
    // Align origins in a column where the line allows, for reading diffs.
    const size_t column = 64;
    line += line.size() < column ? std::string(column - line.size(), ' ') : std::string(2, ' ');
    line += "# " + e.origin.describe();
  }
  out << line << "\n";
}

}  // namespace

std::string effective_config_text(const OptionSet& options, bool with_origins) {
  std::ostringstream out;
  out << "# gpucosim effective configuration, in gpgpusim.config syntax: load it back with --config.\n";
  if (with_origins) out << "# The comment after each value says where it came from (default, file:line or --set).\n";
  size_t index = 0;
  const std::vector<OptionEntry>& entries = options.modelled();
  for (const OptionGroup& g : option_groups()) {
    out << "\n# == " << g.title << " ==\n";
    for (size_t i = 0; i < g.count; ++i, ++index) {
      const OptionDef& d = g.defs[i];
      out << "# " << d.help << " [" << option_type_name(d.type) << " -> " << d.field << "]\n";
      write_line(out, entries[index], with_origins);
    }
  }
  out << "\n# == Accepted but not modelled (no effect on the simulation) ==\n";
  if (options.unmodelled().empty()) out << "# (none)\n";
  for (const OptionEntry& e : options.unmodelled()) write_line(out, e, with_origins);
  return out.str();
}

}  // namespace gpucosim
