#include "util/ascii.hpp"

#include <gtest/gtest.h>

#include <string_view>

namespace wavesites {
namespace {

// Each class against its grammar written out longhand, for all 256 byte values: the table is
// built by hand, so a missing or extra character would otherwise pass unseen.
bool in(std::string_view set, char c) {
  return set.find(c) != std::string_view::npos;
}
bool letter_or_digit(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

TEST(Ascii, ClassesMatchTheirGrammars) {
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    EXPECT_EQ(ascii::is(c, ascii::alnum), letter_or_digit(c)) << b;
    EXPECT_EQ(ascii::is(c, ascii::tchar), letter_or_digit(c) || in("!#$%&'*+-.^_`|~", c)) << b;
    EXPECT_EQ(ascii::is(c, ascii::host_char), letter_or_digit(c) || in("-._~%!$&'()*+,;=", c)) << b;
    EXPECT_EQ(ascii::is(c, ascii::target_char), letter_or_digit(c) || in("-._~!$&'()*+,;=:@/?", c)) << b;
    EXPECT_EQ(ascii::is(c, ascii::query_extra), in("[]{}|^`", c)) << b;
    EXPECT_EQ(ascii::is(c, ascii::hex_digit), (c >= '0' && c <= '9') || in("abcdefABCDEF", c)) << b;
    EXPECT_EQ(ascii::is(c, ascii::ip_literal), (c >= '0' && c <= '9') || in("abcdefABCDEF:.", c)) << b;
    EXPECT_EQ(ascii::is(c, ascii::dns_name), letter_or_digit(c) || in("-.", c)) << b;
  }
  // NUL is in no class, though a C string's terminator would be "found" by a naive search.
  EXPECT_FALSE(ascii::is('\0', 0xff));
}

TEST(Ascii, AClassUnionMatchesEither) {
  EXPECT_TRUE(ascii::is('[', ascii::target_char | ascii::query_extra));
  EXPECT_TRUE(ascii::is('/', ascii::target_char | ascii::query_extra));
  EXPECT_FALSE(ascii::is('"', ascii::target_char | ascii::query_extra));
}

TEST(Ascii, LowerAndIequalsTouchOnlyAsciiLetters) {
  EXPECT_EQ(ascii::lower('A'), 'a');
  EXPECT_EQ(ascii::lower('Z'), 'z');
  EXPECT_EQ(ascii::lower('@'), '@');
  EXPECT_EQ(ascii::lower('['), '[');
  EXPECT_EQ(ascii::lower('\xc9'), '\xc9');
  EXPECT_TRUE(ascii::iequals("Chunked", "chunked"));
  EXPECT_TRUE(ascii::iequals("", ""));
  EXPECT_FALSE(ascii::iequals("gzip", "gzi"));
  EXPECT_FALSE(ascii::iequals("@", "`"));  // one apart from 'A' and 'a' in ASCII, not a case pair
  EXPECT_FALSE(ascii::iequals("\xc9", "\xe9"));
  EXPECT_EQ(ascii::to_lower("HTTPS://Example.COM:8080/Ünï"), "https://example.com:8080/Ünï");
  EXPECT_EQ(ascii::to_lower(""), "");
}

}  // namespace
}  // namespace wavesites
