#include "net/connection_limits.hpp"

#include <gtest/gtest.h>

namespace wavesites {
namespace {

TEST(ConnectionLimits, TheCapStaysBelowTheDescriptorLimitByWhatIsOpenAndAReserve) {
  EXPECT_EQ(connection_limits::derive_max(0, 256, 20), 256u - 20 - 32);
  EXPECT_EQ(connection_limits::derive_max(0, 65536, 20), 65536u - 20 - 8192);
  EXPECT_EQ(connection_limits::derive_max(100, 65536, 20), 100u) << "a configured cap below the room stands";
  EXPECT_EQ(connection_limits::derive_max(100'000, 1024, 20), 1024u - 20 - 128) << "one above it is lowered";
  EXPECT_EQ(connection_limits::derive_max(0, 40, 20), 1u) << "never zero, which would mean no cap";
}

TEST(ConnectionLimits, TheProcessLimitIsRaisedAndLeavesRoom) {
  const auto n = connection_limits::derive_max(0);
  EXPECT_GT(n, 0u);
  EXPECT_EQ(connection_limits::derive_max(5), 5u);
}

TEST(ConnectionLimits, EachAddressHasItsOwnPlacesGivenBackOnClose) {
  connection_limits l(0, 2);
  EXPECT_TRUE(l.take_address("10.0.0.1"));
  EXPECT_TRUE(l.take_address("10.0.0.1"));
  EXPECT_FALSE(l.take_address("10.0.0.1"));
  EXPECT_TRUE(l.take_address("10.0.0.2"));
  l.release_address("10.0.0.1");
  EXPECT_TRUE(l.take_address("10.0.0.1"));
  connection_limits open(0, 0);
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(open.take_address("10.0.0.1"));
}

TEST(ConnectionLimits, OnlyPastTheCapIsOver) {
  connection_limits l(2, 0);
  l.opened();
  l.opened();
  EXPECT_FALSE(l.over_total());
  l.opened();
  EXPECT_TRUE(l.over_total());
  l.closed();
  EXPECT_FALSE(l.over_total());
  connection_limits none(0, 0);
  for (int i = 0; i < 10; ++i) none.opened();
  EXPECT_FALSE(none.over_total());
}

TEST(ConnectionLimits, RefusalsAreReportedAtMostOnceAQuietPeriodWithTheirCount) {
  connection_limits l(1, 1);
  using why = connection_limits::reason;
  EXPECT_EQ(l.refused(why::max_connections, 1'000'000), 1u);
  EXPECT_EQ(l.refused(why::max_connections, 1'000'100), 0u);
  EXPECT_EQ(l.refused(why::max_connections, 1'005'000), 0u);
  EXPECT_EQ(l.refused(why::per_ip, 1'005'000), 1u) << "each cap has its own lines";
  EXPECT_EQ(l.refused(why::max_connections, 1'010'000), 3u) << "the line counts the quiet ones too";
}

TEST(ConnectionLimits, ThePerAddressCapIsAShareOfTheWholeOneUnlessSet) {
  EXPECT_EQ(connection_limits::derive_per_ip(0, 212), 26u) << "an eighth";
  EXPECT_EQ(connection_limits::derive_per_ip(0, 1000), 125u);
  EXPECT_EQ(connection_limits::derive_per_ip(0, 100), 16u) << "at least 16";
  EXPECT_EQ(connection_limits::derive_per_ip(0, 16), 0u) << "a share as large as the whole cap adds nothing";
  EXPECT_EQ(connection_limits::derive_per_ip(0, 0), 0u) << "no whole cap (tests): none";
  EXPECT_EQ(connection_limits::derive_per_ip(7, 212), 7u) << "a configured value stands";
}

TEST(ConnectionLimits, AnAddressAtItsCapMayBeForcedOneOverAndGivesItBack) {
  connection_limits l(0, 1);
  EXPECT_TRUE(l.take_address("10.0.0.1"));
  l.force_address("10.0.0.1");
  l.release_address("10.0.0.1");
  EXPECT_FALSE(l.take_address("10.0.0.1")) << "one still held";
  l.release_address("10.0.0.1");
  EXPECT_TRUE(l.take_address("10.0.0.1"));
}

/// A reload sets the caps again, against the room taken at start.
TEST(ConnectionLimits, AReloadSetsBothCapsWithinTheRoomTakenAtStart) {
  connection_limits l(0, 0);
  l.configure(0, 0, 1000);
  EXPECT_EQ(l.max_total(), 1000u) << "derived: the room";
  EXPECT_EQ(l.per_ip(), 125u);
  l.configure(100, 0, 1000);
  EXPECT_EQ(l.max_total(), 100u);
  EXPECT_EQ(l.per_ip(), 16u);
  l.configure(5000, 7, 1000);
  EXPECT_EQ(l.max_total(), 1000u) << "never past the room";
  EXPECT_EQ(l.per_ip(), 7u);
}

/// Places taken while there was no per-address cap count once a reload sets one, and come back
/// when their connections close whatever the cap is then.
TEST(ConnectionLimits, PlacesAreCountedWhateverTheCapSoAReloadFindsTheTableTrue) {
  connection_limits l(0, 0);
  EXPECT_TRUE(l.take_address("10.0.0.1"));
  EXPECT_TRUE(l.take_address("10.0.0.1"));
  l.configure(0, 2, 1000);
  EXPECT_FALSE(l.take_address("10.0.0.1")) << "two are held";
  l.configure(0, 0, 16);  // a share as large as the whole cap: none
  ASSERT_EQ(l.per_ip(), 0u);
  l.release_address("10.0.0.1");
  l.configure(0, 2, 1000);
  EXPECT_TRUE(l.take_address("10.0.0.1")) << "one was given back while there was no cap";
  EXPECT_FALSE(l.take_address("10.0.0.1"));
}

TEST(ConnectionLimits, AnIPv6ClientCountsAsItsSlash64) {
  EXPECT_EQ(address_key("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(address_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
  EXPECT_EQ(address_key("2001:db8:1:2::1"), address_key("2001:db8:1:2:ffff::9"));
  EXPECT_NE(address_key("2001:db8:1:2::1"), address_key("2001:db8:1:3::1"));
  EXPECT_EQ(address_key("not an address"), "not an address");
}

}  // namespace
}  // namespace wavesites
