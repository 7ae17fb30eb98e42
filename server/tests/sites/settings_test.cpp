#include <gtest/gtest.h>

#include <array>

#include "sites/settings.hpp"

namespace wavesites {
namespace {

const std::array<setting_declaration, 3> declared{{
    {"landing.app_store_url", setting_type::url, false, "https://apps.example/default"},
    {"landing.tracking_url", setting_type::url, true, ""},
    {"landing.offer", setting_type::text, true, "offer-1"},
}};

config with(std::string_view toml) {
  return parse_config(toml, "sites.toml").value();
}

TEST(Settings, DefaultsApplyAndTheConfigOverridesThem) {
  const auto values = resolve_settings(declared, with("[hosts]\n[landing]\noffer = \"spring\"\n"));
  ASSERT_TRUE(values.ok()) << values.message();
  EXPECT_EQ(values->at("landing.app_store_url"), "https://apps.example/default");
  EXPECT_EQ(values->at("landing.tracking_url"), "");
  EXPECT_EQ(values->at("landing.offer"), "spring");
}

TEST(Settings, AKeyNoPageDeclaresIsAnErrorNamingItAndItsLine) {
  const auto values = resolve_settings(declared, with("[hosts]\n[landing]\noffer = \"x\"\ncolour = \"red\"\n"));
  ASSERT_FALSE(values.ok());
  EXPECT_EQ(values.message(), "sites.toml: unknown key 'landing.colour' (line 4)");
  const auto table = resolve_settings(declared, with("[hosts]\n[landng]\noffer = \"x\"\n"));
  ASSERT_FALSE(table.ok());
  EXPECT_EQ(table.message(), "sites.toml: unknown key 'landng.offer' (line 3)");
}

TEST(Settings, ValuesOfTheWrongFormAreRefused) {
  for (const char* bad : {"ftp://x.example/", "not a url", "https://", "https://user@x.example/",
                          "https://x.example/<b>", "https://x.example/ a"}) {
    const auto values =
        resolve_settings(declared, with(std::string("[hosts]\n[landing]\napp_store_url = \"") + bad + "\"\n"));
    ASSERT_FALSE(values.ok()) << bad;
    EXPECT_NE(values.message().find("landing.app_store_url"), std::string::npos) << values.message();
  }
  EXPECT_FALSE(resolve_settings(declared, with("[hosts]\n[landing]\napp_store_url = \"\"\n")).ok()) << "required";
  EXPECT_TRUE(resolve_settings(declared, with("[hosts]\n[landing]\ntracking_url = \"\"\n")).ok()) << "optional";
}

TEST(Settings, FillEscapesForHtmlAndForJsonStrings) {
  const setting_values values{{"a.url", "https://x.example/?a=1&b=\"2\"<'3'>"}, {"a.text", "</script>\u2028é"}};
  const std::vector<std::string> allowed{"a.url", "a.text"};
  const auto html = fill_settings(R"(<a href="{{a.url}}">{{a.text}}</a>)", values, allowed);
  ASSERT_TRUE(html.ok()) << html.message();
  EXPECT_EQ(*html, R"(<a href="https://x.example/?a=1&amp;b=&quot;2&quot;&lt;&#39;3&#39;&gt;">&lt;/script&gt;)"
                   "\u2028é</a>");
  const auto json = fill_settings(R"({"u":"{{json:a.url}}","t":"{{json:a.text}}"})", values, allowed);
  ASSERT_TRUE(json.ok()) << json.message();
  EXPECT_EQ(*json, R"({"u":"https://x.example/?a=1\u0026b=\"2\"\u003c'3'\u003e","t":"\u003c/script\u003e\u2028é"})");
}

TEST(Settings, OnlyThePagesOwnSettingsMayAppear) {
  const setting_values values{{"a.one", "1"}, {"a.two", "2"}};
  const std::vector<std::string> only_one{"a.one"};
  EXPECT_EQ(fill_settings("x{{a.one}}y", values, only_one).value(), "x1y");
  EXPECT_FALSE(fill_settings("{{a.two}}", values, only_one).ok()) << "declared, but not by this page";
  EXPECT_FALSE(fill_settings("{{a.three}}", values, only_one).ok()) << "declared by nobody";
  EXPECT_FALSE(fill_settings("{{a.one", values, only_one).ok()) << "unclosed";
  EXPECT_EQ(fill_settings("no tokens at all", values, only_one).value(), "no tokens at all");
}

TEST(Settings, ASectionIsKeptOnlyWhenItsSettingIsSet) {
  const setting_values values{{"a.rating", "4.5"}, {"a.count", "120"}, {"a.none", ""}};
  const std::vector<std::string> allowed{"a.rating", "a.count", "a.none"};
  EXPECT_EQ(fill_settings(R"({"x":1{{?a.rating}},"r":"{{json:a.rating}}","n":"{{json:a.count}}"{{/a.rating}}})", values,
                          allowed)
                .value(),
            R"({"x":1,"r":"4.5","n":"120"})");
  EXPECT_EQ(fill_settings("a{{?a.none}}<b>{{a.count}}</b>{{/a.none}}z", values, allowed).value(), "az");
  EXPECT_FALSE(fill_settings("{{?a.rating}}never closed", values, allowed).ok());
  EXPECT_FALSE(fill_settings("{{?a.other}}x{{/a.other}}", values, allowed).ok());
  EXPECT_FALSE(fill_settings("{{?a.none}}{{a.undeclared}}{{/a.none}}", values, allowed).ok())
      << "the tokens of a dropped section are checked all the same";
}

TEST(Settings, AnEmailSettingTakesAnAddressAMailtoLinkCanCarry) {
  const setting_declaration d{
      .key = "privacy.contact", .type = setting_type::email, .optional = true, .default_value = ""};
  EXPECT_EQ(setting_problem(d, "privacy@waveads.example"), "");
  EXPECT_EQ(setting_problem(d, "first.last+tag@mail.example.co"), "");
  EXPECT_EQ(setting_problem(d, ""), "") << "optional";
  for (const auto* bad : {"privacy", "@waveads.example", "a@b", "a@b.", "a@@b.example", "a b@c.example",
                          "a@b.example?subject=x", "\"a\"@b.example", "a@b.example<script>"}) {
    EXPECT_NE(setting_problem(d, bad), "") << bad;
  }
}

TEST(Settings, AnInvertedSectionIsKeptOnlyWhenItsSettingIsEmpty) {
  const setting_values values{{"r.days", "30"}, {"r.none", ""}};
  const std::vector<std::string> allowed{"r.days", "r.none"};
  const std::string text = "{{?r.days}}for {{r.days}} days{{/r.days}}{{^r.days}}for ever{{/r.days}}";
  EXPECT_EQ(fill_settings(text, values, allowed).value(), "for 30 days");
  const std::string none = "{{?r.none}}for {{r.none}} days{{/r.none}}{{^r.none}}for ever{{/r.none}}";
  EXPECT_EQ(fill_settings(none, values, allowed).value(), "for ever");
  EXPECT_FALSE(fill_settings("{{^r.none}}{{r.undeclared}}{{/r.none}}", values, allowed).ok());
  EXPECT_FALSE(fill_settings("{{^r.none}}never closed", values, allowed).ok());
}

}  // namespace
}  // namespace wavesites
