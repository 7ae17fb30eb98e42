#include <gtest/gtest.h>

#include "sites/host_router.hpp"
#include "test_support.hpp"

namespace wavesites {
namespace {

using namespace wavesites::testing;

TEST(HostRouter, ConfiguredHostsGetTheirVariantWhateverCasePortOrDot) {
  const auto cfg = fixture_config();
  const auto cat = fixture_catalog(cfg);
  const auto router = host_router::make(cfg, *cat);
  ASSERT_TRUE(router.ok()) << router.message();
  for (const char* h : {"blog.test", "BLOG.TEST", "blog.test:8080", "blog.test.", "Blog.Test.:80", "blog-two.test",
                        "BLOG-TWO.test:1"}) {
    EXPECT_EQ(router->pick(h).name, "blog") << h;
  }
  EXPECT_EQ(router->pick("shop.test").name, "shop");
  EXPECT_EQ(router->pick("landing.test:443").name, "landing");
}

TEST(HostRouter, EveryOtherHostGetsTheTestSet) {
  const auto cfg = fixture_config();
  const auto cat = fixture_catalog(cfg);
  const auto router = host_router::make(cfg, *cat);
  ASSERT_TRUE(router.ok());
  for (const char* h : {"", "127.0.0.1:8080", "localhost", "blog.test.evil", "xblog.test", "[::1]:8080", "shop"}) {
    EXPECT_EQ(router->pick(h).name, "prefixed") << h;
  }
}

TEST(HostRouter, ASiteTheBuildDoesNotHaveIsAConfigError) {
  auto cfg = parse_config("[hosts]\nblgo = [\"x.test\"]\n", "t.toml");
  ASSERT_TRUE(cfg.ok());
  const auto cat = fixture_catalog(*cfg);
  const auto router = host_router::make(*cfg, *cat);
  ASSERT_FALSE(router.ok());
  EXPECT_NE(router.message().find("blgo"), std::string::npos);
}

}  // namespace
}  // namespace wavesites
