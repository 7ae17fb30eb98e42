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

TEST(CoarseClock, IsSteadyClockAsOfTheLastTick) {
  // The deadlines between requests are armed from it and checked against steady::now(): the
  // same clock, at most a tick behind, never ahead.
  for (int i = 0; i < 1000; ++i) {
    const auto coarse = coarse_now();
    const auto fine = steady::now();
    ASSERT_LE(coarse, fine);
    ASSERT_LT(fine - coarse, std::chrono::milliseconds(50));
  }
}

TEST_F(WorkerTest, AnsweringEntersTheSchedulerOncePerPaceInterval) {
  // However many requests come between, so that a quota is counted on time and a yield costs
  // next to nothing.
  EXPECT_TRUE(w.pace(t0));
  EXPECT_FALSE(w.pace(t0));
  EXPECT_FALSE(w.pace(t0 + worker::pace_every / 2));
  EXPECT_FALSE(w.pace(t0 + worker::pace_every - std::chrono::microseconds(1)));
  EXPECT_TRUE(w.pace(t0 + worker::pace_every));
  EXPECT_FALSE(w.pace(t0 + worker::pace_every + worker::pace_every / 2));
  EXPECT_TRUE(w.pace(t0 + 5 * worker::pace_every));
}

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

TEST_F(WorkerTest, AConnectionNotYetArmedIsNeverCutOff) {
  // Admission can wait for the other workers (worker::admit), and sweeps run meanwhile.
  connection_guard guard(w, socket);
  w.sweep(t0 + seconds(3600), false);
  EXPECT_FALSE(guard.expired());
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
  const auto evict = [&] { return w.evict_one({}, steady::now(), &newest); };
  ASSERT_TRUE(evict());
  EXPECT_TRUE(silent.evicted() && silent.expired());
  EXPECT_FALSE(idle.expired());
  ASSERT_TRUE(evict());
  EXPECT_TRUE(idle.evicted());
  EXPECT_FALSE(evict()) << "a busy connection and the one being admitted are never evicted";
  EXPECT_FALSE(busy.expired());
  EXPECT_FALSE(newest.expired());
}

TEST_F(WorkerTest, AConnectionThatHasJustStartedWaitingForARequestIsNotEvictedYet) {
  tcp::socket s2{w.context()};
  connection_guard just(w, socket);
  connection_guard newest(w, s2);
  just.reading_head(true);
  just.arm(seconds(15), true, t0);
  EXPECT_FALSE(w.evict_one({}, t0 + std::chrono::milliseconds(100))) << "its request may be on its way";
  EXPECT_TRUE(w.evict_one({}, t0 + worker::head_grace));
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

TEST_F(WorkerTest, ASendRunEndsAtWriteTimeoutPlusItsBytesAtTheMinimumRateHoweverItProgresses) {
  connection_guard guard(w, socket);
  guard.set_min_rate(1000);
  guard.begin_answer(5000, t0);  // 5 s of budget at 1,000 B/s
  guard.stalled(seconds(2), t0 + seconds(1));
  for (int i = 1; i < 7; ++i) {  // progress every second renews the pause...
    guard.unstalled();
    guard.arm(seconds(2), false, t0 + seconds(i));
    guard.stalled(seconds(2), t0 + seconds(i));
    w.sweep(t0 + seconds(i) + std::chrono::milliseconds(500), false);
    EXPECT_FALSE(guard.expired()) << i;
  }
  w.sweep(t0 + seconds(7), false);  // ...but not the run: 2 s + 5,000 B / 1,000 B/s from t0
  EXPECT_TRUE(guard.expired());
  EXPECT_EQ(guard.why(), connection_guard::cut::send_run);
}

TEST_F(WorkerTest, EachPipelinedAnswerAddsItsBytesToTheRunAndAnIdleClientEndsIt) {
  connection_guard guard(w, socket);
  guard.set_min_rate(1000);
  guard.begin_answer(1000, t0);
  guard.stalled(seconds(2), t0);              // run deadline t0 + 3 s
  guard.begin_answer(3000, t0 + seconds(1));  // + 3 s
  guard.arm(seconds(60), false, t0);
  w.sweep(t0 + std::chrono::milliseconds(5999), false);
  EXPECT_FALSE(guard.expired());
  w.sweep(t0 + seconds(6), false);
  EXPECT_EQ(guard.why(), connection_guard::cut::send_run);

  tcp::socket other{w.context()};
  connection_guard next(w, other);
  next.set_min_rate(1000);
  next.begin_answer(1000, t0);
  next.stalled(seconds(2), t0);
  next.end_run();  // the client took everything and went quiet
  next.begin_answer(1000, t0 + seconds(50));
  next.arm(seconds(60), false, t0);
  w.sweep(t0 + seconds(51), false);
  EXPECT_FALSE(next.expired()) << "a new run starts from its own request";
}

TEST_F(WorkerTest, WithoutAMinimumRateOnlyThePauseCounts) {
  connection_guard guard(w, socket);
  guard.set_min_rate(0);
  guard.begin_answer(1'000'000'000, t0);
  guard.stalled(seconds(2), t0);
  w.sweep(t0 + std::chrono::milliseconds(1999), false);
  EXPECT_FALSE(guard.expired());
  w.sweep(t0 + seconds(2), false);
  EXPECT_EQ(guard.why(), connection_guard::cut::deadline) << "write_timeout, not the run";
}

TEST_F(WorkerTest, AStalledAnswerIsEvictableOnlyAfterAMomentAndAfterIdleOnes) {
  tcp::socket s2{w.context()}, s3{w.context()}, s4{w.context()};
  connection_guard stalled_long(w, socket);
  connection_guard idle(w, s2);
  connection_guard stalled_now(w, s3);
  connection_guard newest(w, s4);
  stalled_long.stalled(seconds(30), t0);
  idle.reading_head(false);
  stalled_now.stalled(seconds(30), t0 + seconds(10));
  const auto now = t0 + std::chrono::milliseconds(10'500);
  ASSERT_TRUE(w.evict_one({}, now));
  EXPECT_TRUE(idle.evicted()) << "an idle connection goes before an answer in progress";
  ASSERT_TRUE(w.evict_one({}, now));
  EXPECT_TRUE(stalled_long.evicted()) << "then the answer stalled longest";
  EXPECT_FALSE(w.evict_one({}, now)) << "one stalled for half a second is not taken";
  EXPECT_TRUE(w.evict_one({}, t0 + seconds(11)));
  EXPECT_TRUE(stalled_now.evicted());
  EXPECT_FALSE(newest.expired());
}

TEST_F(WorkerTest, OfTwoIdleConnectionsTheOneIdleLongerGoes) {
  tcp::socket s2{w.context()}, s3{w.context()};
  connection_guard older(w, socket);
  connection_guard younger(w, s2);
  connection_guard newest(w, s3);
  older.reading_head(false);
  younger.reading_head(false);
  younger.arm(seconds(60), true, t0);
  older.arm(seconds(60), true, t0 + seconds(1));  // answered a request since
  const auto now = t0 + seconds(2);
  EXPECT_EQ(w.best_candidate({}, now, &newest).since, t0) << "idle since t0";
  ASSERT_TRUE(w.evict_one({}, now, &newest));
  EXPECT_TRUE(younger.evicted());
  EXPECT_FALSE(older.expired());
}

TEST(EvictionCandidate, ALowerRankGoesFirstThenTheLongerWait) {
  const auto t0 = steady::now();
  const eviction_candidate none;
  const eviction_candidate silent{0, t0 + seconds(5)};
  const eviction_candidate idle{1, t0};
  const eviction_candidate idle_longer{1, t0 - seconds(1)};
  EXPECT_TRUE(silent.before(idle));
  EXPECT_TRUE(idle_longer.before(idle));
  EXPECT_FALSE(idle.before(idle)) << "a tie keeps the one found first";
  EXPECT_TRUE(idle.before(none));
  EXPECT_FALSE(none.before(idle));
}

TEST_F(WorkerTest, EvictionForAnAddressTakesOnlyItsOwnConnections) {
  tcp::socket s2{w.context()}, s3{w.context()};
  connection_guard theirs(w, socket);
  connection_guard mine(w, s2);
  connection_guard newest(w, s3);
  theirs.set_address("10.0.0.1");
  mine.set_address("10.0.0.2");
  theirs.reading_head(true);
  mine.stalled(seconds(30), t0);
  EXPECT_TRUE(w.evict_one("10.0.0.2", t0)) << "for its own address a stalled answer of any age may go";
  EXPECT_TRUE(mine.evicted());
  EXPECT_FALSE(theirs.expired());
  EXPECT_FALSE(w.evict_one("10.0.0.3", t0));
}

}  // namespace
}  // namespace wavesites
