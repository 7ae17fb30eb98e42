// /go/<slug>: the redirect as a plain function of the request, and its place in dispatch.
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <gtest/gtest.h>

#include "dispatch/dispatch.hpp"
#include "links/go_link.hpp"
#include "test_support.hpp"

namespace wavesites {
namespace {

using namespace wavesites::testing;

constexpr const char* iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1";
constexpr const char* pixel = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0.0.0 Mobile Safari/537.36";
constexpr const char* desktop = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36";

struct GoLinkTest : ::testing::Test {
  config cfg = fixture_config();
  std::unique_ptr<catalog> cat = fixture_catalog(cfg);
  host_router hosts = host_router::make(cfg, *cat).value();
  route_table routes;
  app_context app{cfg, *cat, hosts, routes};

  static request_head get(std::string target, std::string host = "blog.test", std::string ua = desktop) {
    request_head h;
    h.method = http::verb::get;
    h.method_text = "GET";
    h.target = std::move(target);
    h.host = std::move(host);
    h.user_agent = std::move(ua);
    return h;
  }
  std::optional<go_redirect> go(const request_head& h) { return go_link(*cat, hosts.pick(h.host), h); }
  static std::string location(const go_redirect& r) { return std::string(r.location()); }
};

TEST_F(GoLinkTest, ARegisteredSlugRedirectsWithNoStoreAndNoIndex) {
  const request_head request = get("/go/plain");  // the click's host and slug are views into it
  const auto r = go(request);
  ASSERT_TRUE(r);
  EXPECT_EQ(location(*r), "https://plain.example/");
  // The head prepared with the registry, as a page's: no Date, Connection or blank line yet.
  ASSERT_TRUE(r->head);
  const std::string& h = *r->head;
  EXPECT_TRUE(h.starts_with("HTTP/1.1 302 Found\r\n")) << h;
  for (const char* line : {"\r\nLocation: https://plain.example/\r\n", "\r\nCache-Control: private, no-store\r\n",
                           "\r\nX-Robots-Tag: noindex, nofollow\r\n", "\r\nContent-Length: 0\r\n",
                           "\r\nX-Content-Type-Options: nosniff\r\n"}) {
    EXPECT_NE(h.find(line), std::string::npos) << line << " in " << h;
  }
  EXPECT_TRUE(h.ends_with("\r\n") && !h.ends_with("\r\n\r\n")) << h;
  EXPECT_EQ(h.find("Date:"), std::string::npos);
  EXPECT_EQ(h, go_head("https://plain.example/")) << "the same bytes go_response serialises";
  EXPECT_EQ(r->click.site, "blog");
  EXPECT_EQ(r->click.host, "blog.test");
  EXPECT_EQ(r->click.slug, "plain");
  EXPECT_EQ(r->click.destination, "url");
  EXPECT_FALSE(r->crawler);
  const link_click recorded = r->click.owned();
  EXPECT_EQ(recorded.site, "blog");
  EXPECT_EQ(recorded.host, "blog.test");
  EXPECT_EQ(recorded.slug, "plain");
  EXPECT_EQ(recorded.from, "");
  EXPECT_EQ(recorded.destination, "url");
}

TEST_F(GoLinkTest, EachPlatformGetsItsDestinationFilledFromTheSettings) {
  const auto ios = go(get("/go/app", "blog.test", iphone));
  // app_store_url already has a query; ct is the offer, pt the tracking URL, encoded.
  EXPECT_EQ(location(*ios),
            "https://apps.example/app?id=1&x=2&ct=offer-1&pt=https%3A%2F%2Ftrack.example%3A8443%2Fclick%3Fa%3D1");
  EXPECT_EQ(ios->click.destination, "ios");
  const auto ipad = go(get("/go/app", "blog.test", "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)"));
  EXPECT_EQ(ipad->click.destination, "ios");
  const auto android = go(get("/go/app", "blog.test", pixel));
  EXPECT_EQ(location(*android), "https://play.example/store?id=com.example");
  EXPECT_EQ(android->click.destination, "android");
  EXPECT_EQ(*android->head, go_head(location(*android))) << "each platform's own prepared head";
  EXPECT_EQ(*ios->head, go_head(location(*ios)));
  const auto other = go(get("/go/app"));
  EXPECT_EQ(location(*other), "https://apps.example/app?id=1&x=2");
  EXPECT_EQ(other->click.destination, "url");
  // A link with no iPhone destination sends an iPhone to its url, and says so.
  const auto plain = go(get("/go/plain", "blog.test", iphone));
  EXPECT_EQ(location(*plain), "https://plain.example/");
  EXPECT_EQ(plain->click.destination, "url");
}

TEST_F(GoLinkTest, AnArticleOfTheSiteTagsTheDestinationAndAnythingElseIsIgnored) {
  const auto tagged = go(get("/go/shop?from=1"));
  EXPECT_EQ(location(*tagged), "https://shop.example/deals?src=1&subid=blog-1#top");
  EXPECT_EQ(tagged->click.from, "1");
  EXPECT_EQ(tagged->tagged, location(*tagged)) << "a tagged destination's head is made per request";
  for (const char* target : {"/go/shop?from=2", "/go/shop?from=", "/go/shop", "/go/shop?from=1%00",
                             "/go/shop?from=%31%", "/go/shop?frm=1", "/go/shop?from=../1"}) {
    const auto r = go(get(target));
    ASSERT_TRUE(r) << target;
    EXPECT_EQ(location(*r), "https://shop.example/deals?src=1#top") << target;
    EXPECT_EQ(r->click.from, "") << target;
  }
  // Percent-encoded, it is still the article.
  EXPECT_EQ(go(get("/go/shop?x=1&from=%31"))->click.from, "1");
  // A link without a subid parameter is never tagged.
  EXPECT_EQ(location(*go(get("/go/plain?from=1"))), "https://plain.example/");
  EXPECT_EQ(go(get("/go/plain?from=1"))->click.from, "1");
}

TEST_F(GoLinkTest, OnThePrefixedRouteSetThePageNamesItsSite) {
  const auto r = go(get("/go/shop?from=1&site=blog", "unknown.test"));
  EXPECT_EQ(r->click.site, "prefixed");
  EXPECT_EQ(r->click.from, "1");
  EXPECT_EQ(location(*r), "https://shop.example/deals?src=1&subid=blog-1#top");
  // The blog's own articles only ("10" is in the prefixed set but not on the blog's host), and
  // only a site that exists.
  for (const char* target : {"/go/shop?from=10&site=blog", "/go/shop?from=1", "/go/shop?from=1&site=nowhere",
                             "/go/shop?from=1&site=prefixed"}) {
    EXPECT_EQ(go(get(target, "unknown.test"))->click.from, "") << target;
  }
}

TEST_F(GoLinkTest, NumericIdsAreTakenInCanonicalForm) {
  // shop's online route set has no details in the fixture; the blog's ids are strings, so "01" is not "1".
  EXPECT_EQ(go(get("/go/shop?from=01"))->click.from, "");
}

TEST_F(GoLinkTest, KnownCrawlersAreRedirectedButMarked) {
  const auto bot = go(get("/go/plain", "blog.test", "Mozilla/5.0 (compatible; Googlebot/2.1)"));
  ASSERT_TRUE(bot);
  EXPECT_TRUE(bot->crawler);
  EXPECT_TRUE(go(get("/go/plain", "blog.test", "curl/8.5.0"))->crawler);
}

TEST_F(GoLinkTest, NoPathButARegisteredSlugLeadsAnywhere) {
  for (const std::string& target : std::vector<std::string>{
           "/go/", "/go", "/go/nothing", "/go/plain/extra", "/go/plain/", "/go/%2Fevil.example", "/go/..%2Fplain",
           "/go/../plain", "/go/./plain", "/go/https:%2F%2Fevil.example", "/go/https://evil.example",
           "/go//evil.example", "/go/plain%0d%0aX:%201", "/go/pl%61in", "/go/Plain", "/go/plain.",
           "/go/" + std::string(65, 'a'), "/go/plain%00", "/go/\\evil.example"}) {
    EXPECT_FALSE(go(get(target))) << target;
    const auto d = dispatch(app, get(target));
    ASSERT_TRUE(std::holds_alternative<page_answer>(d.what)) << target;
    EXPECT_EQ(std::get<page_answer>(d.what).status, 404) << target;
    EXPECT_NE(std::get<page_answer>(d.what).rep->body.find("<html"), std::string::npos) << target;
  }
}

TEST_F(GoLinkTest, DispatchAnswersGetAndHeadOnEveryHostAndRefusesOtherMethods) {
  for (const char* host : {"blog.test", "shop.test", "landing.test", "unknown.test"}) {
    auto head = get("/go/plain", host);
    const auto d = dispatch(app, head);
    ASSERT_TRUE(std::holds_alternative<go_redirect>(d.what)) << host;
    EXPECT_EQ(d.headers, "") << host;  // the redirect's own X-Robots-Tag, not the route set's too
    head.method = http::verb::head;
    EXPECT_TRUE(std::holds_alternative<go_redirect>(dispatch(app, head).what)) << host;
    head.method = http::verb::post;
    const auto post = dispatch(app, head);
    ASSERT_TRUE(std::holds_alternative<error_answer>(post.what)) << host;
    EXPECT_EQ(std::get<error_answer>(post.what).reply.status, 405);
    EXPECT_EQ(std::get<error_answer>(post.what).reply.headers.at(0).second, "GET, HEAD, OPTIONS");
    head.method = http::verb::options;
    const auto options = dispatch(app, head);
    ASSERT_TRUE(std::holds_alternative<error_answer>(options.what)) << host;
    EXPECT_EQ(std::get<error_answer>(options.what).reply.status, 204);
    EXPECT_EQ(std::get<error_answer>(options.what).reply.headers.at(0),
              (std::pair<std::string, std::string>{"Allow", "GET, HEAD, OPTIONS"}));
  }
}

TEST_F(GoLinkTest, TheConfigOverridesADestinationOnTheNextCatalog) {
  auto next = fixture_config();
  link_spec over;
  over.slug = "plain";
  over.url = "https://moved.example/";
  over.where = "links.plain";
  next.links.push_back(over);
  const auto moved = fixture_catalog(next);
  const auto h = get("/go/plain");
  EXPECT_EQ(location(*go_link(*moved, hosts.pick(h.host), h)), "https://moved.example/");
}

TEST(LinkPlatform, ByUserAgent) {
  EXPECT_EQ(platform_of(iphone), link_platform::ios);
  EXPECT_EQ(platform_of("Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X)"), link_platform::ios);
  EXPECT_EQ(platform_of(pixel), link_platform::android);
  EXPECT_EQ(platform_of(desktop), link_platform::other);
  EXPECT_EQ(platform_of(""), link_platform::other);
}

}  // namespace
}  // namespace wavesites
