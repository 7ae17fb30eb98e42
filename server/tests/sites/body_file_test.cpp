#include "sites/body_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <deque>
#include <string>

namespace wavesites {
namespace {

resource with_body(std::string body) {
  resource res;
  res.reps[0].present = true;
  res.reps[0].body = std::move(body);
  return res;
}

std::string read_back(const representation& rep) {
  std::string out(rep.body.size(), '\0');
  const auto n = ::pread(rep.body_fd, out.data(), out.size(), static_cast<off_t>(rep.body_offset));
  out.resize(n < 0 ? 0 : static_cast<std::size_t>(n));
  return out;
}

TEST(BodyFile, LargeBodiesAreInTheFileEachInASlotOfItsOwnSize) {
  // Each body starts at a multiple of the power of two that holds it, so the single write of the
  // file leaves it in one large page-cache folio, and a sendfile of it takes pages of one folio.
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::deque<resource> resources;
  resources.push_back(with_body(std::string(20000, 'a')));
  resources.push_back(with_body("small"));
  resources.push_back(with_body(std::string(17000, 'b') + "end"));
  resources.push_back(with_body(std::string(page * 20, 'c')));
  resources.push_back(with_body(std::string(40000, 'd')));
  body_file file;
  file.place(resources, 16 * 1024);

  EXPECT_EQ(resources[1].reps[0].body_fd, -1);  // under the threshold: sent from memory
  for (const std::size_t i : {0U, 2U, 3U, 4U}) {
    const auto& rep = resources[i].reps[0];
    ASSERT_GE(rep.body_fd, 0) << i;
    const auto slot = std::max(std::bit_ceil(rep.body.size()), page);
    EXPECT_EQ(static_cast<std::size_t>(rep.body_offset) % slot, 0U) << i;
    EXPECT_EQ(read_back(rep), rep.body) << i;
  }
  // Biggest slot first, then in order: no gap between slots, none shared.
  const auto at = [&](std::size_t i) { return static_cast<std::size_t>(resources[i].reps[0].body_offset); };
  const auto big = std::bit_ceil(page * 20);
  EXPECT_EQ(at(3), 0U);
  EXPECT_EQ(at(4), big);
  EXPECT_EQ(at(0), big + 65536);
  EXPECT_EQ(at(2), big + 65536 + 32768);
}

}  // namespace
}  // namespace wavesites
