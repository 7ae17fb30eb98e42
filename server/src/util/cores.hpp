#pragma once
/// How many cores this process can keep busy, for "one thread per core".
///
/// std::thread::hardware_concurrency() counts the machine's CPUs, not the ones this process may
/// use: started under `taskset -c 0`, or in a container capped at a fraction of a core, a thread
/// per machine CPU puts several busy threads on one core's time, which then take turns on it.
/// Measured here, two I/O threads on one core capped at 35% answered no more than one did, with
/// the 99th percentile latency at 512 connections 34-36 ms instead of 20-28. So the count is the
/// CPUs in the affinity mask, lowered to the cgroup's CPU quota (cgroup v1 cpu.cfs_quota_us /
/// cpu.cfs_period_us, or v2 cpu.max), rounded up, the tightest of the process's cgroup and its
/// ancestors; as Go's runtime and the JVM size themselves in containers.
#include <optional>
#include <string>
#include <string_view>

namespace wavesites {

/// The cores this process can use: at least 1.
[[nodiscard]] unsigned usable_cores();

/// The parts of usable_cores(), apart for the tests.
namespace cores_detail {

/// A quota in cores from cgroup v2's cpu.max ("35000 100000"), none for "max" or unreadable text.
[[nodiscard]] std::optional<double> quota_v2(std::string_view cpu_max);
/// A quota in cores from cgroup v1's cpu.cfs_quota_us and cpu.cfs_period_us (-1: none).
[[nodiscard]] std::optional<double> quota_v1(std::string_view quota_us, std::string_view period_us);

/// Where the process's CPU controller is: the folder of its own cgroup and the folder of the
/// hierarchy's root, which bounds the walk up; and which version.
struct cpu_cgroup {
  std::string dir;
  std::string root;
  bool v2 = false;
};
/// Finds it from /proc/self/cgroup's and /proc/self/mountinfo's text: a v1 hierarchy with the
/// cpu controller first, else the v2 one. None when neither is mounted or the process's
/// cgroup lies outside the mount (another namespace's view).
[[nodiscard]] std::optional<cpu_cgroup> find_cpu_cgroup(std::string_view proc_cgroup, std::string_view mountinfo);

/// The tightest quota of `c`'s cgroup and of its ancestors up to the hierarchy's root; none when
/// no level sets one.
[[nodiscard]] std::optional<double> tightest_quota(const cpu_cgroup& c);

/// `affinity` CPUs lowered to `quota` cores rounded up, at least 1.
[[nodiscard]] unsigned cores_for(unsigned affinity, std::optional<double> quota);

}  // namespace cores_detail

}  // namespace wavesites
