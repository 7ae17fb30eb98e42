#include <gtest/gtest.h>

#include "util/cidr.hpp"

namespace wavesites {
namespace {

TEST(Cidr, ParsesRangesStrictly) {
  for (const char* good : {"127.0.0.0/8", "10.0.0.0/8", "0.0.0.0/0", "192.0.2.7", "192.0.2.7/32", "::1/128", "::1",
                           "2001:db8::/32", "::/0", "::ffff:10.0.0.0/104"}) {
    EXPECT_TRUE(cidr::parse(good)) << good;
  }
  for (const char* bad : {"", "/8", "10.0.0.0/", "10.0.0.0/33", "10.0.0.0/x", "10.0.0.0/8x", "10.0.0.1/8", "::1/129",
                          "2001:db8::1/32", "localhost", "10.0.0.0/-1", "::ffff:10.0.0.0/95"}) {
    EXPECT_FALSE(cidr::parse(bad)) << bad;
  }
}

TEST(Cidr, MatchesAddressesInTheRange) {
  const auto loop = *cidr::parse("127.0.0.0/8");
  EXPECT_TRUE(loop.contains("127.0.0.1"));
  EXPECT_TRUE(loop.contains("127.255.1.2"));
  EXPECT_FALSE(loop.contains("128.0.0.1"));
  EXPECT_FALSE(loop.contains("::1"));
  EXPECT_FALSE(loop.contains("not an address"));
  EXPECT_FALSE(loop.contains(""));
  const auto odd = *cidr::parse("192.168.4.0/22");
  EXPECT_TRUE(odd.contains("192.168.7.255"));
  EXPECT_FALSE(odd.contains("192.168.8.0"));
  const auto v6 = *cidr::parse("2001:db8::/32");
  EXPECT_TRUE(v6.contains("2001:db8:ffff::1"));
  EXPECT_FALSE(v6.contains("2001:db9::1"));
  EXPECT_TRUE(cidr::parse("0.0.0.0/0")->contains("8.8.8.8"));
  EXPECT_FALSE(cidr::parse("0.0.0.0/0")->contains("2001:db8::1"));
  EXPECT_TRUE(cidr::parse("::1/128")->contains("::1"));
}

TEST(Cidr, IPv4MappedIPv6IsItsIPv4Address) {
  const auto loop = *cidr::parse("127.0.0.0/8");
  EXPECT_TRUE(loop.contains("::ffff:127.0.0.1"));
  EXPECT_FALSE(loop.contains("::ffff:10.0.0.1"));
  const auto mapped = *cidr::parse("::ffff:10.0.0.0/104");
  EXPECT_TRUE(mapped.contains("10.1.2.3"));
  EXPECT_TRUE(mapped.contains("::ffff:10.1.2.3"));
  EXPECT_FALSE(mapped.contains("11.0.0.1"));
}

TEST(Cidr, AnyContains) {
  const std::vector<cidr> ranges{*cidr::parse("127.0.0.0/8"), *cidr::parse("::1/128")};
  EXPECT_TRUE(any_contains(ranges, "127.0.0.1"));
  EXPECT_TRUE(any_contains(ranges, "::1"));
  EXPECT_FALSE(any_contains(ranges, "192.0.2.1"));
  EXPECT_FALSE(any_contains({}, "127.0.0.1"));
}

}  // namespace
}  // namespace wavesites
