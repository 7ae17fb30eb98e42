#include <gtest/gtest.h>

#include "sites/route_set.hpp"

namespace wavesites {
namespace {

TEST(NumericId, Canonical) {
  EXPECT_EQ(canonical_numeric_id("7"), "7");
  EXPECT_EQ(canonical_numeric_id("007"), "7");
  EXPECT_EQ(canonical_numeric_id("0"), "0");
  EXPECT_EQ(canonical_numeric_id("10.00"), "10");
  EXPECT_EQ(canonical_numeric_id("1."), "1");
  EXPECT_EQ(canonical_numeric_id(""), "");
  EXPECT_EQ(canonical_numeric_id(".5"), "");
  EXPECT_EQ(canonical_numeric_id("1e2"), "");
  EXPECT_EQ(canonical_numeric_id(" 1"), "");
}

TEST(PercentDecode, RejectsMalformedAndSlashes) {
  std::string out;
  EXPECT_TRUE(percent_decode_path("/a%20b", out));
  EXPECT_EQ(out, "/a b");
  EXPECT_FALSE(percent_decode_path("/a%2", out));
  EXPECT_FALSE(percent_decode_path("/a%zz", out));
  EXPECT_FALSE(percent_decode_path("/a%2fb", out));
  EXPECT_FALSE(percent_decode_path("/a%00", out));
}

TEST(FindRoute, AnExpiredArticleIsGoneAnUnknownOneNotFound) {
  const page live{}, empty{}, not_found{};
  route_set set;
  set.not_found = &not_found;
  auto& d = set.details.emplace_back();
  d.prefix = "/article-detail/";
  d.numeric = true;
  d.empty = &empty;
  d.ids.emplace("3", &live);
  d.gone.emplace("4", true);
  EXPECT_EQ(find_route(set, "/article-detail/3").status, 200);
  const auto gone = find_route(set, "/article-detail/04");  // canonical id 4
  EXPECT_EQ(gone.status, 410);
  EXPECT_EQ(gone.target, &not_found) << "the site's not-found page";
  const auto unknown = find_route(set, "/article-detail/5");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.target, &empty);
  EXPECT_EQ(find_route(set, "/article-detail/x").status, 404);
}

}  // namespace
}  // namespace wavesites
