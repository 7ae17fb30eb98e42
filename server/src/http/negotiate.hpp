#pragma once
/// Small, allocation-free readers of the request headers that choose a representation.
#include <string_view>

namespace wavesites {

struct accepted_encodings {
  bool br = false;
  bool gzip = false;
};

/// Reads Accept-Encoding, honouring q=0 and "*".
accepted_encodings parse_accept_encoding(std::string_view header) noexcept;

/// True when If-None-Match lists `etag` (weak comparison) or is "*".
bool if_none_match_hits(std::string_view header, std::string_view etag) noexcept;

/// The value of cookie `name` in a Cookie header, or empty.
std::string_view cookie_value(std::string_view header, std::string_view name) noexcept;

}  // namespace wavesites
