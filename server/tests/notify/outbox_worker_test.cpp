#include "notify/outbox_worker.hpp"

#include <gtest/gtest.h>

namespace wavesites {
namespace {

constexpr std::int64_t created = 1'000'000;

TEST(next_attempt_ms, doubles_from_one_second_to_two_minutes_jittered_into_the_upper_half) {
  EXPECT_EQ(next_attempt_ms(1, created, created, 24, 1.0), created + 1000);
  EXPECT_EQ(next_attempt_ms(1, created, created, 24, 0.0), created + 500);
  EXPECT_EQ(next_attempt_ms(2, created, created, 24, 1.0), created + 2000);
  EXPECT_EQ(next_attempt_ms(5, created, created, 24, 1.0), created + 16000);
  EXPECT_EQ(next_attempt_ms(8, created, created, 24, 1.0), created + 120000);
  EXPECT_EQ(next_attempt_ms(60, created, created, 24, 1.0), created + 120000);
  EXPECT_EQ(next_attempt_ms(60, created, created, 24, 0.0), created + 60000);
}

TEST(next_attempt_ms, never_past_the_retry_window_and_none_after_it) {
  const std::int64_t hour = 3'600'000;
  // Thirty seconds before the window ends, a two-minute backoff is cut to the window's end.
  EXPECT_EQ(next_attempt_ms(20, created, created + hour - 30'000, 1, 1.0), created + hour);
  EXPECT_EQ(next_attempt_ms(20, created, created + hour, 1, 1.0), std::nullopt);
  EXPECT_EQ(next_attempt_ms(1, created, created + 2 * hour, 1, 0.5), std::nullopt);
}

}  // namespace
}  // namespace wavesites
