#include <gtest/gtest.h>

#include "links/crawlers.hpp"

namespace wavesites {
namespace {

TEST(CrawlerList, FindsPlainTextAnywhereAndTriesTheExpressions) {
  const auto list = crawler_list::make({"Googlebot/", "bingbot", "x"}, {"^curl", "[wW]get", "BlogTraffic/\\d\\.\\d+"});
  ASSERT_TRUE(list);
  EXPECT_EQ(list->size(), 6u);
  for (const char* ua :
       {"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0)", "curl/8.5.0", "Wget/1.21", "BlogTraffic/1.23", "xyz"}) {
    EXPECT_TRUE(list->matches(ua)) << ua;
  }
  for (const char* ua :
       {"", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", "my curl/8", "Googlebot", "Bingbot/2.0"}) {
    EXPECT_FALSE(list->matches(ua)) << ua;
  }
}

TEST(CrawlerList, ABadPatternIsAnError) {
  const auto list = crawler_list::make({}, {"(unclosed"});
  ASSERT_FALSE(list);
  EXPECT_NE(list.message().find("(unclosed"), std::string::npos);
}

TEST(CrawlerList, AnEmptyListMatchesNothing) {
  EXPECT_FALSE(crawler_list().matches("Googlebot/2.1"));
}

}  // namespace
}  // namespace wavesites

namespace wavesites {
namespace {

TEST(crawler_list, remembered_answers_stay_with_their_list) {
  const auto bots = crawler_list::make({"Examplebot"}, {}).value();
  const auto none = crawler_list::make({"Otherbot"}, {}).value();
  for (int i = 0; i < 3; ++i) {  // asked again and again: the memo answers, the same way
    EXPECT_TRUE(bots.matches("Mozilla/5.0 (compatible; Examplebot/1.0)"));
    EXPECT_FALSE(none.matches("Mozilla/5.0 (compatible; Examplebot/1.0)"));
    EXPECT_FALSE(bots.matches("Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0"));
  }
  // Past its size the memo starts again; the answers do not change.
  for (int i = 0; i < 5000; ++i) EXPECT_FALSE(bots.matches("Mozilla/5.0 " + std::to_string(i)));
  EXPECT_TRUE(bots.matches("Mozilla/5.0 (compatible; Examplebot/1.0)"));
}

}  // namespace
}  // namespace wavesites
