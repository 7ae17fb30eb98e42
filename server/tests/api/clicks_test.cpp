// The click log: followed links stored, limited per address.
#include <gtest/gtest.h>

#include <utility>  // before Asio's coroutine headers with g++ 12

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>

#include "api/clicks.hpp"
#include "metrics/metrics.hpp"
#include "store/scratch_database.hpp"

namespace wavesites {
namespace {

/// Followed links reach the store through the click log, limited per address like the beacons.
TEST(LinkClicks, AreStoredWithTheirLinkUpToTheHourlyLimitOfAnAddress) {
  std::string skip;
  const auto scratch = testing::scratch_database::create(testing::backend::sqlite, skip);
  auto db = open_store(scratch->url()).value();
  click_log log(*db, [](std::string_view site) { return site == "landing"; });
  asio::io_context io;
  const auto follow = [&](const std::string& client, const std::string& from) {
    asio::co_spawn(
        io,
        [&log, client, from]() -> asio::awaitable<void> {
          // Named, not a temporary in the co_await: g++ 12 destroys those twice.
          const link_click click{"blog", "blog.test", "shop", from, "ios"};
          if (log.admit(client)) co_await log.record(click, "https://blog.test/article-detail/1?x=1");
        },
        asio::detached);
  };
  for (std::uint32_t i = 0; i < click_log::per_ip_per_hour + 5; ++i) follow("192.0.2.1", "1");
  follow("192.0.2.2", "");
  io.run();
  std::vector<click_record> stored;
  ASSERT_TRUE(db->each_click([&](const click_record& c) { stored.push_back(c); }, ""));
  ASSERT_EQ(stored.size(), click_log::per_ip_per_hour + 1);
  EXPECT_EQ(stored.front().kind, "link");
  EXPECT_EQ(stored.front().link, "shop");
  EXPECT_EQ(stored.front().from, "1");
  EXPECT_EQ(stored.front().destination, "ios");
  EXPECT_EQ(stored.front().site, "blog");
  EXPECT_EQ(stored.front().referrer, "https://blog.test");
  EXPECT_NE(metrics::global().render().find(R"(wavesites_link_clicks_total{site="other",link="shop"})"),
            std::string::npos);
}

}  // namespace
}  // namespace wavesites
