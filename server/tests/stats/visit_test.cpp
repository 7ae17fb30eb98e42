#include <gtest/gtest.h>

#include "stats/visit.hpp"

namespace wavesites {
namespace {

TEST(Visit, DeviceClassFromTheUserAgent) {
  const auto d = [](const char* ua) { return std::string(device_name(device_of(ua))); };
  EXPECT_EQ(d("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148"), "mobile");
  EXPECT_EQ(d("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36"), "mobile");
  EXPECT_EQ(d("Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)"), "tablet");
  EXPECT_EQ(d("Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36"), "tablet");
  EXPECT_EQ(d("Mozilla/5.0 (Linux; Android 9; KFTRWI) Silk/120.1"), "tablet");
  EXPECT_EQ(d("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36"), "desktop");
  EXPECT_EQ(d(""), "desktop");
}

TEST(Visit, CampaignValuesAreDecodedTrimmedLowerCasedAndCut) {
  EXPECT_EQ(utm_value("utm_source=News&x=1", "utm_source"), "news");
  EXPECT_EQ(utm_value("a=1&utm_campaign=Spring%20Sale+2026", "utm_campaign"), "spring sale 2026");
  EXPECT_EQ(utm_value("utm_medium=%20%20Email%09", "utm_medium"), "email");
  EXPECT_EQ(utm_value("utm_source=", "utm_source"), "");
  EXPECT_EQ(utm_value("xutm_source=a", "utm_source"), "");
  EXPECT_EQ(utm_value("", "utm_source"), "");
  EXPECT_EQ(utm_value("utm_source=" + std::string(100, 'a'), "utm_source"), std::string(64, 'a'));
  // 63 ASCII bytes, then a two-byte character across the 64th: cut before it, never inside.
  EXPECT_EQ(utm_value("utm_source=" + std::string(63, 'a') + "%C3%A9x", "utm_source"), std::string(63, 'a'));
  EXPECT_EQ(utm_value("utm_source=a%0Ab", "utm_source"), "ab");
  EXPECT_EQ(utm_value("utm_source=first&utm_source=second", "utm_source"), "first");
}

TEST(Visit, ReferrersAreOriginsAndTheSiteItselfIsDirect) {
  const std::vector<std::string> own{"tts1.example", "www.tts1.example"};
  EXPECT_EQ(referrer_key("", "tts1.example", own), "direct");
  EXPECT_EQ(referrer_key("https://news.example/story?id=3", "tts1.example", own), "https://news.example");
  EXPECT_EQ(referrer_key("https://tts1.example/article-detail/1", "tts1.example", own), "direct");
  EXPECT_EQ(referrer_key("https://WWW.tts1.example/", "tts1.example:443", own), "direct");
  EXPECT_EQ(referrer_key("http://localhost:8080/x", "localhost:8080", {}), "direct");
  EXPECT_EQ(referrer_key("android-app://com.google.android.gm/", "tts1.example", own), "direct");
}

}  // namespace
}  // namespace wavesites
