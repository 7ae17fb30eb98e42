#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "util/ids.hpp"

namespace wavesites {
namespace {

TEST(Ids, UlidsAreUniqueSortableAndWellFormed) {
  std::string prev;
  for (int i = 0; i < 1000; ++i) {
    const auto id = new_ulid();
    ASSERT_EQ(id.size(), 26u);
    EXPECT_EQ(id.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), std::string::npos);
    EXPECT_GT(id, prev) << "strictly increasing, even within one millisecond";
    prev = id;
  }
  const auto t = utc_now_iso();
  EXPECT_EQ(t.size(), 24u);
  EXPECT_EQ(t.back(), 'Z');
  EXPECT_EQ(random_hex128().size(), 32u);
}

TEST(Ids, UlidsFromManyThreadsAreUnique) {
  std::vector<std::vector<std::string>> made(4);
  std::vector<std::thread> threads;
  for (auto& out : made) {
    threads.emplace_back([&out] {
      for (int i = 0; i < 5000; ++i) out.push_back(new_ulid());
    });
  }
  for (auto& t : threads) t.join();
  std::set<std::string> all;
  for (const auto& out : made) {
    EXPECT_TRUE(std::is_sorted(out.begin(), out.end()));
    all.insert(out.begin(), out.end());
  }
  EXPECT_EQ(all.size(), 20000u);
}

}  // namespace
}  // namespace wavesites
