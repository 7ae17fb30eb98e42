// Which answers are page views: a GET of a configured site's page, 200 or 304; never HEAD, an
// error, the prefixed preview, a prefetch, a known crawler or an excluded address.
#include <gtest/gtest.h>

#include "stats/page_views.hpp"

namespace wavesites {
namespace {

struct PageViewTest : ::testing::Test {
  stats_config stats;
  crawler_list crawlers = crawler_list::make({"Googlebot/", "bingbot"}, {"^curl/"}).value();
  request_head head;

  void SetUp() override {
    head.method = http::verb::get;
    head.target = "/article-detail/3?utm_source=news";
    head.user_agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148";
  }
  bool view(std::string_view site = "tts1", std::string_view path = "/article-detail/3", int status = 200,
            std::string_view client = "198.51.100.7") {
    return is_page_view(stats, crawlers, head, site, path, status, client);
  }
};

TEST_F(PageViewTest, AnAnsweredGetOfASitesPageCounts) {
  EXPECT_TRUE(view());
  EXPECT_TRUE(view("tts1", "/", 304)) << "a revalidation is a view: the page was shown again";
}

TEST_F(PageViewTest, WhatIsNotAPageOrWasNotShownDoesNot) {
  EXPECT_FALSE(view("tts1", "")) << "an asset, the API, a feed, /go/: no view path";
  EXPECT_FALSE(view("tts1", "/", 404));
  EXPECT_FALSE(view("tts1", "/", 206));
  EXPECT_FALSE(view("prefixed")) << "the prefixed route set is a preview";
  head.method = http::verb::head;
  EXPECT_FALSE(view());
}

TEST_F(PageViewTest, PrefetchesCrawlersAndExcludedAddressesDoNot) {
  head.prefetch = true;
  EXPECT_FALSE(view());
  head.prefetch = false;
  for (const char* ua : {"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                         "Mozilla/5.0 (compatible; bingbot/2.0)", "curl/8.5.0"}) {
    head.user_agent = ua;
    EXPECT_FALSE(view()) << ua;
  }
  head.user_agent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36 curl/";
  EXPECT_TRUE(view()) << "the pattern is anchored: a browser mentioning curl/ is no crawler";
  stats.exclude = {*cidr::parse("198.51.100.0/24")};
  EXPECT_FALSE(view());
  EXPECT_TRUE(view("tts1", "/", 200, "203.0.113.9"));
  stats.enabled = false;
  EXPECT_FALSE(view("tts1", "/", 200, "203.0.113.9"));
}

}  // namespace
}  // namespace wavesites
