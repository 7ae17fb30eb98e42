#include <gtest/gtest.h>

#include "util/compress.hpp"

namespace wavesites {
namespace {

TEST(Compress, RoundTripSizes) {
  const std::string text(5000, 'a');
  EXPECT_LT(gzip_compress(text).size(), 200u);
  EXPECT_LT(brotli_compress(text).size(), 100u);
}

}  // namespace
}  // namespace wavesites
