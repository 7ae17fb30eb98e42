#pragma once
/// One hexadecimal digit's value, as percent-encodings (RFC 3986 section 2.1) and hex text spell it.

namespace wavesites {

/// 0 to 15 for '0'-'9', 'a'-'f' and 'A'-'F'; -1 for any other byte.
[[nodiscard]] constexpr int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace wavesites
