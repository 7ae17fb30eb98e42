// The deadline sweep, driven with times of the test's choosing: no waiting, no clock.
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <memory>

#include <gtest/gtest.h>

#include "net/worker.hpp"
#include "test_support.hpp"

namespace wavesites {
namespace {

using namespace wavesites::testing;
using std::chrono::seconds;

struct WorkerTest : ::testing::Test {
  config cfg = fixture_config();
  live<site_state> sites{fixture_sites(cfg)};
  route_table routes;
  server_context app{cfg, sites, routes};
  connection_limits limits{0, 0};
  worker w{app, limits};
  tcp::socket socket{w.context()};
  const steady::time_point t0 = steady::now();
};

TEST_F(WorkerTest, AConnectionIsCutOffAtItsDeadlineAndNotBefore) {
  connection_guard guard(w, socket);
  guard.arm(seconds(2), false, t0);
  w.sweep(t0 + seconds(1), false);
  EXPECT_FALSE(guard.expired());
  w.sweep(t0 + std::chrono::milliseconds(1999), false);
  EXPECT_FALSE(guard.expired());
  w.sweep(t0 + seconds(2), false);
  EXPECT_TRUE(guard.expired());
}

TEST_F(WorkerTest, ProgressMovesTheDeadlineButNotPastTheWholeBodyCap) {
  connection_guard guard(w, socket);
  guard.cap(t0 + seconds(5));
  for (int i = 0; i < 4; ++i) {
    guard.arm(seconds(2), false, t0 + seconds(i));  // a byte arrives every second
    w.sweep(t0 + seconds(i) + std::chrono::milliseconds(999), false);
    EXPECT_FALSE(guard.expired()) << i;
  }
  guard.arm(seconds(2), false, t0 + seconds(4));
  w.sweep(t0 + seconds(5), false);
  EXPECT_TRUE(guard.expired()) << "the cap holds however steady the trickle";
}

TEST_F(WorkerTest, AtShutdownIdleConnectionsCloseAndBusyOnesFinish) {
  tcp::socket other{w.context()};
  connection_guard idle(w, socket);
  connection_guard busy(w, other);
  idle.arm(seconds(60), true, t0);
  busy.arm(seconds(60), false, t0);
  EXPECT_EQ(w.connections(), 2u);
  w.sweep(t0 + seconds(1), true);
  EXPECT_TRUE(idle.expired());
  EXPECT_FALSE(busy.expired());
}

TEST_F(WorkerTest, EvictionTakesTheOldestSilentConnectionThenTheOldestIdleOne) {
  tcp::socket s2{w.context()}, s3{w.context()}, s4{w.context()};
  connection_guard idle(w, socket);  // oldest: between requests on a used connection
  connection_guard busy(w, s2);      // answering
  connection_guard silent(w, s3);    // never sent a whole head
  connection_guard newest(w, s4);    // the one being admitted
  idle.reading_head(false);
  silent.reading_head(true);
  newest.reading_head(true);
  ASSERT_TRUE(w.evict_one());
  EXPECT_TRUE(silent.evicted() && silent.expired());
  EXPECT_FALSE(idle.expired());
  ASSERT_TRUE(w.evict_one());
  EXPECT_TRUE(idle.evicted());
  EXPECT_FALSE(w.evict_one()) << "a busy connection and the newest one are never evicted";
  EXPECT_FALSE(busy.expired());
  EXPECT_FALSE(newest.expired());
}

TEST_F(WorkerTest, AHeadFinishedIsNoLongerEvictable) {
  tcp::socket s2{w.context()};
  connection_guard old(w, socket);
  connection_guard newest(w, s2);
  old.reading_head(true);
  old.head_done();
  EXPECT_FALSE(w.evict_one());
}

TEST_F(WorkerTest, GuardsKeepTheListWholeWhateverOrderTheyGoIn) {
  tcp::socket s2{w.context()}, s3{w.context()};
  auto a = std::make_unique<connection_guard>(w, socket);
  auto b = std::make_unique<connection_guard>(w, s2);
  auto c = std::make_unique<connection_guard>(w, s3);
  EXPECT_EQ(limits.open(), 3u);
  b.reset();  // middle
  a.reset();  // oldest (the tail)
  a = std::make_unique<connection_guard>(w, socket);
  a->reading_head(true);
  c->reading_head(true);
  ASSERT_TRUE(w.evict_one()) << "c is older than the new a";
  EXPECT_TRUE(c->evicted());
  c.reset();
  a.reset();
  EXPECT_EQ(limits.open(), 0u);
  EXPECT_EQ(w.connections(), 0u);
}

}  // namespace
}  // namespace wavesites
