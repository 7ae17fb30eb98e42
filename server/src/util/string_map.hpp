#pragma once
/// A hash map keyed by strings that is searched with a string_view, without building a string.
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace wavesites {

struct string_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

template <typename V>
using string_map = std::unordered_map<std::string, V, string_hash, std::equal_to<>>;

}  // namespace wavesites
