// The route table: which handler a request reaches, and which methods a path takes (the one
// source of every Allow header).
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <gtest/gtest.h>

#include "http/router.hpp"

namespace wavesites {
namespace {

handler nothing() {
  return [](request_context&) -> asio::awaitable<response> { co_return response{}; };
}

TEST(MethodSet, AllowListsHeadWithGetAndOptionsWithAnything) {
  EXPECT_EQ(method_set().allow(), "");
  EXPECT_EQ(method_set(http::verb::get).allow(), "GET, HEAD, OPTIONS");
  EXPECT_EQ(method_set(http::verb::post).allow(), "POST, OPTIONS");
  method_set both(http::verb::post);
  both |= method_set(http::verb::get);
  EXPECT_EQ(both.allow(), "GET, HEAD, POST, OPTIONS") << "in one order, however added";
  EXPECT_TRUE(method_set(http::verb::get).takes(http::verb::head));
  EXPECT_FALSE(method_set(http::verb::post).takes(http::verb::head));
  EXPECT_FALSE(method_set(http::verb::get).takes(http::verb::options)) << "dispatch answers it, no handler";
}

TEST(RouteTable, FindsTheHandlerOrWhatThePathTakes) {
  route_table t;
  t.add(http::verb::get, "/a", nothing());
  t.add(http::verb::post, "/a", nothing());
  t.add(http::verb::post, "/b", nothing());
  t.add(http::verb::get, "/mine", nothing(), [](std::string_view client) { return client == "127.0.0.1"; });

  EXPECT_NE(t.find(http::verb::head, "/a").target, nullptr);
  EXPECT_NE(t.find(http::verb::post, "/a").target, nullptr);
  const auto b = t.find(http::verb::get, "/b");
  EXPECT_EQ(b.target, nullptr);
  EXPECT_EQ(b.allowed.allow(), "POST, OPTIONS");
  const auto a = t.find(http::verb::options, "/a");
  EXPECT_EQ(a.target, nullptr);
  EXPECT_EQ(a.allowed.allow(), "GET, HEAD, POST, OPTIONS");
  EXPECT_TRUE(t.find(http::verb::get, "/nowhere").allowed.empty());

  EXPECT_TRUE(t.find(http::verb::options, "/mine", "192.0.2.1").allowed.empty()) << "not there for others";
  EXPECT_EQ(t.find(http::verb::options, "/mine", "127.0.0.1").allowed.allow(), "GET, HEAD, OPTIONS");

  route_table gets;
  gets.add(http::verb::get, "/mine", nothing(), [](std::string_view client) { return client == "127.0.0.1"; });
  EXPECT_TRUE(gets.methods("192.0.2.1").empty());
  EXPECT_EQ(gets.methods("127.0.0.1").allow(), "GET, HEAD, OPTIONS");
  EXPECT_EQ(t.methods().allow(), "GET, HEAD, POST, OPTIONS");
}

}  // namespace
}  // namespace wavesites
