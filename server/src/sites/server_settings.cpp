#include "sites/server_settings.hpp"

#include <array>

namespace wavesites {
namespace {

constexpr std::string_view origins_prefix = "origins.";
constexpr std::array<std::string_view, 4> fixed_keys{"retention.leads_days", "retention.resumes_days",
                                                     "limits.max_upload_bytes", "limits.max_upload_size"};

/// A count of days, or empty for 0 (kept without end), so that a page can say either with
/// "{{?key}}...{{/key}}{{^key}}...{{/key}}".
std::string days(std::uint32_t n) {
  return n == 0 ? std::string{} : std::to_string(n);
}

}  // namespace

std::string file_size_text(std::uint64_t bytes) {
  constexpr std::uint64_t kib = 1024;
  constexpr std::uint64_t mib = kib * kib;
  const bool big = bytes >= mib;
  const std::uint64_t unit = big ? mib : kib;
  // Tenths, rounded; "10 MB", "2.5 MB", "512 KB".
  const std::uint64_t tenths = (bytes * 10 + unit / 2) / unit;
  std::string out = std::to_string(tenths / 10);
  if (tenths % 10 != 0) out += "." + std::to_string(tenths % 10);
  return out + (big ? " MB" : " KB");
}

bool is_server_setting(std::string_view key) {
  if (key.starts_with(origins_prefix)) return true;
  for (const auto k : fixed_keys) {
    if (k == key) return true;
  }
  return false;
}

std::vector<std::string> server_setting_keys(const std::vector<std::string>& sites) {
  std::vector<std::string> keys(fixed_keys.begin(), fixed_keys.end());
  for (const auto& site : sites) keys.push_back(std::string(origins_prefix) + site);
  return keys;
}

void add_server_settings(const std::vector<std::string>& sites, const config& cfg, setting_values& values) {
  for (const auto& site : sites) values[std::string(origins_prefix) + site] = site_origin(cfg, site);
  values["retention.leads_days"] = days(cfg.retention.leads_days);
  values["retention.resumes_days"] = days(cfg.retention.resumes_days);
  values["limits.max_upload_bytes"] = std::to_string(cfg.limits.max_upload_bytes);
  values["limits.max_upload_size"] = file_size_text(cfg.limits.max_upload_bytes);
}

}  // namespace wavesites
