#include <gtest/gtest.h>

#include "links/link_registry.hpp"

namespace wavesites {
namespace {

link_spec spec(std::string slug, std::optional<std::string> url, std::string where = {}) {
  link_spec s;
  s.slug = std::move(slug);
  s.url = std::move(url);
  s.where = where.empty() ? "links." + s.slug : std::move(where);
  return s;
}

TEST(LinkRegistry, ASlugIsLowerCaseLettersDigitsAndHyphensUpTo64) {
  EXPECT_TRUE(valid_link_slug("sephora"));
  EXPECT_TRUE(valid_link_slug("visit-lisboa-2"));
  EXPECT_TRUE(valid_link_slug(std::string(64, 'a')));
  for (const std::string& bad : std::vector<std::string>{"", "Sephora", "a/b", "a.b", "a%2Fb", "a_b", "a b",
                                                         std::string(65, 'a'), "..", std::string("a\0b", 3), "é"}) {
    EXPECT_FALSE(valid_link_slug(bad)) << bad;
  }
}

TEST(LinkRegistry, ADestinationIsHttpsOnAPublicHostWithNothingThatEndsAHeader) {
  for (const char* ok : {"https://www.sephora.com/", "https://shop.example:8443/a?b=c#d", "HTTPS://X.example"}) {
    EXPECT_EQ(link_destination_problem(ok), "") << ok;
  }
  for (const char* bad : {"http://shop.example/", "javascript:alert(1)", "//evil.example/", "https://localhost/",
                          "https://user:pw@shop.example/", "https://shop.example/a b", "https://shop.example/\r\nX: 1",
                          "https://shop.example/\"", "https://shop.example:99999/", "https://.example/",
                          "https://shop..example/", "https:///x", "ftp://shop.example/"}) {
    EXPECT_NE(link_destination_problem(bad), "") << bad;
  }
}

TEST(LinkRegistry, TheConfigOverridesTheBundleFieldByFieldAndAddsSlugs) {
  auto shop = spec("shop", "https://shop.example/");
  shop.ios = "https://apps.apple.com/app/id1";
  shop.subid_param = "subid";
  auto over = spec("shop", "https://shop.example/new", "links.shop (line 3)");
  auto added = spec("new-one", "https://new.example/", "links.new-one (line 5)");
  auto no_tag = spec("plain", std::nullopt);
  no_tag.subid_param = "";
  const auto reg =
      link_registry::build({shop, spec("plain", "https://plain.example/")}, {over, added}, {}, "sites.toml").value();
  ASSERT_NE(reg.find("shop"), nullptr);
  EXPECT_EQ(reg.find("shop")->url, "https://shop.example/new");
  EXPECT_EQ(reg.find("shop")->ios, "https://apps.apple.com/app/id1");  // kept: the config did not name it
  EXPECT_EQ(reg.find("shop")->subid_param, "subid");
  EXPECT_EQ(reg.find("new-one")->url, "https://new.example/");
  EXPECT_EQ(reg.find("nothing"), nullptr);
  EXPECT_EQ(reg.slugs(), (std::vector<std::string>{"new-one", "plain", "shop"}));
}

TEST(LinkRegistry, ANewSlugFromTheConfigNeedsAUrlAndTheErrorNamesIt) {
  auto ios_only = spec("new-one", std::nullopt, "links.new-one (line 7)");
  ios_only.ios = "https://apps.apple.com/app/id1";
  const auto r = link_registry::build({}, {ios_only}, {}, "sites.toml");
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("sites.toml: links.new-one (line 7)"), std::string::npos) << r.message();
  EXPECT_NE(r.message().find("needs a url"), std::string::npos) << r.message();
}

TEST(LinkRegistry, TemplatesTakeThePagesSettingsAndLeaveEmptyParametersOut) {
  auto app = spec("app", "{{landing.app_store_url}}");
  app.ios = "{{landing.app_store_url}}?ct={{landing.ct}}&pt={{landing.pt}}";
  const setting_values settings{{"landing.app_store_url", "https://apps.apple.com/app/x/id1?l=en#top"},
                                {"landing.ct", "spring sale"},
                                {"landing.pt", ""}};
  const auto reg = link_registry::build({app}, {}, settings, "sites.toml").value();
  EXPECT_EQ(reg.find("app")->url, "https://apps.apple.com/app/x/id1?l=en#top");
  EXPECT_EQ(reg.find("app")->ios, "https://apps.apple.com/app/x/id1?l=en&ct=spring%20sale#top");

  const auto unknown = link_registry::build({spec("app", "{{landing.nothing}}")}, {}, settings, "sites.toml");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.message().find("links.app"), std::string::npos) << unknown.message();
  // A setting's value that is no destination is refused like any other.
  const auto http = link_registry::build({spec("app", "{{landing.app_store_url}}")}, {},
                                         {{"landing.app_store_url", "http://apps.example/"}}, "sites.toml");
  ASSERT_FALSE(http);
  EXPECT_NE(http.message().find("not an https URL"), std::string::npos) << http.message();
}

}  // namespace
}  // namespace wavesites
