// The referrer as the click log and the visit counts keep it: its origin, or nothing.
#include <gtest/gtest.h>

#include "http/origin.hpp"

namespace wavesites {
namespace {

TEST(ReferrerOrigin, KeepsSchemeHostAndPortOnly) {
  EXPECT_EQ(referrer_origin("https://search.example/results?q=blocks#top"), "https://search.example");
  EXPECT_EQ(referrer_origin("HTTP://News.Example:8080"), "http://news.example:8080");
  EXPECT_EQ(referrer_origin("https://user:secret@mail.example/inbox"), "https://mail.example");
  EXPECT_EQ(referrer_origin("http://[2001:DB8::1]:8443/x"), "http://[2001:db8::1]:8443");
  EXPECT_EQ(referrer_origin("http://[2001:db8::1]/x"), "http://[2001:db8::1]");
  EXPECT_EQ(referrer_origin("https://a.example?x=1"), "https://a.example");
}

TEST(ReferrerOrigin, AnythingElseIsEmpty) {
  for (const char* bad :
       {"", "search.example/x", "android-app://com.example.app/", "javascript:alert(1)", "ftp://files.example/",
        "https://", "https:///path", "https://a.example:99999/", "https://a.example:8o/", "https://a b.example/",
        "https://a.example<script>/", "https://[::1/", "data:text/html,x"}) {
    EXPECT_EQ(referrer_origin(bad), "") << bad;
  }
}

TEST(OriginHost, IsTheHostWithoutSchemeOrPort) {
  EXPECT_EQ(origin_host("https://news.example:8443"), "news.example");
  EXPECT_EQ(origin_host("http://[2001:db8::1]:8080"), "[2001:db8::1]");
  EXPECT_EQ(origin_host("https://a.example"), "a.example");
  EXPECT_EQ(origin_host("a.example"), "");
}

}  // namespace
}  // namespace wavesites
