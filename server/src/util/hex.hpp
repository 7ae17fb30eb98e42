#pragma once
/// Hexadecimal digits, as percent-encodings (RFC 3986 section 2.1) and hex text spell them.
#include <span>
#include <string>
#include <string_view>

namespace wavesites {

/// 0 to 15 for '0'-'9', 'a'-'f' and 'A'-'F'; -1 for any other byte.
[[nodiscard]] constexpr int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Lower-case hex of `bytes`, two digits a byte.
[[nodiscard]] inline std::string to_hex(std::span<const unsigned char> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const unsigned char b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}
[[nodiscard]] inline std::string to_hex(std::string_view bytes) {
  return to_hex(std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
}

}  // namespace wavesites
