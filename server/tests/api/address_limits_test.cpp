// The per-address limits in both homes: in memory for SQLite, in the database for PostgreSQL
// (skipped without WAVESITES_TEST_PG_URL, which `make test` sets). The same requests get the same
// answers from either, and servers sharing one PostgreSQL share one bucket.
#include "api/address_limits.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "store/scratch_database.hpp"

namespace wavesites {
namespace {

using testing::backend;
using testing::scratch_database;

/// A store of `b` on a database of its own, or null (and `skip`) when there is none here.
struct opened_store {
  std::unique_ptr<scratch_database> scratch;
  std::unique_ptr<store> db;
};
opened_store open_scratch(backend b, std::string& skip) {
  opened_store out;
  out.scratch = scratch_database::create(b, skip);
  if (!out.scratch) return out;
  auto db = open_store(out.scratch->url());
  if (!db) throw std::runtime_error(db.message());
  out.db = std::move(db).value();
  return out;
}

token_wait take(address_limits& limits, limited what, std::string_view client, std::uint32_t per_hour) {
  auto r = limits.take(what, client, per_hour);
  if (!r) throw std::runtime_error(r.message());
  return *r;
}

class address_limits_test : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override {
    std::string skip;
    opened_ = open_scratch(GetParam(), skip);
    if (!opened_.db) GTEST_SKIP() << skip;
    limits_ = limits_for(*opened_.db);
  }
  void TearDown() override {
    limits_.reset();
    opened_.db.reset();
    opened_.scratch.reset();
  }
  opened_store opened_;
  std::unique_ptr<address_limits> limits_;
};

TEST_P(address_limits_test, the_store_decides_where_the_buckets_are) {
  // Only the shared store's takes wait for the database, and so must leave the I/O threads.
  EXPECT_EQ(limits_->blocking(), GetParam() == backend::postgresql);
}

TEST_P(address_limits_test, per_hour_at_once_then_a_retry_after_for_the_next_token) {
  for (int i = 0; i < 3; ++i) EXPECT_EQ(take(*limits_, limited::lead, "192.0.2.1", 3), std::nullopt) << i;
  const auto wait = take(*limits_, limited::lead, "192.0.2.1", 3);
  ASSERT_TRUE(wait);
  EXPECT_GE(wait->count(), 1199);
  EXPECT_LE(wait->count(), 1200);
  EXPECT_EQ(take(*limits_, limited::upload, "192.0.2.1", 3), std::nullopt) << "uploads count apart from leads";
  EXPECT_EQ(take(*limits_, limited::lead, "192.0.2.2", 3), std::nullopt) << "and each address apart";
}

TEST_P(address_limits_test, a_reloaded_rate_applies_at_the_next_take) {
  EXPECT_EQ(take(*limits_, limited::lead, "192.0.2.1", 5), std::nullopt);
  // Four tokens left, cut to the new size of one.
  EXPECT_EQ(take(*limits_, limited::lead, "192.0.2.1", 1), std::nullopt);
  const auto wait = take(*limits_, limited::lead, "192.0.2.1", 1);
  ASSERT_TRUE(wait);
  EXPECT_GE(wait->count(), 3599);
}

INSTANTIATE_TEST_SUITE_P(both, address_limits_test, ::testing::Values(backend::sqlite, backend::postgresql),
                         [](const ::testing::TestParamInfo<backend>& param) {
                           return param.param == backend::sqlite ? "sqlite" : "postgresql";
                         });

TEST(shared_address_limits, two_servers_on_one_database_draw_from_one_bucket) {
  std::string skip;
  auto a = open_scratch(backend::postgresql, skip);
  if (!a.db) GTEST_SKIP() << skip;
  auto b = open_store(a.scratch->url());
  ASSERT_TRUE(b) << b.message();
  auto first = limits_for(*a.db);
  auto second = limits_for(**b);
  EXPECT_EQ(take(*first, limited::lead, "198.51.100.4", 3), std::nullopt);
  EXPECT_EQ(take(*second, limited::lead, "198.51.100.4", 3), std::nullopt);
  EXPECT_EQ(take(*first, limited::lead, "198.51.100.4", 3), std::nullopt);
  EXPECT_TRUE(take(*second, limited::lead, "198.51.100.4", 3)) << "three in all, not three each";
  EXPECT_TRUE(take(*first, limited::lead, "198.51.100.4", 3));
}

TEST(shared_address_limits, takes_clear_out_full_buckets_a_bounded_batch_at_a_time) {
  std::string skip;
  auto s = open_scratch(backend::postgresql, skip);
  if (!s.db) GTEST_SKIP() << skip;
  // Sweeps due at every take, two buckets each, to see them happen.
  auto limits = shared_limits(*s.db, std::chrono::milliseconds(0), 2);
  for (int i = 1; i <= 5; ++i)
    ASSERT_EQ(take(*limits, limited::lead, "192.0.2." + std::to_string(i), 10), std::nullopt);
  s.scratch->query("UPDATE rate_buckets SET updated_at = updated_at - interval '2 hours' RETURNING 1");
  const auto count = [&] { return s.scratch->query("SELECT count(*) FROM rate_buckets")[0][0]; };
  ASSERT_EQ(take(*limits, limited::lead, "192.0.2.9", 10), std::nullopt);
  EXPECT_EQ(count(), "4") << "five old, two forgotten, one new";
  ASSERT_EQ(take(*limits, limited::lead, "192.0.2.9", 10), std::nullopt);
  ASSERT_EQ(take(*limits, limited::lead, "192.0.2.9", 10), std::nullopt);
  EXPECT_EQ(count(), "1") << "only the bucket in use is left";
}

TEST(shared_address_limits, a_database_that_fails_is_an_error_not_a_pass) {
  std::string skip;
  auto s = open_scratch(backend::postgresql, skip);
  if (!s.db) GTEST_SKIP() << skip;
  auto limits = limits_for(*s.db);
  s.scratch->admin_exec("ALTER TABLE " + s.scratch->schema() + ".rate_buckets RENAME TO rate_buckets_away");
  const auto r = limits->take(limited::lead, "192.0.2.1", 5);
  EXPECT_FALSE(r) << "the caller answers 503 rather than letting the request through unchecked";
}

}  // namespace
}  // namespace wavesites
