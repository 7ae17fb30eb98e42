#include <gtest/gtest.h>

#include "api/rate_limiter.hpp"

namespace wavesites {
namespace {

TEST(RateLimiter, BucketRefillsEvenlyOverTheHour) {
  rate_limiter limiter(3);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_FALSE(limiter.take("1.2.3.4", t0));
  EXPECT_FALSE(limiter.take("1.2.3.4", t0));
  EXPECT_FALSE(limiter.take("1.2.3.4", t0));
  const auto wait = limiter.take("1.2.3.4", t0);
  ASSERT_TRUE(wait);
  EXPECT_GE(wait->count(), 1199);
  EXPECT_LE(wait->count(), 1200);
  EXPECT_FALSE(limiter.take("5.6.7.8", t0)) << "another address has its own bucket";
  EXPECT_FALSE(limiter.take("1.2.3.4", t0 + std::chrono::seconds(1200)));
  EXPECT_TRUE(limiter.take("1.2.3.4", t0 + std::chrono::seconds(1201)));
}

}  // namespace
}  // namespace wavesites
