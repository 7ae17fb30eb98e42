#include <gtest/gtest.h>

#include "util/ids.hpp"

namespace wavesites {
namespace {

TEST(Ids, UlidsAreUniqueSortableAndWellFormed) {
  std::string prev;
  for (int i = 0; i < 1000; ++i) {
    const auto id = new_ulid();
    ASSERT_EQ(id.size(), 26u);
    EXPECT_EQ(id.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), std::string::npos);
    EXPECT_NE(id, prev);
    EXPECT_GE(id.substr(0, 10), prev.substr(0, 10));
    prev = id;
  }
  const auto t = utc_now_iso();
  EXPECT_EQ(t.size(), 24u);
  EXPECT_EQ(t.back(), 'Z');
  EXPECT_EQ(random_hex128().size(), 32u);
}

}  // namespace
}  // namespace wavesites
