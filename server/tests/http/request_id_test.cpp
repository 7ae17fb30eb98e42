#include <gtest/gtest.h>

#include <set>

#include "http/request_id.hpp"

namespace wavesites {
namespace {

TEST(RequestId, ValidIdsAreShortAndSafe) {
  EXPECT_TRUE(valid_request_id("a"));
  EXPECT_TRUE(valid_request_id("abc-DEF_123.4:5"));
  EXPECT_TRUE(valid_request_id(std::string(128, 'x')));
  EXPECT_FALSE(valid_request_id(""));
  EXPECT_FALSE(valid_request_id(std::string(129, 'x')));
  EXPECT_FALSE(valid_request_id("a b"));
  EXPECT_FALSE(valid_request_id("a\"b"));
  EXPECT_FALSE(valid_request_id("a\r\nSet-Cookie: x"));
  EXPECT_FALSE(valid_request_id("caf\xc3\xa9"));
}

TEST(RequestId, KeepsOnlyATrustedProxysValidId) {
  std::string id;
  choose_request_id(id, "from-proxy-1", true);
  EXPECT_EQ(id, "from-proxy-1");
  choose_request_id(id, "from-proxy-1", false);
  EXPECT_NE(id, "from-proxy-1");
  EXPECT_EQ(id.size(), 16u);
  choose_request_id(id, "bad id", true);
  EXPECT_EQ(id.size(), 16u);
  EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos);
}

TEST(RequestId, GeneratedIdsDiffer) {
  std::set<std::string> seen;
  std::string id;
  for (int i = 0; i < 1000; ++i) {
    choose_request_id(id, "", false);
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 1000u);
}

}  // namespace
}  // namespace wavesites
