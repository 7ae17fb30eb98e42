// The request -> answer decision as a plain function: no socket, no I/O.
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "dispatch/dispatch.hpp"
#include "test_support.hpp"

namespace wavesites {
namespace {

using namespace wavesites::testing;

struct DispatchTest : ::testing::Test {
  config cfg = fixture_config();
  std::unique_ptr<catalog> cat = fixture_catalog(cfg);
  host_router hosts = host_router::make(cfg, *cat).value();
  std::vector<cidr> loopback{*cidr::parse("127.0.0.0/8")};
  route_table routes = [this] {
    route_table t;
    t.add(http::verb::get, "/healthz", [](request_context&) -> asio::awaitable<response> { co_return response{}; });
    t.add(http::verb::post, "/lead", [](request_context&) -> asio::awaitable<response> { co_return response{}; });
    t.add(
        http::verb::get, "/private", [](request_context&) -> asio::awaitable<response> { co_return response{}; },
        [this](std::string_view client) { return any_contains(loopback, client); });
    return t;
  }();
  app_context app{cfg, *cat, hosts, routes};

  static request_head get(std::string target, std::string host = "unknown.test") {
    request_head h;
    h.method = http::verb::get;
    h.method_text = "GET";
    h.target = std::move(target);
    h.host = std::move(host);
    return h;
  }
  const page_answer& page_of(const answer& a) {
    EXPECT_TRUE(std::holds_alternative<page_answer>(a));
    return std::get<page_answer>(a);
  }
  const error_answer& error_of(const answer& a) {
    EXPECT_TRUE(std::holds_alternative<error_answer>(a));
    return std::get<error_answer>(a);
  }
  std::string file_of(const answer& a) {
    // The representation belongs to a resource of the catalog; find which by its body.
    for (const auto& set : cat->route_sets()) {
      for (const auto& [path, pg] : set.routes) {
        for (const auto* res : {pg->single, pg->fallback}) {
          if (!res) continue;
          for (const auto& rep : res->reps) {
            if (&rep == page_of(a).rep) return res->file;
          }
        }
        for (const auto& [lang, res] : pg->langs) {
          for (const auto& rep : res->reps) {
            if (&rep == page_of(a).rep) return res->file;
          }
        }
      }
    }
    return "(not a routed page)";
  }
};

TEST_F(DispatchTest, TheRouteSetsHeadersGoWithEveryAnswer) {
  for (const char* target : {"/blog/home", "/healthz", "/nowhere", "/assets/app-1a2b3c4d.js"}) {
    EXPECT_EQ(dispatch(app, get(target)).headers, "X-Robots-Tag: noindex\r\n") << target;
    EXPECT_EQ(dispatch(app, get(target, "blog.test")).headers, "") << target;
  }
}

TEST_F(DispatchTest, MalformedRequestsGetA400AndTheConnectionCloses) {
  auto no_host = get("/blog/home", "");
  EXPECT_EQ(error_of(dispatch(app, no_host).what).reply.status, 400);
  EXPECT_TRUE(error_of(dispatch(app, no_host).what).malformed);
  no_host.version = 10;  // HTTP/1.0 may leave Host out
  EXPECT_EQ(page_of(dispatch(app, no_host).what).status, 200);
  const auto odd_target = get("*");
  EXPECT_EQ(error_of(dispatch(app, odd_target).what).reply.status, 400);
}

TEST_F(DispatchTest, HandlersAnswerOnEveryHostAndTellTheSite) {
  const auto a = dispatch(app, get("/healthz", "blog.test")).what;
  ASSERT_TRUE(std::holds_alternative<handler_answer>(a));
  EXPECT_EQ(std::get<handler_answer>(a).site, "blog");
  EXPECT_EQ(std::get<handler_answer>(dispatch(app, get("/healthz")).what).site, "prefixed");
  auto post = get("/healthz");
  post.method = http::verb::post;
  const auto refused = dispatch(app, post).what;
  const auto& e = error_of(refused);
  EXPECT_EQ(e.reply.status, 405);
  EXPECT_FALSE(e.malformed);
  EXPECT_EQ(e.reply.headers.at(0), (std::pair<std::string, std::string>{"Allow", "GET, HEAD, OPTIONS"}));
}

TEST_F(DispatchTest, PagesComeFromTheHostsRouteSet) {
  EXPECT_EQ(file_of(dispatch(app, get("/blog/home")).what), "pages/blog-prefixed-home.html");
  EXPECT_EQ(file_of(dispatch(app, get("/", "Blog.Test:8080")).what), "pages/blog-online-home.html");
  const auto not_there = dispatch(app, get("/blog/home", "blog.test")).what;
  EXPECT_EQ(page_of(not_there).status, 404) << "a configured host gets only its own routes";
}

TEST_F(DispatchTest, ARouteForSomeAddressesIsAnUnknownPathToOthers) {
  EXPECT_TRUE(std::holds_alternative<handler_answer>(dispatch(app, get("/private"), "127.0.0.1").what));
  EXPECT_TRUE(std::holds_alternative<handler_answer>(dispatch(app, get("/private"), "::ffff:127.0.0.1").what));
  for (const char* host : {"unknown.test", "blog.test"}) {
    const auto* unknown = page_of(dispatch(app, get("/no-such-path", host), "192.0.2.1").what).rep;
    for (const char* client : {"192.0.2.1", "", "::1"}) {
      const auto refused = dispatch(app, get("/private", host), client).what;
      EXPECT_EQ(page_of(refused).status, 404) << host << " " << client;
      EXPECT_EQ(page_of(refused).rep, unknown) << "the very answer an unknown path gets";
    }
    auto post = get("/private", host);
    post.method = http::verb::post;
    EXPECT_EQ(page_of(dispatch(app, post, "192.0.2.1").what).status, 404) << "not even a 405 betrays it";
  }
}

TEST_F(DispatchTest, TellsTheRouteSetOfEveryAnswer) {
  EXPECT_EQ(dispatch(app, get("/blog/home")).site, "prefixed");
  EXPECT_EQ(dispatch(app, get("/", "blog.test")).site, "blog");
  EXPECT_EQ(dispatch(app, get("/nowhere", "blog.test")).site, "blog");
}

TEST_F(DispatchTest, OptionsStarTellsWhatTheServerEverAccepts) {
  auto star = get("*");
  star.method = http::verb::options;
  const auto answered = dispatch(app, star).what;
  const auto& e = error_of(answered);
  EXPECT_EQ(e.reply.status, 204);
  EXPECT_TRUE(e.reply.body.empty());
  EXPECT_FALSE(e.malformed);
  // The pages' methods and the route table's, not a list typed in beside them.
  EXPECT_EQ(e.reply.headers.at(0), (std::pair<std::string, std::string>{"Allow", "GET, HEAD, POST, OPTIONS"}));
  route_table gets_only;
  gets_only.add(http::verb::get, "/healthz",
                [](request_context&) -> asio::awaitable<response> { co_return response{}; });
  const app_context pages_and_gets{cfg, *cat, hosts, gets_only};
  EXPECT_EQ(error_of(dispatch(pages_and_gets, star).what).reply.headers.at(0).second, "GET, HEAD, OPTIONS");
  EXPECT_EQ(error_of(dispatch(app, get("*")).what).reply.status, 400) << "only OPTIONS may ask about *";
}

// Regression: OPTIONS on a path was answered 405 (or the page itself), and the Allow of a 405 was
// typed beside the route table. Now OPTIONS gets 204 with the very Allow a 405 there carries.
TEST_F(DispatchTest, OptionsOnAPathListsWhatA405ThereAllows) {
  const auto allow_of = [](const error_answer& e) {
    for (const auto& [name, value] : e.reply.headers) {
      if (name == "Allow") return value;
    }
    return std::string("(none)");
  };
  for (const auto& [target, client, allowed, refused_with] :
       std::vector<std::tuple<std::string, std::string, std::string, http::verb>>{
           {"/blog/home", "", "GET, HEAD, OPTIONS", http::verb::post},
           {"/healthz", "", "GET, HEAD, OPTIONS", http::verb::put},
           {"/lead", "", "POST, OPTIONS", http::verb::get},
           {"/private", "127.0.0.1", "GET, HEAD, OPTIONS", http::verb::delete_},
       }) {
    auto options = get(target);
    options.method = http::verb::options;
    const auto answered = dispatch(app, options, client).what;
    const auto& e = error_of(answered);
    EXPECT_EQ(e.reply.status, 204) << target;
    EXPECT_TRUE(e.reply.body.empty()) << target;
    EXPECT_FALSE(e.malformed) << target;
    EXPECT_EQ(allow_of(e), allowed) << target;

    auto other = get(target);
    other.method = refused_with;
    const auto refused = dispatch(app, other, client).what;
    EXPECT_EQ(error_of(refused).reply.status, 405) << target;
    EXPECT_EQ(allow_of(error_of(refused)), allowed) << target << ": the same Allow as OPTIONS";
  }
  // A path that is not there is no more there for OPTIONS: the 404 page, as for any method.
  for (const auto& [target, client] : std::vector<std::pair<std::string, std::string>>{
           {"/nowhere", ""}, {"/private", "192.0.2.1"}, {"/blog/home/extra", ""}}) {
    auto options = get(target);
    options.method = http::verb::options;
    EXPECT_EQ(page_of(dispatch(app, options, client).what).status, 404) << target;
  }
}

TEST_F(DispatchTest, AnUnknownMethodIsNotImplementedAnywhere) {
  for (const char* path : {"/blog/home", "/nowhere", "/healthz"}) {
    auto odd = get(path);
    odd.method = http::verb::unknown;
    odd.method_text = "FROB";
    EXPECT_EQ(error_of(dispatch(app, odd).what).reply.status, 501) << path;
  }
}

TEST_F(DispatchTest, OnlyGetAndHeadReadPagesButA404StaysA404) {
  auto post = get("/blog/home");
  post.method = http::verb::post;
  EXPECT_EQ(error_of(dispatch(app, post).what).reply.status, 405);
  post.target = "/nowhere";
  EXPECT_EQ(page_of(dispatch(app, post).what).status, 404);
  auto head = get("/blog/home");
  head.method = http::verb::head;
  EXPECT_EQ(page_of(dispatch(app, head).what).status, 200);
}

TEST_F(DispatchTest, EncodingLanguageAndValidatorsPickTheRepresentation) {
  auto req = get("/ads/home");
  req.cookie = "theme=dark; lang=ja";
  EXPECT_EQ(file_of(dispatch(app, req).what), "pages/ads.ja.html");
  req.accept.br = true;
  const auto* br = page_of(dispatch(app, req).what).rep;
  EXPECT_NE(br->head_200.find("Content-Encoding: br"), std::string::npos);
  req.has_if_none_match = true;
  req.if_none_match = br->etag;
  EXPECT_EQ(page_of(dispatch(app, req).what).status, 304);
  req.if_none_match = "\"something-else\"";
  EXPECT_EQ(page_of(dispatch(app, req).what).status, 200);
}

}  // namespace
}  // namespace wavesites
