#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "http/negotiate.hpp"
#include "sites/server_settings.hpp"
#include "test_support.hpp"

namespace wavesites {
namespace {

using namespace wavesites::testing;

struct CatalogTest : ::testing::Test {
  config cfg = fixture_config();
  std::unique_ptr<catalog> cat = fixture_catalog(cfg);
  const route_set& prefixed = cat->prefixed();
  const route_set& blog = *cat->find_route_set("blog");

  std::string file_of(const route_set& v, std::string_view path, int expect_status, std::string_view lang = {}) {
    const auto m = cat->route(v, path);
    EXPECT_EQ(m.status, expect_status) << path;
    return m.target->pick(lang).file;
  }
};

TEST_F(CatalogTest, ExactRoutes) {
  EXPECT_EQ(file_of(prefixed, "/blog/home", 200), "pages/blog-prefixed-home.html");
  EXPECT_EQ(file_of(prefixed, "/blog/home/", 200), "pages/blog-prefixed-home.html");
  EXPECT_EQ(file_of(blog, "/", 200), "pages/blog-online-home.html");
  EXPECT_EQ(file_of(blog, "/home", 200), "pages/blog-online-home.html");
}

TEST_F(CatalogTest, AnythingElseIsTheNotFoundPage) {
  EXPECT_EQ(file_of(prefixed, "/", 404), "pages/404.html");
  EXPECT_EQ(file_of(prefixed, "/nope", 404), "pages/404.html");
  EXPECT_EQ(file_of(prefixed, "/home", 404), "pages/404.html");
  EXPECT_EQ(file_of(blog, "/blog/home", 404), "pages/404.html");  // a known host gets only its online set
  EXPECT_EQ(file_of(prefixed, "/BLOG/home", 404), "pages/404.html");
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/", 404), "pages/404.html");
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/1/x", 404), "pages/404.html");
}

TEST_F(CatalogTest, StringIdsMatchExactly) {
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/1", 200), "pages/blog-1.html");
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/10", 200), "pages/blog-10.html");
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/01", 404), "pages/blog-empty.html");
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/9", 404), "pages/blog-empty.html");
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/abc", 404), "pages/blog-empty.html");
  EXPECT_EQ(file_of(prefixed, "/blog/article-detail/%31", 200), "pages/blog-1.html");
  EXPECT_EQ(file_of(blog, "/article-detail/1", 200), "pages/blog-1.html");
  EXPECT_EQ(file_of(blog, "/article-detail/2", 404), "pages/blog-empty.html");
}

TEST_F(CatalogTest, NumericIdsAreCanonicalised) {
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/1", 200), "pages/shop-1.html");
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/01", 200), "pages/shop-1.html");
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/0001", 200), "pages/shop-1.html");
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/1.0", 200), "pages/shop-1.html");
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/1.5", 404), "pages/shop-empty.html");
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/x1", 404), "pages/shop-empty.html");
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/-1", 404), "pages/shop-empty.html");
  EXPECT_EQ(file_of(prefixed, "/shop/article-detail/2", 404), "pages/shop-empty.html");
}

TEST_F(CatalogTest, LanguagePagesFollowTheCookieWithEnglishAsDefault) {
  EXPECT_EQ(file_of(prefixed, "/ads/home", 200), "pages/ads.en.html");
  EXPECT_EQ(file_of(prefixed, "/ads/home", 200, "ja"), "pages/ads.ja.html");
  EXPECT_EQ(file_of(prefixed, "/ads/home", 200, "xx"), "pages/ads.en.html");
  const auto& ja = cat->route(prefixed, "/ads/home").target->pick("ja");
  EXPECT_NE(ja.reps[0].head_200.find("Vary: Accept-Encoding, Cookie\r\n"), std::string::npos);
  const auto& single = cat->route(prefixed, "/blog/home").target->pick("ja");
  EXPECT_NE(single.reps[0].head_200.find("Vary: Accept-Encoding\r\n"), std::string::npos);
}

TEST_F(CatalogTest, StaticFilesAndCachePolicy) {
  const auto* js = cat->find_static("/assets/app-1a2b3c4d.js");
  ASSERT_NE(js, nullptr);
  EXPECT_EQ(js->content_type, "text/javascript; charset=utf-8");
  const auto& id = js->reps[0];
  EXPECT_NE(id.head_200.find("Cache-Control: public, max-age=31536000, immutable\r\n"), std::string::npos);
  const auto* robots = cat->find_static("/robots.txt");
  ASSERT_NE(robots, nullptr);
  EXPECT_NE(robots->reps[0].head_200.find("Cache-Control: no-cache\r\n"), std::string::npos);
  EXPECT_EQ(cat->find_static("/assets/missing.js"), nullptr);
  const auto& html = cat->route(prefixed, "/blog/home").target->pick({});
  EXPECT_NE(html.reps[0].head_200.find("Cache-Control: no-cache\r\n"), std::string::npos);
  EXPECT_NE(html.reps[0].head_200.find("Content-Type: text/html; charset=utf-8\r\n"), std::string::npos);
}

TEST_F(CatalogTest, EncodedRepresentationsHaveTheirOwnLengthEncodingAndETag) {
  const auto& res = cat->route(prefixed, "/blog/home").target->pick({});
  const auto& id = res.reps[0];
  const auto& gz = res.reps[1];
  const auto& br = res.reps[2];
  ASSERT_TRUE(id.present && gz.present && br.present);
  EXPECT_LT(br.body.size(), id.body.size());
  EXPECT_NE(id.head_200.find("Content-Length: " + std::to_string(id.body.size()) + "\r\n"), std::string::npos);
  EXPECT_NE(gz.head_200.find("Content-Length: " + std::to_string(gz.body.size()) + "\r\n"), std::string::npos);
  EXPECT_NE(gz.head_200.find("Content-Encoding: gzip\r\n"), std::string::npos);
  EXPECT_NE(br.head_200.find("Content-Encoding: br\r\n"), std::string::npos);
  EXPECT_EQ(id.head_200.find("Content-Encoding"), std::string::npos);
  for (const auto* rep : {&id, &gz, &br}) {
    EXPECT_NE(rep->head_200.find("Vary: Accept-Encoding\r\n"), std::string::npos);
    EXPECT_NE(rep->head_200.find("ETag: " + rep->etag + "\r\n"), std::string::npos);
    EXPECT_NE(rep->head_304.find("HTTP/1.1 304 Not Modified\r\n"), std::string::npos);
    EXPECT_EQ(rep->head_304.find("Content-Length"), std::string::npos);
    EXPECT_NE(rep->head_404.find("HTTP/1.1 404 Not Found\r\n"), std::string::npos);
    EXPECT_EQ(rep->head_404.find("ETag"), std::string::npos);
    for (const char* h : {"X-Content-Type-Options: nosniff\r\n", "Referrer-Policy: strict-origin-when-cross-origin\r\n",
                          "X-Frame-Options: DENY\r\n", "frame-ancestors 'none'"}) {
      EXPECT_NE(rep->head_200.find(h), std::string::npos) << h;
    }
  }
  EXPECT_NE(id.etag, gz.etag);
  EXPECT_NE(gz.etag, br.etag);
  EXPECT_EQ(&res.pick(true, true), &br);
  EXPECT_EQ(&res.pick(false, true), &gz);
  EXPECT_EQ(&res.pick(false, false), &id);
  // The ETag of what a client holds answers If-None-Match for that representation only.
  EXPECT_TRUE(if_none_match_hits(br.etag, br.etag));
  EXPECT_FALSE(if_none_match_hits(id.etag, br.etag));
}

TEST_F(CatalogTest, CspAllowsOnlyOwnScriptsAndStylesAndNothingInline) {
  const auto& res = cat->route(prefixed, "/blog/home").target->pick({});
  const auto& head = res.reps[0].head_200;
  EXPECT_NE(head.find("script-src 'self';"), std::string::npos) << head;
  EXPECT_NE(head.find("style-src 'self';"), std::string::npos) << head;
  EXPECT_EQ(head.find("unsafe"), std::string::npos) << head;
  const auto script_src =
      head.substr(head.find("script-src"), head.find(';', head.find("script-src")) - head.find("script-src"));
  EXPECT_EQ(script_src.find("unsafe"), std::string::npos) << script_src;
}

TEST_F(CatalogTest, LandingPageTakesItsValuesAndTrackingOriginFromTheConfig) {
  const auto& res = cat->find_route_set("landing")->routes.find("/")->second->pick({});
  const auto& body = res.reps[0].body;
  EXPECT_NE(body.find("href=\"https://apps.example/app?id=1&amp;x=2\""), std::string::npos) << body;
  EXPECT_NE(body.find("data-tracking=\"https://track.example:8443/click?a=1\""), std::string::npos);
  EXPECT_NE(body.find("data-offer=\"offer-1\""), std::string::npos);
  EXPECT_EQ(body.find("{{"), std::string::npos);
  // The same value in an inline JSON script: escaped for a JSON string that cannot end the script.
  EXPECT_NE(body.find(R"({"url":"https://apps.example/app?id=1\u0026x=2"})"), std::string::npos) << body;
  const auto& head = res.reps[0].head_200;
  EXPECT_NE(head.find("connect-src 'self' https://track.example:8443"), std::string::npos) << head;
  EXPECT_NE(head.find("img-src 'self' data: https://track.example:8443"), std::string::npos);
  EXPECT_NE(head.find("script-src 'self' 'sha256-abc='"), std::string::npos);
  ASSERT_TRUE(res.reps[1].present);  // compressed at load, since the build could not
  ASSERT_TRUE(res.reps[2].present);
}

TEST(CatalogOrigins, EachSiteHasItsOriginAsASetting) {
  const auto body_at = [](const config& c) {
    auto cat = catalog::load(fixture_web(), c);
    if (!cat) return cat.message();
    return (*cat)->route(*(*cat)->find_route_set("blog"), "/sitemap.xml").target->pick({}).reps[0].body;
  };
  auto cfg = fixture_config();
  EXPECT_NE(body_at(cfg).find("<loc>https://blog.test/</loc>"), std::string::npos) << "https and the first host";
  cfg.origins = {{"blog", "http://blog.example:8080"}};
  EXPECT_NE(body_at(cfg).find("<loc>http://blog.example:8080/</loc>"), std::string::npos) << "[origins] wins";
  cfg.origins = {{"blgo", "https://x.example"}};
  EXPECT_EQ(body_at(cfg).rfind("test.toml: origins.blgo: ", 0), 0u) << body_at(cfg);
  cfg.origins.clear();
  cfg.hosts.clear();
  EXPECT_NE(body_at(cfg).find("<loc>/</loc>"), std::string::npos) << "no hosts: no origin";
}

TEST(CatalogServerSettings, RetentionAndTheUploadCapComeFromTheServersOwnConfig) {
  const auto body_at = [](const config& c) {
    auto cat = catalog::load(fixture_web(), c);
    if (!cat) return cat.message();
    return (*cat)->route(*(*cat)->find_route_set("blog"), "/privacy").target->pick({}).reps[0].body;
  };
  auto cfg = fixture_config();
  auto body = body_at(cfg);
  EXPECT_NE(body.find("Leads: kept until you ask."), std::string::npos) << "0 days: kept without end";
  EXPECT_NE(body.find("data-max-upload=\"10485760\""), std::string::npos) << body;
  cfg.retention.leads_days = 365;
  cfg.retention.resumes_days = 30;
  cfg.limits.max_upload_bytes = 2048;
  body = body_at(cfg);
  EXPECT_NE(body.find("Leads: erased after 365 days."), std::string::npos) << body;
  EXPECT_NE(body.find("Resumes: erased after 30 days."), std::string::npos) << body;
  EXPECT_NE(body.find("data-max-upload=\"2048\""), std::string::npos) << body;
  EXPECT_EQ(body.find("{{"), std::string::npos);
}

TEST(CatalogServerSettings, ABundleMayNotDeclareTheServersOwnSettings) {
  EXPECT_TRUE(is_server_setting("origins.blog"));
  EXPECT_TRUE(is_server_setting("retention.leads_days"));
  EXPECT_TRUE(is_server_setting("limits.max_upload_bytes"));
  EXPECT_FALSE(is_server_setting("landing.offer"));
  EXPECT_FALSE(is_server_setting("limits.max_json_bytes"));
  EXPECT_TRUE(is_server_setting("limits.max_upload_size"));
}

TEST(CatalogServerSettings, AnUploadCapReadsAsPeopleWriteIt) {
  EXPECT_EQ(file_size_text(10 * 1024 * 1024), "10 MB");
  EXPECT_EQ(file_size_text(2621440), "2.5 MB");
  EXPECT_EQ(file_size_text(512 * 1024), "512 KB");
  EXPECT_EQ(file_size_text(1000), "1 KB");
}

TEST_F(CatalogTest, AFileNamedAloneDoesNotVaryByCookieWhereItsLanguagePageDoes) {
  const auto& alone = cat->route(prefixed, "/ads/ja").target->pick({}).reps[0];
  const auto& by_cookie = cat->route(prefixed, "/ads/home").target->pick("ja").reps[0];
  EXPECT_EQ(alone.body, by_cookie.body);
  EXPECT_NE(alone.head_200.find("Vary: Accept-Encoding\r\n"), std::string::npos);
  EXPECT_NE(by_cookie.head_200.find("Vary: Accept-Encoding, Cookie\r\n"), std::string::npos);
}

TEST(CatalogErrors, MissingManifestOrFileIsReported) {
  const auto cfg = parse_config("[hosts]\n", "bare.toml").value();
  auto missing = catalog::load("/nonexistent-web", cfg);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("manifest.json"), std::string::npos);

  const auto dir = std::filesystem::temp_directory_path() / "wavesites-catalog-test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "manifest.json")
      << R"({"version":2,"pages":{"a":{"file":"pages/gone.html"}},"route_sets":{"prefixed":{"routes":{},"not_found":"a"}}})";
  auto gone = catalog::load(dir.string(), cfg);
  ASSERT_FALSE(gone.ok());
  EXPECT_NE(gone.message().find("pages/gone.html"), std::string::npos);
  std::ofstream(dir / "manifest.json")
      << R"({"version":2,"pages":{},"route_sets":{"prefixed":{"routes":{"/":"nope"},"not_found":"nope"}}})";
  auto dangling = catalog::load(dir.string(), cfg);
  ASSERT_FALSE(dangling.ok());
  EXPECT_NE(dangling.message().find("nope"), std::string::npos);

  // A setting nothing declares is the config's fault, and the message says so.
  std::ofstream(dir / "manifest.json")
      << R"({"version":2,"pages":{"a":{"file":"a.html"}},"route_sets":{"prefixed":{"routes":{},"not_found":"a"}}})";
  std::ofstream(dir / "a.html") << "<p>a</p>";
  auto unknown = catalog::load(dir.string(), fixture_config());
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.message().rfind("test.toml: unknown key 'landing.", 0), 0u) << unknown.message();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wavesites
