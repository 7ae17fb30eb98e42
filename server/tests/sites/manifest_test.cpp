#include <gtest/gtest.h>

#include <string>

#include "sites/manifest.hpp"

namespace wavesites {
namespace {

/// A small valid manifest; `pages`, `sets` and `settings` replace those sections.
std::string manifest_with(const std::string& pages = R"({"a":{"file":"a.html"}})",
                          const std::string& sets = R"({"prefixed":{"routes":{"/":"a"},"not_found":"a"}})",
                          const std::string& settings = "{}") {
  return R"({"version":2,"settings":)" + settings + R"(,"pages":)" + pages + R"(,"route_sets":)" + sets + "}";
}

std::string error_of(const std::string& text) {
  const auto m = parse_manifest(text);
  return m.ok() ? std::string("(accepted)") : m.message();
}

TEST(Manifest, ReadsPagesRouteSetsAndSettings) {
  const auto m = parse_manifest(manifest_with(
      R"({"a":{"file":"a.html"},"l":{"langs":{"en":"l.en.html","ja":"l.ja.html"},"default_lang":"ja"},
          "x":{"file":"x.html","fill":["s.link"],"csp":{"connect-src":["s.link"]}}})",
      R"({"prefixed":{"routes":{"/a":"a","/l":"l"},"details":[{"prefix":"/p/","id":"number","ids":{"1":"x"},
          "empty":"a"}],"not_found":"a"},"shop":{"routes":{"/":"x"},"not_found":"a","prefixed_entry":"/a"}})",
      R"({"s.link":{"type":"url","optional":true,"default":""}})"));
  ASSERT_TRUE(m.ok()) << m.message();
  ASSERT_EQ(m->settings.size(), 1u);
  EXPECT_EQ(m->settings[0].type, setting_type::url);
  EXPECT_TRUE(m->settings[0].optional);
  ASSERT_EQ(m->pages.size(), 3u);
  const auto& l = m->pages[1];
  EXPECT_EQ(l.default_lang, "ja");
  EXPECT_EQ(l.langs.size(), 2u);
  EXPECT_EQ(m->pages[2].fill, std::vector<std::string>{"s.link"});
  ASSERT_EQ(m->route_sets.size(), 2u);
  EXPECT_EQ(m->route_sets[0].details[0].numeric, true);
  EXPECT_EQ(m->route_sets[0].entry, "/a");
  EXPECT_EQ(m->route_sets[1].prefixed_entry, "/a");
}

TEST(Manifest, RefusesWhatTheServerCannotServe) {
  EXPECT_NE(error_of(R"({"version":1,"pages":{},"route_sets":{}})").find("version"), std::string::npos);
  EXPECT_NE(error_of("{not json").find("manifest.json"), std::string::npos);
  EXPECT_NE(error_of(manifest_with(R"({"a":{"file":"a.html"}})", R"({"shop":{"routes":{},"not_found":"a"}})"))
                .find("\"prefixed\""),
            std::string::npos);
  EXPECT_NE(
      error_of(manifest_with(R"({"a":{"file":"a.html"}})", R"({"prefixed":{"routes":{"/":"b"},"not_found":"a"}})"))
          .find("unknown page id b"),
      std::string::npos);
  EXPECT_NE(error_of(manifest_with(R"({"a":{}})")).find("neither"), std::string::npos);
  EXPECT_NE(error_of(manifest_with(R"({"a":{"langs":{"ja":"a.html"}}})")).find("default language en"),
            std::string::npos);
}

TEST(Manifest, ReadsTheLinkRegistryAndTheCrawlers) {
  std::string text = manifest_with();
  text.pop_back();
  text += R"(,"links":{"shop":{"url":"https://shop.example/","subid_param":"subid"},)"
          R"("app":{"url":"{{landing.app_store_url}}","ios":"https://apps.apple.com/app/id1"}},)"
          R"("crawlers":{"literals":["Googlebot/"],"patterns":["^curl"]}})";
  const auto m = parse_manifest(text);
  ASSERT_TRUE(m) << m.message();
  ASSERT_EQ(m->links.size(), 2u);
  EXPECT_EQ(m->links[1].slug, "shop");
  EXPECT_EQ(m->links[1].subid_param, "subid");
  EXPECT_FALSE(m->links[1].ios);
  EXPECT_EQ(m->links[0].where, "links.app");
  EXPECT_EQ(m->crawlers.literals, std::vector<std::string>{"Googlebot/"});
  EXPECT_EQ(m->crawlers.patterns, std::vector<std::string>{"^curl"});

  std::string bad = manifest_with();
  bad.pop_back();
  EXPECT_NE(error_of(bad + R"(,"links":{"shop":{"url":"https://shop.example/","colour":"red"}}})").find("links.shop"),
            std::string::npos);
  EXPECT_NE(error_of(bad + R"(,"links":{"shop":"https://shop.example/"}})").find("links.shop"), std::string::npos);
  // A manifest without them (an older build) has no links and no crawlers.
  EXPECT_TRUE(parse_manifest(manifest_with())->links.empty());
}

TEST(Manifest, SettingsMustBeDeclaredWellAndBeforeUse) {
  EXPECT_NE(error_of(manifest_with(R"({"a":{"file":"a.html","fill":["s.x"]}})")).find("s.x"), std::string::npos);
  EXPECT_NE(error_of(manifest_with(R"({"a":{"file":"a.html","csp":{"script-src":[]}}})")).find("script-src"),
            std::string::npos);
  const auto pages = R"({"a":{"file":"a.html"}})";
  const auto sets = R"({"prefixed":{"routes":{},"not_found":"a"}})";
  EXPECT_NE(error_of(manifest_with(pages, sets, R"({"s.x":{"type":"colour","default":""}})")).find("colour"),
            std::string::npos);
  EXPECT_NE(error_of(manifest_with(pages, sets, R"({"s.x":{"type":"url","default":"nope"}})")).find("default"),
            std::string::npos);
  EXPECT_NE(error_of(manifest_with(pages, sets, R"({"s.x":{"type":"text"}})")).find("default"), std::string::npos);
}

}  // namespace
}  // namespace wavesites
