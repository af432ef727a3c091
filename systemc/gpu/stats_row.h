#pragma once
// A kernel's statistics held compactly: its values in name order beside a list of names that
// kernels with the same names share. A run keeps every kernel's report to the end (a kernel's
// later charges are added then, kernel_stats.h), and as a StatsMap each took about 440 KB on an
// 80-SM GPU (2 100 counters, a tree node and a name each): a trace of 1 000 kernels held
// 440 MB. As a row it is 8 bytes a counter, and the names are held once.
//
// Read-only and map-like where readers use a StatsMap (iteration in name order as (name, value)
// pairs, find, count, at); to change a row, take to_map(), change it and build a new row.
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "systemc/gpu/stats.h"

namespace gpucosim {

class StatsRow {
 public:
  using Names = std::vector<std::string>;
  struct value_type {
    const std::string& first;
    double second;
  };

  class const_iterator {
   public:
    const_iterator(const StatsRow* r, size_t i) : r_(r), i_(i) {}
    value_type operator*() const { return {(*r_->names_)[i_], r_->values_[i_]}; }
    struct Arrow {
      value_type v;
      const value_type* operator->() const { return &v; }
    };
    Arrow operator->() const { return {**this}; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }

   private:
    const StatsRow* r_;
    size_t i_;
  };

  StatsRow() = default;
  // The values of `m`; its names from share_names(m, shared) (none for an empty map).
  StatsRow(const StatsMap& m, std::shared_ptr<const Names>& shared);

  StatsMap to_map() const;

  size_t size() const { return values_.size(); }
  bool empty() const { return values_.empty(); }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, values_.size()}; }
  const_iterator find(std::string_view name) const;
  size_t count(std::string_view name) const { return find(name) != end() ? 1 : 0; }
  double at(std::string_view name) const {
    const const_iterator it = find(name);
    if (it == end()) throw std::out_of_range("StatsRow::at: no statistic " + std::string(name));
    return it->second;
  }
  // The list of names (shared with rows of the same names; null for an empty row).
  const std::shared_ptr<const Names>& names() const { return names_; }

 private:
  std::shared_ptr<const Names> names_;
  std::vector<double> values_;
};

// The names of `m` in order as a shared list: `last` when it holds the same names (compared name
// by name), else a new list that `last` then holds. Never null (an empty map gives an empty
// list). Kernels with the same counters share one list this way (StatsRow, and the names charged
// to each launch in GpuModel).
const std::shared_ptr<const StatsRow::Names>& share_names(const StatsMap& m,
                                                          std::shared_ptr<const StatsRow::Names>& last);

}  // namespace gpucosim
