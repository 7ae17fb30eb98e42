#pragma once
/// The parameters of a request's query string.
#include <optional>
#include <string>
#include <string_view>

namespace wavesites {

/// The raw (still percent-encoded) value of the first `name=value` pair of `query`; nothing when
/// no pair names it. A pair without `=` names nothing.
[[nodiscard]] std::optional<std::string_view> query_value(std::string_view query, std::string_view name);

/// A raw query value percent-decoded ('+' is a space); nothing on a malformed escape (which the
/// request reader refuses before any route, so a handler never meets one).
[[nodiscard]] std::optional<std::string> decode_query_value(std::string_view raw);

}  // namespace wavesites
