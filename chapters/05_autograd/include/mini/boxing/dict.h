#pragma once
/// \file
/// \brief Dict<Key, Value>: the C++ type of a `Dict(str, Tensor)` argument or result.
///
/// A kernel whose schema takes or returns a dict declares it with this type,
/// as a c10 kernel declares c10::Dict<Key, Value>. Both keep their entries in
/// the order they were inserted, which is the order Python's dict and
/// TorchScript's iterate in. c10's is a hash map and a handle to a shared
/// DictImpl (copies see each other's writes); this one is a vector searched
/// from the front and copies are independent values, which is all a kernel
/// that reads its argument and builds its result needs.

#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

namespace mini {
inline namespace ch05 {

template <class Key, class Value>
class Dict {
 public:
  using value_type = std::pair<Key, Value>;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  Dict() = default;
  Dict(std::initializer_list<value_type> entries) {
    for (const value_type& entry : entries) {
      insert_or_assign(entry.first, entry.second);
    }
  }

  /// A new key goes last; an existing key keeps its place and takes the value.
  void insert_or_assign(Key key, Value value) {
    for (value_type& entry : entries_) {
      if (entry.first == key) {
        entry.second = std::move(value);
        return;
      }
    }
    entries_.emplace_back(std::move(key), std::move(value));
  }

  const_iterator find(const Key& key) const {
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->first == key) {
        return it;
      }
    }
    return entries_.end();
  }
  bool contains(const Key& key) const { return find(key) != entries_.end(); }
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }

  /// The same keys with equal values, in any order: two dicts are equal in
  /// Python whatever order their keys were inserted in.
  bool operator==(const Dict& other) const {
    if (size() != other.size()) {
      return false;
    }
    for (const value_type& entry : entries_) {
      auto it = other.find(entry.first);
      if (it == other.end() || !(it->second == entry.second)) {
        return false;
      }
    }
    return true;
  }

 private:
  std::vector<value_type> entries_;
};

}  // namespace ch05
}  // namespace mini
