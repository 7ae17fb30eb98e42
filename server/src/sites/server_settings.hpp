#pragma once
/// Settings the server provides itself, from its own config, for pages to show like any other
/// setting (tokens filled in at start and on every reload). The web bundle uses them but never
/// declares them, and may not declare a key of theirs.
///   origins.<site>           each site's public origin (empty for a site with no host)
///   retention.leads_days     [retention]: the days a lead is kept, empty when kept without end
///   retention.resumes_days   the same for a resume
///   limits.max_upload_bytes  [limits]: the largest resume the server takes, in bytes
///   limits.max_upload_size   the same for people: "10 MB" (units of 1,024 bytes, as file managers)
#include <string>
#include <string_view>
#include <vector>

#include "config/config.hpp"
#include "sites/settings.hpp"

namespace wavesites {

/// `bytes` as people read a file's size: "10 MB", "2.5 MB", "512 KB".
[[nodiscard]] std::string file_size_text(std::uint64_t bytes);

/// Whether `key` is one of the server's own settings (or would be: any origins.* key).
[[nodiscard]] bool is_server_setting(std::string_view key);

/// The server's own settings for a bundle whose sites (route sets but "prefixed") are `sites`.
[[nodiscard]] std::vector<std::string> server_setting_keys(const std::vector<std::string>& sites);

/// Adds every server setting's value under `cfg` to `values`.
void add_server_settings(const std::vector<std::string>& sites, const config& cfg, setting_values& values);

}  // namespace wavesites
