#include <gtest/gtest.h>

#include <sched.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "util/cores.hpp"

namespace wavesites {
namespace {

using namespace cores_detail;
namespace fs = std::filesystem;

TEST(Cores, QuotasReadAsFractionsOfACore) {
  EXPECT_DOUBLE_EQ(*quota_v2("35000 100000\n"), 0.35);
  EXPECT_DOUBLE_EQ(*quota_v2("200000 100000"), 2.0);
  EXPECT_FALSE(quota_v2("max 100000\n"));
  EXPECT_FALSE(quota_v2(""));
  EXPECT_FALSE(quota_v2("35000"));
  EXPECT_FALSE(quota_v2("0 100000"));

  EXPECT_DOUBLE_EQ(*quota_v1("3500\n", "10000\n"), 0.35);
  EXPECT_FALSE(quota_v1("-1\n", "100000\n"));
  EXPECT_FALSE(quota_v1("", ""));
  EXPECT_FALSE(quota_v1("3500", "0"));
}

TEST(Cores, TheQuotaLowersTheAffinityRoundedUp) {
  EXPECT_EQ(cores_for(2, std::nullopt), 2u);
  EXPECT_EQ(cores_for(2, 0.35), 1u);
  EXPECT_EQ(cores_for(4, 1.5), 2u);
  EXPECT_EQ(cores_for(8, 2.0), 2u);
  EXPECT_EQ(cores_for(2, 8.0), 2u);
  EXPECT_EQ(cores_for(0, std::nullopt), 1u);
}

TEST(Cores, FindsTheCpuControllerOfAHybridHierarchy) {
  // This machine's layout: cgroup v1 controllers, one per mount, and an empty v2 beside them.
  const auto proc = "4:memory:/sessions/7\n2:cpuacct:/bench/ws\n1:cpu:/bench/ws\n0::/\n";
  const auto mounts =
      "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
      "33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n"
      "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
  const auto c = find_cpu_cgroup(proc, mounts);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->dir, "/sys/fs/cgroup/cpu/bench/ws");
  EXPECT_EQ(c->root, "/sys/fs/cgroup/cpu");
  EXPECT_FALSE(c->v2);
}

TEST(Cores, FindsAJoinedV1ControllerAndAContainersView) {
  // cpu and cpuacct on one mount whose root is the container's own cgroup.
  const auto c =
      find_cpu_cgroup("3:cpu,cpuacct:/docker/abc\n",
                      "30 25 0:27 /docker/abc /sys/fs/cgroup/cpu,cpuacct ro - cgroup cgroup rw,cpu,cpuacct\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->dir, "/sys/fs/cgroup/cpu,cpuacct");
  // A cgroup outside the mount's root is another namespace's: not ours to read.
  EXPECT_FALSE(
      find_cpu_cgroup("3:cpu:/elsewhere\n", "30 25 0:27 /docker/abc /sys/fs/cgroup/cpu ro - cgroup cgroup rw,cpu\n"));
  // cpuset is not cpu.
  EXPECT_FALSE(find_cpu_cgroup("3:cpuset:/\n", "30 25 0:27 / /sys/fs/cgroup/cpuset rw - cgroup cgroup rw,cpuset\n"));
}

TEST(Cores, FindsTheUnifiedHierarchy) {
  const auto c = find_cpu_cgroup("0::/system.slice/wavesites.service\n",
                                 "25 20 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->dir, "/sys/fs/cgroup/system.slice/wavesites.service");
  EXPECT_TRUE(c->v2);
  // mountinfo escapes a space in a mount point as \040.
  const auto spaced = find_cpu_cgroup("0::/a\n", "25 20 0:22 / /mnt/cg\\040two rw - cgroup2 cgroup2 rw\n");
  ASSERT_TRUE(spaced);
  EXPECT_EQ(spaced->dir, "/mnt/cg two/a");
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

TEST(Cores, TheTightestQuotaOnTheWayUpCounts) {
  const auto root = fs::temp_directory_path() / ("wavesites-cores-" + std::to_string(::getpid()));
  fs::remove_all(root);
  write(root / "cpu.max", "max 100000\n");
  write(root / "outer" / "cpu.max", "150000 100000\n");
  write(root / "outer" / "inner" / "cpu.max", "max 100000\n");
  EXPECT_DOUBLE_EQ(*tightest_quota({(root / "outer" / "inner").string(), root.string(), true}), 1.5);
  write(root / "outer" / "inner" / "cpu.max", "50000 100000\n");
  EXPECT_DOUBLE_EQ(*tightest_quota({(root / "outer" / "inner").string(), root.string(), true}), 0.5);
  write(root / "outer" / "cpu.max", "max 100000\n");
  write(root / "outer" / "inner" / "cpu.max", "max 100000\n");
  EXPECT_FALSE(tightest_quota({(root / "outer" / "inner").string(), root.string(), true}));
  // v1 spells it in two files.
  write(root / "v1" / "cpu.cfs_quota_us", "3500\n");
  write(root / "v1" / "cpu.cfs_period_us", "10000\n");
  EXPECT_DOUBLE_EQ(*tightest_quota({(root / "v1").string(), root.string(), false}), 0.35);
  fs::remove_all(root);
}

TEST(Cores, AThreadBoundToOneCpuCountsOne) {
  unsigned seen = 0;
  std::thread t([&] {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    ASSERT_EQ(::sched_setaffinity(0, sizeof one, &one), 0);
    seen = usable_cores();
  });
  t.join();
  EXPECT_EQ(seen, 1u);
  EXPECT_GE(usable_cores(), 1u);
}

}  // namespace
}  // namespace wavesites
