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

}  // namespace
}  // namespace wavesites
