#include "systemc/gpu/stats_row.h"

#include <algorithm>

namespace gpucosim {

namespace {
bool same_names(const StatsMap& m, const StatsRow::Names& names) {
  if (m.size() != names.size()) return false;
  size_t i = 0;
  for (const auto& [name, v] : m) {
    (void)v;
    if (name != names[i++]) return false;
  }
  return true;
}
}  // namespace

StatsRow::StatsRow(const StatsMap& m, std::shared_ptr<const Names>& shared) {
  if (m.empty()) return;
  if (!shared || !same_names(m, *shared)) {
    auto names = std::make_shared<Names>();
    names->reserve(m.size());
    for (const auto& [name, v] : m) (void)v, names->push_back(name);
    shared = std::move(names);
  }
  names_ = shared;
  values_.reserve(m.size());
  for (const auto& [name, v] : m) (void)name, values_.push_back(v);
}

StatsMap StatsRow::to_map() const {
  StatsMap m;
  for (size_t i = 0; i < values_.size(); ++i) m.emplace_hint(m.end(), (*names_)[i], values_[i]);
  return m;
}

StatsRow::const_iterator StatsRow::find(std::string_view name) const {
  if (!names_) return end();
  const auto it = std::lower_bound(names_->begin(), names_->end(), name,
                                   [](const std::string& a, std::string_view b) { return std::string_view(a) < b; });
  if (it == names_->end() || *it != name) return end();
  return {this, size_t(it - names_->begin())};
}

}  // namespace gpucosim
