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

const std::shared_ptr<const StatsRow::Names>& share_names(const StatsMap& m,
                                                          std::shared_ptr<const StatsRow::Names>& last) {
  if (!last || !same_names(m, *last)) {
    auto names = std::make_shared<StatsRow::Names>();
    names->reserve(m.size());
    for (const auto& [name, v] : m) (void)v, names->push_back(name);
    last = std::move(names);
  }
  return last;
}

StatsRow::StatsRow(const StatsMap& m, std::shared_ptr<const Names>& shared) {
  if (m.empty()) return;
  names_ = share_names(m, shared);
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
  const auto it = std::lower_bound(names_->begin(), names_->end(), name, StatNameLess{});
  if (it == names_->end() || *it != name) return end();
  return {this, size_t(it - names_->begin())};
}

}  // namespace gpucosim
