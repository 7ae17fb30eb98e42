#pragma once
/// Hexadecimal digits, as percent-encodings (RFC 3986 section 2.1) and hex text spell them.
#include <array>
#include <cstddef>
#include <cstring>
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

namespace detail {
/// Both lower-case hex digits of every byte value, so a byte costs one lookup.
constexpr auto hex_pairs = [] {
  constexpr char digits[] = "0123456789abcdef";
  std::array<char, 512> t{};
  for (std::size_t b = 0; b < 256; ++b) {
    t[2 * b] = digits[b >> 4];
    t[2 * b + 1] = digits[b & 15];
  }
  return t;
}();
}  // namespace detail

/// Writes the two lower-case hex digits of `b` at `out`.
inline void put_hex(unsigned char b, char* out) {
  std::memcpy(out, &detail::hex_pairs[2 * std::size_t{b}], 2);
}

/// Lower-case hex of `bytes`, two digits a byte.
[[nodiscard]] inline std::string to_hex(std::span<const unsigned char> bytes) {
  std::string out(bytes.size() * 2, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) put_hex(bytes[i], &out[2 * i]);
  return out;
}
[[nodiscard]] inline std::string to_hex(std::string_view bytes) {
  return to_hex(std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
}

}  // namespace wavesites
