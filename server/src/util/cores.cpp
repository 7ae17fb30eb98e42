#include "util/cores.hpp"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace wavesites {

namespace cores_detail {

namespace {

/// A file's whole text, empty when it cannot be read.
std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::optional<long long> whole(std::string_view s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
  long long v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto at = s.find(sep);
    out.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + 1);
  }
}

/// mountinfo writes a space, tab, newline or backslash in a path as a three-digit octal escape.
std::string unescape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size()) {
      const auto d = s.substr(i + 1, 3);
      if (std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '7'; })) {
        out += static_cast<char>((d[0] - '0') * 64 + (d[1] - '0') * 8 + (d[2] - '0'));
        i += 3;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

bool has_token(std::string_view list, std::string_view token) {
  const auto parts = split(list, ',');
  return std::find(parts.begin(), parts.end(), token) != parts.end();
}

/// The folder of `path` (a cgroup, as /proc/self/cgroup names it) under a mount of `root` at
/// `mount_point`; none when the cgroup lies outside what the mount shows.
std::optional<std::string> under_mount(std::string_view mount_point, std::string_view root, std::string_view path) {
  if (root == "/") return std::string(mount_point) + (path == "/" ? "" : std::string(path));
  if (path.substr(0, root.size()) != root) return std::nullopt;
  const auto rest = path.substr(root.size());
  if (!rest.empty() && rest.front() != '/') return std::nullopt;
  return std::string(mount_point) + std::string(rest);
}

}  // namespace

std::optional<double> quota_v1(std::string_view quota_us, std::string_view period_us) {
  const auto quota = whole(quota_us);
  const auto period = whole(period_us);
  if (!quota || !period || *quota <= 0 || *period <= 0) return std::nullopt;
  return static_cast<double>(*quota) / static_cast<double>(*period);
}

std::optional<double> quota_v2(std::string_view cpu_max) {
  // The same two numbers on one line; "max" for none is not a number, so it reads as none.
  const auto parts = split(cpu_max, ' ');
  if (parts.size() != 2) return std::nullopt;
  return quota_v1(parts[0], parts[1]);
}

std::optional<cpu_cgroup> find_cpu_cgroup(std::string_view proc_cgroup, std::string_view mountinfo) {
  std::optional<std::string_view> v1_path;
  std::optional<std::string_view> v2_path;
  for (const auto line : split(proc_cgroup, '\n')) {
    const auto fields = split(line, ':');
    if (fields.size() < 3) continue;
    // The path may itself hold a ':'; it is everything after the second one.
    const auto path = line.substr(fields[0].size() + fields[1].size() + 2);
    if (fields[0] == "0" && fields[1].empty()) {
      v2_path = path;
    } else if (has_token(fields[1], "cpu")) {
      v1_path = path;
    }
  }
  std::optional<cpu_cgroup> v2;
  for (const auto line : split(mountinfo, '\n')) {
    const auto dash = line.find(" - ");
    if (dash == std::string_view::npos) continue;
    const auto before = split(line.substr(0, dash), ' ');
    const auto after = split(line.substr(dash + 3), ' ');
    if (before.size() < 5 || after.size() < 3) continue;
    const auto root = unescape(before[3]);
    const auto mount_point = unescape(before[4]);
    if (after[0] == "cgroup" && v1_path && has_token(after[2], "cpu")) {
      if (auto dir = under_mount(mount_point, root, *v1_path)) return cpu_cgroup{*dir, mount_point, false};
    } else if (after[0] == "cgroup2" && v2_path && !v2) {
      if (auto dir = under_mount(mount_point, root, *v2_path)) v2 = cpu_cgroup{*dir, mount_point, true};
    }
  }
  return v2;
}

unsigned cores_for(unsigned affinity, std::optional<double> quota) {
  unsigned n = std::max(1u, affinity);
  if (quota && *quota > 0) n = std::min(n, static_cast<unsigned>(std::max(1.0, std::ceil(*quota - 1e-9))));
  return n;
}

std::optional<double> tightest_quota(const cpu_cgroup& c) {
  std::optional<double> best;
  // c.dir lies under c.root, so each step up ends at a '/' no earlier than the root's end.
  for (std::string dir = c.dir;; dir.resize(dir.rfind('/'))) {
    const auto q = c.v2 ? quota_v2(slurp(dir + "/cpu.max"))
                        : quota_v1(slurp(dir + "/cpu.cfs_quota_us"), slurp(dir + "/cpu.cfs_period_us"));
    if (q && (!best || *q < *best)) best = q;
    if (dir.size() <= c.root.size()) return best;
  }
}

}  // namespace cores_detail

unsigned usable_cores() {
  unsigned affinity = std::thread::hardware_concurrency();
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) affinity = static_cast<unsigned>(CPU_COUNT(&set));
  std::optional<double> quota;
  if (const auto c = cores_detail::find_cpu_cgroup(cores_detail::slurp("/proc/self/cgroup"),
                                                   cores_detail::slurp("/proc/self/mountinfo"))) {
    quota = cores_detail::tightest_quota(*c);
  }
  return cores_detail::cores_for(affinity, quota);
}

}  // namespace wavesites
