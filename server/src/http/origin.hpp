#pragma once
/// A referring page reduced to its origin: what the click log and the visit counts keep of a
/// Referer, never the page or its query.
#include <string>
#include <string_view>

namespace wavesites {

/// `referrer` reduced to "scheme://host[:port]" (scheme and host in lower case, user info
/// dropped) when it is an absolute http or https URL with a plausible host; else empty.
[[nodiscard]] std::string referrer_origin(std::string_view referrer);

/// The host of an origin that referrer_origin made ("https://a.example:8443" -> "a.example").
[[nodiscard]] std::string_view origin_host(std::string_view origin);

}  // namespace wavesites
