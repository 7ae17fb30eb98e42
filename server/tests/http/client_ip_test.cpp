#include <gtest/gtest.h>

#include "http/client_ip.hpp"

namespace wavesites {
namespace {

TEST(ClientAddress, UsesForwardedForOnlyBehindATrustedProxy) {
  const std::vector<std::string> none;
  const std::vector<std::string> proxy{"10.0.0.1"};
  EXPECT_EQ(client_address("203.0.113.9", "198.51.100.1", none), "203.0.113.9");
  EXPECT_EQ(client_address("203.0.113.9", "198.51.100.1", proxy), "203.0.113.9");
  EXPECT_EQ(client_address("10.0.0.1", "198.51.100.1", proxy), "198.51.100.1");
  EXPECT_EQ(client_address("10.0.0.1", "1.1.1.1, 198.51.100.1, 10.0.0.1", proxy), "198.51.100.1");
  EXPECT_EQ(client_address("10.0.0.1", "", proxy), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", "not-an-ip", proxy), "10.0.0.1");
}

}  // namespace
}  // namespace wavesites
