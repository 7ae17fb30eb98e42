#include <gtest/gtest.h>

#include <unistd.h>

#include <tuple>

#include <fstream>

#include <filesystem>

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

namespace wavesites {
namespace {

const std::string kDetail =
    R"({"prefixed":{"routes":{"/":"a"},"details":[{"prefix":"/p/","id":"number","ids":{"1":"a"},"empty":"a",
        "gone":["2"]}],"not_found":"a"}})";

TEST(Manifest, ReadsGoneIdsAndEditionsInOrder) {
  auto text = manifest_with(R"({"a":{"file":"a.html"}})", kDetail);
  text.pop_back();
  text += R"(,"editions":[{"at":"2026-12-01T08:00:00.000Z","manifest":"manifest.1.json"},
                          {"at":"2026-12-01T08:00:01.500Z","manifest":"manifest.2.json"}]})";
  const auto m = parse_manifest(text);
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->route_sets[0].details[0].gone, std::vector<std::string>{"2"});
  ASSERT_EQ(m->editions.size(), 2u);
  EXPECT_EQ(m->editions[0].at_ms, 1796112000000);
  EXPECT_EQ(m->editions[1].at_ms - m->editions[0].at_ms, 1500);
  EXPECT_EQ(m->editions[1].file, "manifest.2.json");
}

TEST(Manifest, ReadsWhetherItIsAPreviewBuild) {
  const auto with = [](const std::string& preview) {
    auto text = manifest_with();
    text.pop_back();
    return parse_manifest(text + R"(,"preview":)" + preview + "}");
  };
  EXPECT_FALSE(parse_manifest(manifest_with())->preview);
  ASSERT_TRUE(with("true").ok());
  EXPECT_TRUE(with("true")->preview);
  EXPECT_FALSE(with("false")->preview);
  EXPECT_NE(with(R"("yes")").message().find("preview: expected true or false"), std::string::npos);
}

TEST(Manifest, RefusesEditionsOutOfOrderOrNamedOtherwise) {
  const auto with = [](const std::string& editions) {
    auto text = manifest_with();
    text.pop_back();
    return error_of(text + R"(,"editions":)" + editions + "}");
  };
  EXPECT_NE(with(R"([{"at":"2026-12-01T08:00:00Z","manifest":"manifest.1.json"}])").find("not a moment"),
            std::string::npos);
  EXPECT_NE(with(R"([{"at":"2026-02-30T08:00:00.000Z","manifest":"manifest.1.json"}])").find("not a real moment"),
            std::string::npos);
  EXPECT_NE(with(R"([{"at":"2026-12-01T08:00:00.000Z","manifest":"../x.json"}])").find("bad manifest name"),
            std::string::npos);
  EXPECT_NE(with(R"([{"at":"2026-12-01T08:00:00.000Z","manifest":"manifest.1.json"},
                     {"at":"2026-12-01T08:00:00.000Z","manifest":"manifest.2.json"}])")
                .find("not after"),
            std::string::npos);
  // An id cannot be both an article and gone.
  EXPECT_NE(error_of(manifest_with(R"({"a":{"file":"a.html"}})",
                                   R"({"prefixed":{"routes":{},"details":[{"prefix":"/p/","id":"number",
                                       "ids":{"1":"a"},"empty":"a","gone":["1"]}],"not_found":"a"}})"))
                .find("both live and gone"),
            std::string::npos);
}

TEST(Manifest, TheEditionInForceIsTheLatestWhoseMomentHasCome) {
  const auto dir = std::filesystem::temp_directory_path() / ("wavesites-editions-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) { std::ofstream(dir / name) << text; };
  auto first = manifest_with();
  first.pop_back();
  write("manifest.json", first + R"(,"editions":[{"at":"2026-12-01T08:00:00.000Z","manifest":"manifest.1.json"},
                                                {"at":"2026-12-01T09:00:00.000Z","manifest":"manifest.2.json"}]})");
  write("manifest.1.json", manifest_with(R"({"a":{"file":"one.html"}})"));
  write("manifest.2.json", manifest_with(R"({"a":{"file":"two.html"}})"));
  const std::int64_t eight = 1796112000000;
  const auto at = [&](std::int64_t ms) {
    auto r = read_manifest_at(dir, ms);
    EXPECT_TRUE(r.ok()) << r.message();
    return std::tuple{r->file, r->m.pages.at(0).file, r->next_ms};
  };
  EXPECT_EQ(at(eight - 1), std::tuple(std::string("manifest.json"), std::string("a.html"), eight));
  EXPECT_EQ(at(eight), std::tuple(std::string("manifest.1.json"), std::string("one.html"), eight + 3'600'000));
  EXPECT_EQ(at(eight + 3'599'999),
            std::tuple(std::string("manifest.1.json"), std::string("one.html"), eight + 3'600'000));
  EXPECT_EQ(at(eight + 3'600'000),
            std::tuple(std::string("manifest.2.json"), std::string("two.html"), std::int64_t{0}));
  std::filesystem::remove(dir / "manifest.2.json");
  const auto missing = read_manifest_at(dir, eight + 3'600'000);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("manifest.2.json"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wavesites
