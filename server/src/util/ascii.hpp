#pragma once
/// The ASCII character classes of the HTTP and URI grammars, written once as a table, and ASCII
/// case. Every request's method, target and Host are checked byte by byte against them; a libc
/// ctype call or a search of a punctuation list per byte was 6% of the user-space instructions
/// of a small answer.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace wavesites::ascii {

enum char_class : std::uint8_t {
  alnum = 1,         ///< A-Z, a-z, 0-9
  tchar = 2,         ///< RFC 9110 token: alnum and "!#$%&'*+-.^_`|~"
  host_char = 4,     ///< RFC 3986 reg-name: unreserved, sub-delims and "%"
  target_char = 8,   ///< a path or query: unreserved, sub-delims and ":@/?" ("%" is apart)
  query_extra = 16,  ///< "[]{}|^`": browsers leave them unescaped in a query
  hex_digit = 32,    ///< 0-9, a-f, A-F
  ip_literal = 64,   ///< inside an IP literal's brackets: hex digits, ":" and "."
  dns_name = 128,    ///< a host name as DNS spells it: alnum, "-" and "."
};

namespace detail {
constexpr std::array<std::uint8_t, 256> classes = [] {
  std::array<std::uint8_t, 256> t{};
  const auto add = [&t](std::string_view chars, std::uint8_t c) {
    for (const char ch : chars) t[static_cast<unsigned char>(ch)] |= c;
  };
  constexpr std::string_view letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", digits = "0123456789";
  for (const auto c : {alnum, tchar, host_char, target_char, dns_name}) {
    add(letters, c);
    add(digits, c);
  }
  add("!#$%&'*+-.^_`|~", tchar);
  add("-._~%!$&'()*+,;=", host_char);
  add("-._~!$&'()*+,;=:@/?", target_char);
  add("[]{}|^`", query_extra);
  add(digits, hex_digit);
  add("abcdefABCDEF", hex_digit);
  add(digits, ip_literal);
  add("abcdefABCDEF:.", ip_literal);
  add("-.", dns_name);
  return t;
}();
}  // namespace detail

/// Whether `c` is in any of the classes `of` (an or of char_class values).
[[nodiscard]] constexpr bool is(char c, unsigned of) {
  return (detail::classes[static_cast<unsigned char>(c)] & of) != 0;
}

[[nodiscard]] constexpr char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c;
}

/// `s` with its ASCII letters in lower case; every other byte as it is.
[[nodiscard]] inline std::string to_lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = lower(c);
  return out;
}

/// Case-insensitive equality in ASCII, as header names, codings and schemes compare.
[[nodiscard]] constexpr bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

}  // namespace wavesites::ascii
