#include "sites/body_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

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

TEST(BodyFile, LargeBodiesAreInTheFileEachFromAPageBoundary) {
  const auto page = static_cast<std::int64_t>(::sysconf(_SC_PAGESIZE));
  std::deque<resource> resources;
  resources.push_back(with_body(std::string(20000, 'a')));
  resources.push_back(with_body("small"));
  resources.push_back(with_body(std::string(17000, 'b') + "end"));
  resources.push_back(with_body(std::string(page * 5, 'c')));
  body_file file;
  file.place(resources, 16 * 1024);

  EXPECT_EQ(resources[1].reps[0].body_fd, -1);  // under the threshold: sent from memory
  for (const std::size_t i : {0U, 2U, 3U}) {
    const auto& rep = resources[i].reps[0];
    ASSERT_GE(rep.body_fd, 0) << i;
    EXPECT_EQ(rep.body_offset % page, 0) << i;
    EXPECT_EQ(read_back(rep), rep.body) << i;
  }
  // One page more than the body needs would be one more page reference on every send.
  EXPECT_EQ(resources[2].reps[0].body_offset, (20000 + page - 1) / page * page);
}

}  // namespace
}  // namespace wavesites
