#include <gtest/gtest.h>

#include "http/negotiate.hpp"

namespace wavesites {
namespace {

TEST(AcceptEncoding, PicksWhatTheClientAllows) {
  auto a = parse_accept_encoding("gzip, deflate, br");
  EXPECT_TRUE(a.br);
  EXPECT_TRUE(a.gzip);
  a = parse_accept_encoding("gzip");
  EXPECT_FALSE(a.br);
  EXPECT_TRUE(a.gzip);
  a = parse_accept_encoding("br;q=0, gzip;q=0.5");
  EXPECT_FALSE(a.br);
  EXPECT_TRUE(a.gzip);
  a = parse_accept_encoding("*");
  EXPECT_TRUE(a.br);
  EXPECT_TRUE(a.gzip);
  a = parse_accept_encoding("*, gzip;q=0.000");
  EXPECT_TRUE(a.br);
  EXPECT_FALSE(a.gzip);
  a = parse_accept_encoding("identity");
  EXPECT_FALSE(a.br);
  EXPECT_FALSE(a.gzip);
  a = parse_accept_encoding("BR ; q=1.0");
  EXPECT_TRUE(a.br);
  a = parse_accept_encoding("");
  EXPECT_FALSE(a.br || a.gzip);
}

TEST(IfNoneMatch, WeakComparisonListsAndStar) {
  EXPECT_TRUE(if_none_match_hits("\"abc\"", "\"abc\""));
  EXPECT_TRUE(if_none_match_hits("W/\"abc\"", "\"abc\""));
  EXPECT_TRUE(if_none_match_hits("\"x\", \"abc\"", "\"abc\""));
  EXPECT_TRUE(if_none_match_hits("*", "\"abc\""));
  EXPECT_FALSE(if_none_match_hits("\"abcd\"", "\"abc\""));
  EXPECT_FALSE(if_none_match_hits("", "\"abc\""));
  EXPECT_FALSE(if_none_match_hits("abc", "\"abc\""));
}

TEST(Cookies, FindsANamedValue) {
  EXPECT_EQ(cookie_value("lang=ja", "lang"), "ja");
  EXPECT_EQ(cookie_value("a=1; lang=ko; b=2", "lang"), "ko");
  EXPECT_EQ(cookie_value("xlang=es;lang=\"pt\"", "lang"), "pt");
  EXPECT_EQ(cookie_value("a=1", "lang"), "");
  EXPECT_EQ(cookie_value("", "lang"), "");
}

}  // namespace
}  // namespace wavesites
