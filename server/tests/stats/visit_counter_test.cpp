// The counts in memory and their flush: exact sums, one visitor per hash and day, salts that
// turn at midnight (an injected clock) and go once two days old, nothing lost on a failed write.
#include <gtest/gtest.h>

#include <map>

#include "stats/visit_counter.hpp"
#include "store/scratch_database.hpp"

namespace wavesites {
namespace {

using namespace std::chrono;

struct VisitCounterTest : ::testing::Test {
  std::string skip;
  std::unique_ptr<testing::scratch_database> scratch =
      testing::scratch_database::create(testing::backend::sqlite, skip);
  std::unique_ptr<store> db = open_store(scratch->url()).value();
  system_clock::time_point now = sys_days{year{2026} / 11 / 26} + hours(23) + minutes(59);
  visit_counter counter{*db, {.interval = hours(1), .max_names = 1000, .now = [this] { return now; }}};

  page_view view(std::string_view path, std::string_view address, std::string_view ua = "UA/1") {
    return {.site = "tts1",
            .path = path,
            .lang = "",
            .referrer = "direct",
            .source = "",
            .medium = "",
            .campaign = "",
            .device = "desktop",
            .address = address,
            .user_agent = ua};
  }

  std::map<std::string, std::uint64_t> counts(const std::string& day) {
    std::map<std::string, std::uint64_t> out;
    auto stats = db->read_stats(day, day);  // named: value() refers into it
    for (const auto& c : stats.value()) out[c.dimension + ":" + c.name] = c.n;
    return out;
  }
};

TEST_F(VisitCounterTest, AFlushWritesTheSumsOfEveryDimension) {
  ASSERT_TRUE(counter.flush());  // loads today's and tomorrow's salts
  auto v = view("/article-detail/3", "198.51.100.1");
  v.referrer = "https://news.example";
  v.source = "newsletter";
  v.campaign = "spring";
  v.device = "mobile";
  counter.count(v);
  counter.count(v);
  counter.count(view("/", "198.51.100.2"));
  ASSERT_TRUE(counter.flush());
  counter.count(view("/", "198.51.100.2"));  // the same visitor, after a flush: still one
  ASSERT_TRUE(counter.flush());
  const auto c = counts("2026-11-26");
  EXPECT_EQ(c.at("views:"), 4u);
  EXPECT_EQ(c.at("visitors:"), 2u);
  EXPECT_EQ(c.at("page:/article-detail/3"), 2u);
  EXPECT_EQ(c.at("page:/"), 2u);
  EXPECT_EQ(c.at("referrer:https://news.example"), 2u);
  EXPECT_EQ(c.at("referrer:direct"), 2u);
  EXPECT_EQ(c.at("source:newsletter"), 2u);
  EXPECT_EQ(c.at("source:"), 2u);
  EXPECT_EQ(c.at("campaign:spring"), 2u);
  EXPECT_EQ(c.at("device:mobile"), 2u);
  EXPECT_EQ(c.at("device:desktop"), 2u);
  EXPECT_FALSE(c.contains("lang:"));
}

TEST_F(VisitCounterTest, AtMidnightTheSaltTurnsAndTwoDaysLaterItAndTheHashesGo) {
  ASSERT_TRUE(counter.flush());
  counter.count(view("/", "198.51.100.1"));
  now += minutes(2);  // 00:01 on the 27th: the same person is a new visitor of a new day
  counter.count(view("/", "198.51.100.1"));
  counter.count(view("/", "198.51.100.1"));
  ASSERT_TRUE(counter.flush());
  EXPECT_EQ(counts("2026-11-26").at("visitors:"), 1u);
  EXPECT_EQ(counts("2026-11-27").at("visitors:"), 1u);
  EXPECT_EQ(counts("2026-11-27").at("views:"), 2u);
  // The two days' salts differ: the hashes of one person on two days cannot be matched.
  const auto salt26 = db->stats_salt("2026-11-26", std::string(64, '0')).value();
  const auto salt27 = db->stats_salt("2026-11-27", std::string(64, '0')).value();
  EXPECT_NE(salt26, salt27);
  EXPECT_NE(salt26, std::string(64, '0')) << "the salt made at the first flush stays";

  now += hours(24);  // the 28th: the 26th is two days old
  ASSERT_TRUE(counter.flush());
  EXPECT_EQ(db->stats_salt("2026-11-26", std::string(64, 'a')).value(), std::string(64, 'a'))
      << "the 26th's salt was deleted (a new one is offered and taken)";
  EXPECT_EQ(db->stats_salt("2026-11-27", std::string(64, 'a')).value(), salt27) << "yesterday's stays";
  // Its count stays: only the hashes went.
  EXPECT_EQ(counts("2026-11-26").at("visitors:"), 1u);
}

TEST_F(VisitCounterTest, ViewsOfADayWithoutASaltAreCountedWithoutTheirVisitor) {
  counter.count(view("/", "198.51.100.1"));  // no flush yet: no salt loaded
  ASSERT_TRUE(counter.flush());
  const auto c = counts("2026-11-26");
  EXPECT_EQ(c.at("views:"), 1u);
  EXPECT_FALSE(c.contains("visitors:"));
}

TEST_F(VisitCounterTest, AFloodOfMadeUpReferrersEndsUnderOther) {
  visit_counter small{*db, {.interval = hours(1), .max_names = 2, .now = [this] { return now; }}};
  std::vector<std::string> origins;
  for (int i = 0; i < 20; ++i) origins.push_back("https://spam-" + std::to_string(i) + ".example");
  for (int i = 0; i < 20; ++i) {
    auto v = view("/page-" + std::to_string(i % 2), "198.51.100.1");
    v.referrer = origins[static_cast<std::size_t>(i)];
    v.campaign = origins[static_cast<std::size_t>(i)];
    small.count(v);
  }
  ASSERT_TRUE(small.flush());
  const auto c = counts("2026-11-26");
  EXPECT_EQ(c.at("views:"), 20u);
  EXPECT_EQ(c.at("referrer:(other)"), 18u) << "two kinds of view held, the rest under (other)";
  EXPECT_EQ(c.at("campaign:(other)"), 18u);
  // The page is the site's own: it is kept whatever the referrer.
  EXPECT_EQ(c.at("page:/page-0"), 10u);
  EXPECT_EQ(c.at("page:/page-1"), 10u);
}

TEST_F(VisitCounterTest, PastTheVisitorCapViewsCountWithoutTheirVisitor) {
  visit_counter small{*db, {.interval = hours(1), .max_names = 1000, .max_visitors = 3, .now = [this] { return now; }}};
  ASSERT_TRUE(small.flush());
  for (int i = 0; i < 10; ++i) small.count(view("/", "198.51.100.1", "UA/" + std::to_string(i)));
  small.count(view("/", "198.51.100.1", "UA/0"));  // one already held: still one visitor
  ASSERT_TRUE(small.flush());
  const auto c = counts("2026-11-26");
  EXPECT_EQ(c.at("views:"), 11u);
  EXPECT_EQ(c.at("visitors:"), 3u);
}

TEST_F(VisitCounterTest, StopWritesWhatIsLeft) {
  ASSERT_TRUE(counter.flush());
  counter.start();
  counter.count(view("/", "198.51.100.1"));
  counter.stop();
  EXPECT_EQ(counts("2026-11-26").at("views:"), 1u);
}

}  // namespace
}  // namespace wavesites
