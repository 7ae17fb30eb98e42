// The deadline sweep, driven with times of the test's choosing: no waiting, no clock.
#include <utility>  // before Asio's coroutine headers with g++ 12

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
  worker w{app};
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

}  // namespace
}  // namespace wavesites
